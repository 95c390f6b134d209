import { PageHeader } from '../../components/page-header';

export function PrivacyPage() {
  return (
    <PageHeader
      title="Privacy Policy"
      lead="What information Wildframe collects, how it is used, secured and retained, and the rights you have over it."
    />
  );
}
