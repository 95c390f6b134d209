import { EditOutlined, RocketOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { serverMessage } from '../../api/server-message';
import type { CurrentUser } from '../../api/types';
import { notify, NOTICES } from '../../app/notify';
import { LinkButton } from '../../components/link-button';
import { planLabel } from '../auth/user-display';
import {
  currentPasswordRules,
  EMAIL_MAX_LENGTH,
  emailRules,
  firstNameRules,
  lastNameRules,
  NAME_MAX_LENGTH,
} from '../auth/validation';
import { useGetMySubscriptionQuery } from '../billing/api';
import { isPaidPlan } from '../plans/plan-pricing';
import { useUpdateProfileMutation, type ProfileUpdate } from './api';
import { AvatarEditor } from './avatar-editor';
import { formatLongDate } from './profile-format';

function fullName(user: CurrentUser): string {
  return [user.firstName, user.lastName].filter((part) => part && part.trim()).join(' ') || user.email;
}

/** Plan badge, active/inactive status and admin badge. */
function AccountBadges({ user }: { user: CurrentUser }) {
  return (
    <div className="profile-badges">
      <Tag className={`plan-badge plan-badge--${user.plan}`} variant="filled">
        {planLabel(user.plan)}
      </Tag>
      {user.isActive ? (
        <Tag className="status-tag status-tag--good">Active</Tag>
      ) : (
        <Tag className="status-tag status-tag--muted">
          Inactive
        </Tag>
      )}
      {(user.isAdmin || user.isSiteAdmin) && (
        <Tag className="status-tag admin-badge">
          {user.isSiteAdmin ? 'Site Admin' : 'Admin'}
        </Tag>
      )}
    </div>
  );
}

/**
 * A paid plan's date: "Renews on" while its subscription renews, the spec's "Plan expires" once it
 * is canceled (or has no live subscription, e.g. a plan given by an admin); or the way up from the
 * free plan.
 */
function PlanLine({ user }: { user: CurrentUser }) {
  const paid = isPaidPlan(user.plan);
  const { data: subscription, isLoading } = useGetMySubscriptionQuery(undefined, { skip: !paid });
  if (!paid) {
    return (
      <div className="profile-plan-line">
        <span>You are on the free Explorer plan.</span>
        <LinkButton to="/pricing" type="primary" icon={<RocketOutlined />}>
          Upgrade
        </LinkButton>
      </div>
    );
  }
  // Said once the subscription is known, so a renewing plan never shows "expires" first.
  if (isLoading) return null;
  const renews = subscription?.status === 'active' && !subscription.cancelAtPeriodEnd;
  const date = (renews ? subscription.currentPeriodEnd : null) ?? user.planExpiry;
  const formatted = formatLongDate(date);
  return formatted ? (
    <div className="profile-plan-line">
      <span>
        {renews ? 'Renews on' : 'Plan expires'} <time dateTime={date ?? undefined}>{formatted}</time>
      </span>
    </div>
  ) : null;
}

function EditProfileForm({ user, onDone }: { user: CurrentUser; onDone: () => void }) {
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const [form] = Form.useForm<ProfileUpdate>();
  // A new e-mail needs the current password (the server refuses it otherwise).
  const email = Form.useWatch('email', form);
  const emailChanges = typeof email === 'string' && email.trim().toLowerCase() !== user.email.toLowerCase();

  const onFinish = async (values: ProfileUpdate) => {
    try {
      await updateProfile({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        ...(emailChanges ? { currentPassword: values.currentPassword } : {}),
      }).unwrap();
      notify.success(NOTICES.profileUpdated);
      onDone();
    } catch (error) {
      notify.error(NOTICES.profileUpdateFailed, serverMessage(error));
    }
  };

  return (
    <Form<ProfileUpdate>
      form={form}
      className="profile-edit-form"
      layout="vertical"
      requiredMark={false}
      initialValues={{ firstName: user.firstName ?? '', lastName: user.lastName ?? '', email: user.email }}
      onFinish={onFinish}
    >
      <div className="profile-edit-form__names">
        <Form.Item label="First name" name="firstName" rules={firstNameRules}>
          <Input autoComplete="given-name" maxLength={NAME_MAX_LENGTH} autoFocus />
        </Form.Item>
        <Form.Item label="Last name" name="lastName" rules={lastNameRules}>
          <Input autoComplete="family-name" maxLength={NAME_MAX_LENGTH} />
        </Form.Item>
      </div>
      <Form.Item label="Email" name="email" rules={emailRules} validateFirst>
        <Input type="email" autoComplete="email" inputMode="email" maxLength={EMAIL_MAX_LENGTH} />
      </Form.Item>
      {emailChanges && (
        <Form.Item label="Current password" name="currentPassword" rules={currentPasswordRules} extra="Needed to change your e-mail address.">
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      )}
      <div className="form-footer">
        <Button onClick={onDone} disabled={isLoading}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Save Changes
        </Button>
      </div>
    </Form>
  );
}

/** Who the user is: avatar, name, e-mail, plan and status; edit mode for name and e-mail. */
export function ProfileSummaryCard({ user }: { user: CurrentUser }) {
  const [editing, setEditing] = useState(false);
  return (
    <Card className="profile-card profile-summary">
      <AvatarEditor user={user} />
      <div className="profile-summary__body">
        {editing ? (
          <>
            <h2 className="profile-summary__name">Edit Profile</h2>
            <EditProfileForm user={user} onDone={() => setEditing(false)} />
          </>
        ) : (
          <>
            <div className="profile-summary__head">
              <div>
                <h2 className="profile-summary__name">{fullName(user)}</h2>
                <p className="profile-summary__email">{user.email}</p>
              </div>
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                Edit Profile
              </Button>
            </div>
            <AccountBadges user={user} />
            <PlanLine user={user} />
          </>
        )}
      </div>
    </Card>
  );
}
