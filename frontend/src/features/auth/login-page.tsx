import { PageHeader } from '../../components/page-header';

export function LoginPage() {
  return (
    <PageHeader
      title="Sign In"
      lead="Sign in with your e-mail address and password to upload photos, manage your gallery and see your plan."
    />
  );
}
