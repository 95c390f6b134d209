import { LockOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { LinkButton } from '../../components/link-button';

/** What anyone but an admin sees at /admin (spec, sections 2 and 6). */
export function AccessDenied() {
  return (
    <div className="admin-denied">
      <Card className="admin-denied__card">
        <LockOutlined className="admin-denied__icon" aria-hidden="true" />
        <h1 className="admin-denied__title">Access Denied</h1>
        <p className="admin-denied__text">The admin panel is only open to administrators.</p>
        <LinkButton to="/" type="primary" size="large">
          Go to Homepage
        </LinkButton>
      </Card>
    </div>
  );
}
