import { CloseOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState, useSyncExternalStore } from 'react';
import { SITE_NAME } from '../../components/document-meta';
import { readItem, writeItem } from './browser-storage';
import { installAvailability } from './install-availability';
import './site.css';

/** sessionStorage: a dismissal lasts for the browser session (spec, section 4). */
export const INSTALL_DISMISSED_KEY = 'wildframe.installPromptDismissed';

/**
 * "Install Wildframe": shown only while the browser offers installation, the app is not installed
 * and the visitor has not dismissed it this session.
 */
export function InstallPrompt() {
  const { canInstall } = useSyncExternalStore(
    installAvailability.subscribe,
    installAvailability.getSnapshot,
    installAvailability.getServerSnapshot,
  );
  const [dismissed, setDismissed] = useState(() => readItem('session', INSTALL_DISMISSED_KEY) === 'true');
  if (!canInstall || dismissed) return null;

  const dismiss = () => {
    writeItem('session', INSTALL_DISMISSED_KEY, 'true');
    setDismissed(true);
  };

  return (
    <section className="install-prompt" aria-labelledby="install-prompt-title" data-testid="install-prompt">
      <div className="install-prompt__inner">
        <DownloadOutlined className="install-prompt__icon" aria-hidden="true" />
        <p className="install-prompt__text">
          <strong id="install-prompt-title">Install {SITE_NAME}</strong>
          <span className="install-prompt__hint"> Open your photos and feedback from your home screen, like any app.</span>
        </p>
        <Button type="primary" size="small" onClick={() => void installAvailability.install()}>
          Install App
        </Button>
        <Button
          type="text"
          size="small"
          className="install-prompt__close"
          icon={<CloseOutlined />}
          aria-label="Dismiss install prompt"
          onClick={dismiss}
        />
      </div>
    </section>
  );
}
