import { PageHeader } from '../../components/page-header';

export function ContactPage() {
  return (
    <PageHeader
      title="Contact Us"
      lead="Feedback, a support question, a bug report or a feature request: send us a message and we will get back to you within 5 business days."
    />
  );
}
