import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { COOKIE_CATEGORIES } from './cookie-categories';
import type { ConsentState, CookiePreferences } from './cookie-consent';
import { CookieToggles } from './cookie-toggles';
import { consentActions, useCookieConsent } from './use-cookie-consent';
import './cookies.css';

function ConsentStatus({ consent }: { consent: ConsentState }) {
  const enabled = COOKIE_CATEGORIES.filter((category) => consent.preferences[category.key]).map((c) => c.title);
  return (
    <section
      className={`consent-status${consent.given ? ' consent-status--given' : ''}`}
      aria-labelledby="consent-status-title"
      data-testid="consent-status"
    >
      {consent.given ? (
        <CheckCircleFilled className="consent-status__icon" aria-hidden="true" />
      ) : (
        <ExclamationCircleFilled className="consent-status__icon" aria-hidden="true" />
      )}
      <div>
        <h2 id="consent-status-title" className="consent-status__title">
          {consent.given ? 'Your choice is saved' : 'No choice made yet'}
        </h2>
        <p className="consent-status__text">
          {consent.given
            ? `Wildframe uses these cookies on this browser: ${enabled.join(', ')}.`
            : 'Wildframe uses only necessary cookies until you choose. Pick the categories you allow below.'}
        </p>
      </div>
    </section>
  );
}

/** The choices being edited; starts from what is stored and starts over when that changes. */
function PreferencesForm({ stored }: { stored: CookiePreferences }) {
  const [draft, setDraft] = useState<CookiePreferences>(stored);
  return (
    <form
      className="cookie-preferences__form"
      aria-label="Cookie categories"
      onSubmit={(event) => {
        event.preventDefault();
        consentActions.save(draft);
      }}
    >
      <CookieToggles
        layout="cards"
        value={draft}
        onChange={(category, enabled) => setDraft((previous) => ({ ...previous, [category]: enabled }))}
      />
      <div className="cookie-preferences__actions">
        <Button onClick={() => consentActions.onlyNecessary()}>Only Necessary Cookies</Button>
        <Button onClick={() => consentActions.acceptAll()}>Accept All Cookies</Button>
        <Button type="primary" htmlType="submit">
          Save My Preferences
        </Button>
      </div>
    </form>
  );
}

export function CookiePreferencesPage() {
  const consent = useCookieConsent();
  const { analytics, functional, marketing } = consent.preferences;
  return (
    <div className="cookie-preferences">
      <PageHeader
        title="Cookie Preferences"
        lead="Choose which cookies Wildframe may use on this browser. Necessary cookies are always on; everything else is up to you, and you can change your mind at any time."
      />
      <ConsentStatus consent={consent} />
      <PreferencesForm
        key={`${consent.given}-${analytics}-${functional}-${marketing}`}
        stored={consent.preferences}
      />
      <p className="cookie-preferences__more">
        Read more in our <Link to="/privacy">Privacy Policy</Link> and <Link to="/terms">Terms of Service</Link>, or{' '}
        <Link to="/contact">contact us</Link> with any question about your data.
      </p>
    </div>
  );
}
