import { Button, Modal } from 'antd';
import { useState } from 'react';
import type { CookiePreferences } from './cookie-consent';
import { CookieToggles } from './cookie-toggles';
import { consentActions } from './use-cookie-consent';

interface CookieSettingsDialogProps {
  open: boolean;
  initial: CookiePreferences;
  onClose: () => void;
  /** After a choice was stored. */
  onDone: () => void;
}

/** "Customize Settings" from the cookie banner: four toggles, Save Preferences, Accept All. */
export function CookieSettingsDialog({ open, initial, onClose, onDone }: CookieSettingsDialogProps) {
  const [draft, setDraft] = useState<CookiePreferences>(initial);
  return (
    <Modal
      open={open}
      title="Cookie Settings"
      onCancel={onClose}
      afterOpenChange={(isOpen) => {
        if (!isOpen) setDraft(initial);
      }}
      destroyOnHidden
      width={560}
      footer={
        <div className="cookie-dialog__actions">
          <Button
            onClick={() => {
              consentActions.acceptAll();
              onDone();
            }}
          >
            Accept All
          </Button>
          <Button
            type="primary"
            onClick={() => {
              consentActions.save(draft);
              onDone();
            }}
          >
            Save Preferences
          </Button>
        </div>
      }
    >
      <p className="cookie-dialog__intro">
        Choose which cookies Wildframe may use. You can change this at any time on the Cookie Preferences page.
      </p>
      <CookieToggles
        layout="compact"
        value={draft}
        onChange={(category, enabled) => setDraft((previous) => ({ ...previous, [category]: enabled }))}
      />
    </Modal>
  );
}
