import { PageHeader } from '../../components/page-header';

export function TermsPage() {
  return (
    <PageHeader
      title="Terms of Service"
      lead="The agreement between you and Wildframe: your content remains yours, use the tools responsibly, and respect other photographers."
    />
  );
}
