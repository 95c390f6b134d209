import { useSyncExternalStore } from 'react';
import { NOTICES, notify } from '../../app/notify';
import { ALL_COOKIES, consentStore, ONLY_NECESSARY, type ConsentState, type CookiePreferences } from './cookie-consent';

/** The stored cookie choice, live (also when another tab changes it). */
export function useCookieConsent(): ConsentState {
  return useSyncExternalStore(consentStore.subscribe, consentStore.getSnapshot, consentStore.getServerSnapshot);
}

/** The three ways to answer, each confirmed with the spec's notice. */
export const consentActions = {
  acceptAll(): void {
    consentStore.save(ALL_COOKIES);
    notify.success(NOTICES.allCookiesAccepted);
  },
  onlyNecessary(): void {
    consentStore.save(ONLY_NECESSARY);
    notify.success(NOTICES.nonEssentialCookiesDeclined);
  },
  save(preferences: CookiePreferences): void {
    consentStore.save(preferences);
    notify.success(NOTICES.preferencesSaved);
  },
};
