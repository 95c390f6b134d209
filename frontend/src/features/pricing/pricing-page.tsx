import { PageHeader } from '../../components/page-header';

export function PricingPage() {
  return (
    <PageHeader
      title="Plans and Pricing"
      lead="Start free with Explorer, or choose Enthusiast or Professional for unlimited uploads, more storage, larger files and AI editing tips. Annual billing costs less than paying monthly."
    />
  );
}
