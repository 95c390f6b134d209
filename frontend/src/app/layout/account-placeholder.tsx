import { Skeleton } from 'antd';

/** Stands in for the account controls while the current-user call is in flight. */
export function AccountPlaceholder({ block = false }: { block?: boolean }) {
  return (
    <div
      className={`account-placeholder${block ? ' account-placeholder--block' : ''}`}
      role="status"
      aria-label="Loading your account"
      data-testid="account-placeholder"
    >
      <Skeleton.Avatar active />
      <Skeleton.Button active block={block} />
    </div>
  );
}
