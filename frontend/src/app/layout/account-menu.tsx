import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '../../api/types';
import { useSignOut } from '../../features/auth/use-sign-out';
import { AccountDetails, UserAvatar, UserName } from './account-summary';

/** Signed-in header control: avatar and name opening a menu with e-mail, plan, Profile, Sign Out. */
export function AccountMenu({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const { signOut } = useSignOut();
  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: 'Profile' },
    { key: 'sign-out', icon: <LogoutOutlined />, label: 'Sign Out' },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') void navigate('/profile');
    if (key === 'sign-out') void signOut();
  };
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{ items, onClick }}
      popupRender={(menu) => (
        <div className="account-menu">
          <AccountDetails user={user} />
          {menu}
        </div>
      )}
    >
      <Button type="text" className="account-trigger">
        <UserAvatar user={user} size="small" />
        <UserName user={user} />
        <DownOutlined className="account-trigger__caret" aria-hidden="true" />
      </Button>
    </Dropdown>
  );
}
