import { DeleteOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Select, Tag, Tooltip } from 'antd';
import type { PlanName } from '../../api/types';
import { notify, NOTICES } from '../../app/notify';
import { formatDate } from './admin-dates';
import { useChangeUserPlanMutation, useDeleteUserMutation } from './api';
import { failureReason } from './failure-reason';
import type { AdminUser } from './types';

const PLAN_LABELS: Readonly<Record<PlanName, string>> = { explorer: 'Explorer', enthusiast: 'Enthusiast', professional: 'Professional' };
const PLAN_OPTIONS = (Object.keys(PLAN_LABELS) as PlanName[]).map((value) => ({ value, label: PLAN_LABELS[value] }));
const SITE_ADMIN_LOCKED = 'The site admin cannot be changed or deleted';

function fullName(user: AdminUser): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

interface UsersTabProps {
  users: AdminUser[];
  currentUserId: string;
}

/** Every account: change a plan or delete, each after a confirmation. The site admin is locked. */
export function UsersTab({ users, currentUserId }: UsersTabProps) {
  const { modal } = App.useApp();
  const [changePlan] = useChangeUserPlanMutation();
  const [deleteUser] = useDeleteUserMutation();

  const confirmPlan = (user: AdminUser, plan: PlanName) => {
    if (plan === user.plan) return;
    modal.confirm({
      title: `Change ${fullName(user)}’s plan?`,
      content:
        `From ${PLAN_LABELS[user.plan]} to ${PLAN_LABELS[plan]}. A plan set here does not expire and is not billed.` +
        // A plan with an expiry is paid through billing, which ends that subscription (README, decisions).
        (user.planExpiry ? ' Their paid subscription ends now, without a refund.' : ''),
      okText: 'Change Plan',
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          await changePlan({ id: user.id, plan, isSelf: user.id === currentUserId }).unwrap();
          notify.success(NOTICES.planUpdated, `${fullName(user)} is now on the ${PLAN_LABELS[plan]} plan.`);
        } catch (error) {
          notify.error(NOTICES.updateUserPlanFailed, failureReason(error));
        }
      },
    });
  };

  const confirmDelete = (user: AdminUser) => {
    modal.confirm({
      title: `Delete ${fullName(user)}?`,
      content: `The account ${user.email}, its photos and their stored files are removed for good. This cannot be undone.`,
      okText: 'Delete User',
      okButtonProps: { danger: true },
      cancelText: 'Keep User',
      onOk: async () => {
        try {
          await deleteUser(user.id).unwrap();
          notify.success(NOTICES.userDeleted, `${fullName(user)} and their photos were removed.`);
        } catch (error) {
          notify.error(NOTICES.deleteUserFailed, failureReason(error));
        }
      },
    });
  };

  if (users.length === 0) return <p className="admin-empty">No users match your search.</p>;

  return (
    <ul className="admin-list" aria-label="Users">
      {users.map((user) => {
        const isSelf = user.id === currentUserId;
        const deleteBlocked = user.isSiteAdmin ? SITE_ADMIN_LOCKED : isSelf ? 'You cannot delete your own account here' : null;
        return (
          <li key={user.id} className="admin-row admin-user" data-testid="admin-user">
            <Avatar className="admin-user__avatar" aria-hidden="true">
              {(user.firstName || user.email).charAt(0).toUpperCase()}
            </Avatar>
            <div className="admin-row__main">
              <p className="admin-row__title">{fullName(user)}</p>
              <p className="admin-row__sub">{user.email}</p>
              <div className="admin-tags">
                {user.isSiteAdmin ? <Tag className="admin-tag admin-tag--admin">Site Admin</Tag> : user.isAdmin && <Tag className="admin-tag admin-tag--admin">Admin</Tag>}
                {!user.isActive && <Tag className="admin-tag admin-tag--muted">Inactive</Tag>}
                {isSelf && <Tag className="admin-tag admin-tag--muted">You</Tag>}
                <span className="admin-row__meta">Joined {formatDate(user.createdAt)}</span>
                {user.planExpiry && <span className="admin-row__meta">Plan until {formatDate(user.planExpiry)}</span>}
              </div>
            </div>
            <div className="admin-row__actions">
              <Tooltip title={user.isSiteAdmin ? SITE_ADMIN_LOCKED : undefined}>
                <Select<PlanName>
                  className="admin-user__plan"
                  value={user.plan}
                  options={PLAN_OPTIONS}
                  onChange={(plan) => confirmPlan(user, plan)}
                  disabled={user.isSiteAdmin}
                  aria-label={`Plan of ${fullName(user)}`}
                />
              </Tooltip>
              <Tooltip title={deleteBlocked ?? undefined}>
                <Button danger icon={<DeleteOutlined aria-hidden="true" />} onClick={() => confirmDelete(user)} disabled={deleteBlocked !== null} aria-label={`Delete ${fullName(user)}`}>
                  Delete
                </Button>
              </Tooltip>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
