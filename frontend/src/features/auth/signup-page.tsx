import { PageHeader } from '../../components/page-header';

export function SignupPage() {
  return (
    <PageHeader
      title="Create Your Account"
      lead="Join Wildframe to keep your photos in one place, follow your AI ratings over time and share your work in the community gallery. Choose the plan that fits how you shoot."
    />
  );
}
