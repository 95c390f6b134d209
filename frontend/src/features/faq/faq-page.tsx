import { PageHeader } from '../../components/page-header';

/** Shown for both /faqs and /faq. */
export function FaqPage() {
  return (
    <PageHeader
      title="Frequently Asked Questions"
      lead="Answers about uploading photos, the AI feedback, your account and password, privacy, storage and payments."
    />
  );
}
