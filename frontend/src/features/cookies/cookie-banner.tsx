import { Button } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MAIN_CONTENT_ID } from '../../app/layout/skip-link';
import { consentActions, useCookieConsent } from './use-cookie-consent';
import './cookies.css';

// The dialog's code (antd Modal) loads only when someone asks to customise.
const CookieSettingsDialog = lazy(async () => ({
  default: (await import('./cookie-settings-dialog')).CookieSettingsDialog,
}));

const PREFERENCES_PATH = '/cookie-preferences';

/**
 * Asks for cookie consent at the bottom of the page while no choice is stored (spec, section 2
 * "Cookie banner"). Not shown on the Cookie Preferences page, which asks the same in full.
 */
export function CookieBanner() {
  const consent = useCookieConsent();
  const { pathname } = useLocation();
  const [customizing, setCustomizing] = useState(false);
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const banner = useRef<HTMLElement>(null);
  const visible = !consent.given && pathname !== PREFERENCES_PATH;

  // Keep the end of the page (footer links) reachable above the fixed banner.
  useEffect(() => {
    const element = banner.current;
    if (!visible || !element) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty('--wf-cookie-banner-height', `${element.offsetHeight}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--wf-cookie-banner-height');
    };
  }, [visible]);

  if (!visible) return null;

  /** The banner goes away; focus must not be lost with it. */
  const done = () => {
    setCustomizing(false);
    if (banner.current?.contains(document.activeElement) || document.activeElement === document.body) {
      document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
    }
  };

  return (
    <section ref={banner} className="cookie-banner" aria-labelledby="cookie-banner-title" data-testid="cookie-banner">
      <div className="cookie-banner__inner">
        <div className="cookie-banner__text">
          <h2 id="cookie-banner-title" className="cookie-banner__title">
            We value your privacy
          </h2>
          <p className="cookie-banner__body">
            Wildframe uses necessary cookies to keep you signed in and secure. With your permission we also use
            analytics, functional and marketing cookies to improve the site. Read our{' '}
            <Link to="/privacy">Privacy Policy</Link> and <Link to="/terms">Terms of Service</Link>.
          </p>
        </div>
        <div className="cookie-banner__actions">
          <Button
            onClick={() => {
              setDialogLoaded(true);
              setCustomizing(true);
            }}
          >
            Customize Settings
          </Button>
          <Button
            onClick={() => {
              consentActions.onlyNecessary();
              done();
            }}
          >
            Only Necessary
          </Button>
          <Button
            type="primary"
            onClick={() => {
              consentActions.acceptAll();
              done();
            }}
          >
            Accept All Cookies
          </Button>
        </div>
      </div>
      {dialogLoaded && (
        <Suspense fallback={null}>
          <CookieSettingsDialog
            open={customizing}
            initial={consent.preferences}
            onClose={() => setCustomizing(false)}
            onDone={done}
          />
        </Suspense>
      )}
    </section>
  );
}
