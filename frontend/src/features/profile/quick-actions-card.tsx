import { CreditCardOutlined, LogoutOutlined, SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import type { CurrentUser } from '../../api/types';
import { LinkButton } from '../../components/link-button';
import { useSignOut } from '../auth/use-sign-out';

export function QuickActionsCard({ user }: { user: CurrentUser }) {
  const { signOut, isSigningOut } = useSignOut();
  return (
    <Card className="profile-card" title={<h2 className="profile-card__title">Quick Actions</h2>}>
      <div className="quick-actions">
        <LinkButton to="/upload" type="primary" icon={<UploadOutlined />} block>
          Upload New Photo
        </LinkButton>
        <LinkButton to="/subscription" icon={<CreditCardOutlined />} block>
          Manage Subscription
        </LinkButton>
        {user.isAdmin && (
          <LinkButton to="/admin" icon={<SafetyCertificateOutlined />} block>
            Admin Panel
          </LinkButton>
        )}
        <Button icon={<LogoutOutlined />} block loading={isSigningOut} onClick={() => void signOut()}>
          Sign Out
        </Button>
      </div>
    </Card>
  );
}
