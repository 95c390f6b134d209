import { PageHeader } from '../../components/page-header';

export function ForgotPasswordPage() {
  return (
    <PageHeader
      title="Reset Your Password"
      lead="Enter the e-mail address of your account, answer your three security questions, and choose a new password."
    />
  );
}
