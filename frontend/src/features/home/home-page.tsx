import { Space } from 'antd';
import { LinkButton } from '../../components/link-button';
import { PageHeader } from '../../components/page-header';

export function HomePage() {
  return (
    <PageHeader
      title="Honest AI feedback for your nature photography"
      lead="Upload a wildlife or landscape photo and get a rating for composition, lighting, clarity and creativity, with written feedback, then share your best work with fellow nature photographers."
    >
      <Space wrap size="middle" className="page-header__actions">
        <LinkButton to="/upload" type="primary" size="large">
          Upload Your Photo Now!
        </LinkButton>
        <LinkButton to="/gallery" size="large">
          Explore Gallery
        </LinkButton>
      </Space>
    </PageHeader>
  );
}
