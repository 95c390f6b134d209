import { LogoutOutlined, PictureOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import { Link } from 'react-router';
import { useGetCurrentUserQuery } from '../../api/api';
import { LinkButton } from '../../components/link-button';
import { useSignOut } from '../../features/auth/use-sign-out';
import { AccountDetails, UserAvatar, UserName } from './account-summary';
import { AccountPlaceholder } from './account-placeholder';
import { MainNavLinks } from './nav-links';

export const MOBILE_MENU_ID = 'mobile-menu';

/** The header's items (links and account) in a drawer, for narrow screens. */
function DrawerAccount({ onNavigate }: { onNavigate: () => void }) {
  const { data: user, isLoading } = useGetCurrentUserQuery();
  const { signOut } = useSignOut();
  if (isLoading) return <AccountPlaceholder block />;
  if (!user) {
    return (
      <div className="drawer-account">
        <LinkButton to="/login" block onClick={onNavigate}>
          Sign In
        </LinkButton>
        <LinkButton to="/signup" type="primary" block onClick={onNavigate}>
          Sign Up
        </LinkButton>
      </div>
    );
  }
  return (
    <div className="drawer-account">
      {/* The e-mail gets the drawer's full width under the name: beside the avatar it had to wrap. */}
      <div className="drawer-account__who">
        <UserAvatar user={user} size="large" />
        <UserName user={user} />
      </div>
      <AccountDetails user={user} />
      <LinkButton to="/upload" type="primary" icon={<UploadOutlined aria-hidden="true" />} block onClick={onNavigate}>
        Upload a Photo
      </LinkButton>
      <Link className="drawer-link" to="/my-photos" onClick={onNavigate}>
        <PictureOutlined aria-hidden="true" /> My Photos
      </Link>
      <Link className="drawer-link" to="/profile" onClick={onNavigate}>
        <UserOutlined aria-hidden="true" /> Profile
      </Link>
      <Button
        block
        icon={<LogoutOutlined />}
        onClick={() => {
          onNavigate();
          void signOut();
        }}
      >
        Sign Out
      </Button>
    </div>
  );
}

export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      id={MOBILE_MENU_ID}
      title="Menu"
      placement="right"
      size={320}
      open={open}
      onClose={onClose}
      closable={{ 'aria-label': 'Close menu' }}
    >
      <nav aria-label="Mobile">
        <MainNavLinks onNavigate={onClose} />
      </nav>
      <DrawerAccount onNavigate={onClose} />
    </Drawer>
  );
}
