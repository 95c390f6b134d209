// Places on the profile that belong to the photos feature: the plan usage card (storage used,
// uploads today) and the 8 latest photos with View All to /my-photos. They render nothing until
// the photos API exists; the photos work fills them in here, without touching the profile page.
import type { CurrentUser } from '../../api/types';

interface SlotProps {
  user: CurrentUser;
}

/** Plan usage card: storage and daily uploads against the plan's limits. */
export function PlanUsageSlot(_props: SlotProps) {
  return null;
}

/** Up to 8 latest photos of the user, with View All to /my-photos. */
export function LatestPhotosSlot(_props: SlotProps) {
  return null;
}
