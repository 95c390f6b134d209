import { PageHeader } from '../../components/page-header';

export function MyPhotosPage() {
  return (
    <PageHeader
      title="My Photos"
      lead="Every photo you have uploaded. Search and filter them, and choose which ones the community can see."
    />
  );
}
