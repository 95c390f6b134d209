import { PageHeader } from '../../components/page-header';

export function SubscriptionPage() {
  return (
    <PageHeader
      title="Manage Subscription"
      lead="See your current plan, choose monthly or annual billing, upgrade to a higher tier, or cancel a paid subscription."
    />
  );
}
