import { PageHeader } from '../../components/page-header';

export function UploadPage() {
  return (
    <PageHeader
      title="Upload a Photo"
      lead="Give your photo a title and a short description, choose one image file, and receive an AI rating out of 10 with written feedback on what works and what to try next."
    />
  );
}
