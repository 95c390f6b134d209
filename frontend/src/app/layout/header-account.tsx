import { lazy, Suspense } from 'react';
import { useGetCurrentUserQuery } from '../../api/api';
import { LinkButton } from '../../components/link-button';
import { AccountPlaceholder } from './account-placeholder';
import { MemberShortcuts } from './member-shortcuts';

// Visitors never need the dropdown, so its code loads only for a signed-in user.
const AccountMenu = lazy(async () => ({ default: (await import('./account-menu')).AccountMenu }));

/** The right-hand side of the header on wide screens. */
export function HeaderAccount() {
  const { data: user, isLoading } = useGetCurrentUserQuery();
  if (isLoading) return <AccountPlaceholder />;
  if (!user) {
    return (
      <div className="header-account__actions">
        <LinkButton to="/login" type="text">
          Sign In
        </LinkButton>
        <LinkButton to="/signup" type="primary">
          Sign Up
        </LinkButton>
      </div>
    );
  }
  return (
    <div className="header-account__member">
      <MemberShortcuts />
      <Suspense fallback={<AccountPlaceholder />}>
        <AccountMenu user={user} />
      </Suspense>
    </div>
  );
}
