import { Avatar, type AvatarProps } from 'antd';
import type { CurrentUser } from '../../api/types';
import { avatarInitial, displayName, planLabel } from '../../features/auth/user-display';

interface UserAvatarProps {
  user: CurrentUser;
  size?: AvatarProps['size'];
}

/** The profile image, or the first letter of the first name or e-mail. */
export function UserAvatar({ user, size }: UserAvatarProps) {
  return (
    <Avatar size={size} src={user.profileImageUrl || undefined} alt="" className="user-avatar" aria-hidden="true">
      {avatarInitial(user)}
    </Avatar>
  );
}

export function UserName({ user }: { user: CurrentUser }) {
  return <span className="user-name">{displayName(user)}</span>;
}

/** E-mail and plan, as the account menu shows them. */
export function AccountDetails({ user }: { user: CurrentUser }) {
  return (
    <div className="account-details">
      <span className="account-details__email">
        <EmailText email={user.email} />
      </span>
      <span className="account-details__plan">{planLabel(user.plan)}</span>
    </div>
  );
}

/**
 * An e-mail that may wrap after its @ (a <wbr>), never inside the name or the domain: each part is
 * one unbreakable box (a hyphen in it is no break), split only when it is longer than a line.
 */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      <span className="email-part">{email.slice(0, at + 1)}</span>
      <wbr />
      <span className="email-part">{email.slice(at + 1)}</span>
    </>
  );
}
