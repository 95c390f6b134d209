import { PageHeader } from '../../components/page-header';

export function ProfilePage() {
  return (
    <PageHeader
      title="Your Profile"
      lead="Your account details, plan and usage, security questions and latest photos in one place."
    />
  );
}
