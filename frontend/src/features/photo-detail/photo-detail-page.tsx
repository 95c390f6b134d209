import { PageHeader } from '../../components/page-header';

/** Shown for both /photo/:idOrSlug and /photos/:slug. */
export function PhotoDetailPage() {
  return (
    <PageHeader
      title="Photo Details"
      lead="The full photo, who shared it and when, its views and likes, and the AI analysis of its composition, lighting, clarity and creativity."
    />
  );
}
