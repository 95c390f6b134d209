import { BulbOutlined, CloseOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useGetCurrentUserQuery } from '../../api/api';
import { errorStatus } from '../../api/server-message';
import { notify, NOTICES } from '../../app/notify';
import { LinkButton } from '../../components/link-button';
import { useGetEditingSuggestionsMutation } from './api';
import { tipSteps } from './tip-steps';
import type { EditingPlatform } from './types';

export const EDITING_PLATFORMS: ReadonlyArray<{ id: EditingPlatform; label: string }> = [
  { id: 'lightroom', label: 'Lightroom' },
  { id: 'google-photos', label: 'Google Photos' },
  { id: 'apple-photos', label: 'Apple Photos' },
];

type TipsState =
  | { kind: 'closed' }
  | { kind: 'tips'; platform: EditingPlatform; steps: string[] }
  | { kind: 'upgrade' };

interface EditingTipsProps {
  photoId: string;
  headingLevel?: 2 | 3;
  tone?: 'light' | 'dark';
}

/**
 * AI editing tips for the photo, per editing app. The panel opens with the answer and closes with
 * 'Close Tips'. Tips belong to the Enthusiast and Professional plans: others get an upgrade prompt
 * (to /subscription when signed in, /pricing otherwise).
 */
export function EditingTips({ photoId, headingLevel = 2, tone = 'light' }: EditingTipsProps) {
  const Heading = `h${headingLevel}` as const;
  const { data: user } = useGetCurrentUserQuery();
  const [getSuggestions, { isLoading, originalArgs }] = useGetEditingSuggestionsMutation();
  const [state, setState] = useState<TipsState>({ kind: 'closed' });

  // Plans without tips get the prompt straight away: asking would only earn a 401/403.
  const hasTips = user?.plan === 'enthusiast' || user?.plan === 'professional';

  const ask = async (platform: EditingPlatform) => {
    if (!hasTips) {
      setState({ kind: 'upgrade' });
      return;
    }
    try {
      const { suggestions } = await getSuggestions({ id: photoId, platform }).unwrap();
      setState({ kind: 'tips', platform, steps: tipSteps(suggestions) });
    } catch (error) {
      const status = errorStatus(error);
      if (status === 401 || status === 403) {
        setState({ kind: 'upgrade' });
        return;
      }
      notify.error(NOTICES.error, NOTICES.editingSuggestionsFailedDescription);
    }
  };

  const platformLabel = (id: EditingPlatform) => EDITING_PLATFORMS.find((p) => p.id === id)?.label ?? id;

  return (
    <section className={`editing-tips editing-tips--${tone}`} aria-label="AI Editing Tips">
      <Heading className="editing-tips__title">
        <BulbOutlined aria-hidden="true" /> AI Editing Tips
      </Heading>
      <p className="editing-tips__lead">Step-by-step suggestions for this photo in your editing app.</p>
      <div className="editing-tips__buttons">
        {EDITING_PLATFORMS.map((platform) => (
          <Button
            key={platform.id}
            onClick={() => void ask(platform.id)}
            loading={isLoading && originalArgs?.platform === platform.id}
            disabled={isLoading && originalArgs?.platform !== platform.id}
          >
            {platform.label}
          </Button>
        ))}
      </div>
      {state.kind === 'upgrade' && (
        <Alert
          className="editing-tips__panel"
          type="info"
          showIcon
          title="Editing tips are part of the Enthusiast and Professional plans"
          description={
            <div className="editing-tips__upgrade">
              <p>Upgrade to get step-by-step editing suggestions for Lightroom, Google Photos and Apple Photos.</p>
              <LinkButton to={user ? '/subscription' : '/pricing'} type="primary" size="small">
                {user ? 'Upgrade Plan' : 'View Plans'}
              </LinkButton>
            </div>
          }
          closable
          onClose={() => setState({ kind: 'closed' })}
        />
      )}
      {state.kind === 'tips' && (
        <div className="editing-tips__panel editing-tips__panel--tips" data-testid="editing-tips-panel">
          <p className="editing-tips__platform">{platformLabel(state.platform)}</p>
          {state.steps.length > 0 ? (
            <ol className="editing-tips__steps">
              {state.steps.map((step, index) => (
                <li key={`${index}-${step}`}>{step}</li>
              ))}
            </ol>
          ) : (
            <p>No suggestions for this photo: it needs no edits in {platformLabel(state.platform)}.</p>
          )}
          <Button icon={<CloseOutlined />} onClick={() => setState({ kind: 'closed' })}>
            Close Tips
          </Button>
        </div>
      )}
    </section>
  );
}
