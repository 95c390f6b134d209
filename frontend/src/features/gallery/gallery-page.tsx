import { PageHeader } from '../../components/page-header';

export function GalleryPage() {
  return (
    <PageHeader
      title="Gallery"
      lead="Browse wildlife and landscape photos shared by the community. Filter by category, sort by date, likes or views, and open any photo to see its AI critique."
    />
  );
}
