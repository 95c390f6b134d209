import { PageHeader } from '../../components/page-header';

export function AdminPage() {
  return (
    <PageHeader
      title="Admin Panel"
      lead="Manage users and their plans, review and feature photos, and answer contact messages."
    />
  );
}
