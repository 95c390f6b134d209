// The launch offer (spec, section 9 "Promo") and who sees it (section 4 "Promo banner").
import type { CurrentUser } from '../../api/types';

export const LAUNCH_PROMO = { code: 'Launch2025', percentOff: 25, months: 3 } as const;

/** sessionStorage: a dismissal lasts for the browser session. */
export const PROMO_DISMISSED_KEY = 'wildframe.promoBannerDismissed';

/**
 * Hidden once dismissed, and for signed-in users who already pay (enthusiast, professional).
 * While the current user is still loading it stays hidden, so paying users never see it flash.
 */
export function shouldShowPromo({
  dismissed,
  userLoading,
  user,
}: {
  dismissed: boolean;
  userLoading: boolean;
  user: Pick<CurrentUser, 'plan'> | null | undefined;
}): boolean {
  if (dismissed || userLoading) return false;
  return !user || user.plan === 'explorer';
}
