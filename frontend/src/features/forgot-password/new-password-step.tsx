import { Button, Form, Input } from 'antd';
import type { Ref } from 'react';
import { errorStatus, serverMessage } from '../../api/server-message';
import { notify, NOTICES } from '../../app/notify';
import { useResetPasswordMutation } from '../auth/api';
import { confirmPasswordRules, MESSAGES, newPasswordRules } from '../auth/validation';

interface NewPasswordStepProps {
  headingRef: Ref<HTMLHeadingElement>;
  email: string;
  resetToken: string;
  onDone: () => void;
  /** The reset token ran out: the answers have to be given again. */
  onTokenExpired: () => void;
  onTryDifferentEmail: () => void;
}

interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

/** Step 3: the new password, twice. On success the visitor signs in with it. */
export function NewPasswordStep({
  headingRef,
  email,
  resetToken,
  onDone,
  onTokenExpired,
  onTryDifferentEmail,
}: NewPasswordStepProps) {
  const [resetPassword, { isLoading }] = useResetPasswordMutation();

  const onFinish = async (values: NewPasswordValues) => {
    // The form rules check this too; the guard keeps a mismatch from ever being sent.
    if (values.newPassword !== values.confirmPassword) {
      notify.error(NOTICES.resetFailed, MESSAGES.passwordsDontMatch);
      return;
    }
    try {
      const answer = await resetPassword({ email, resetToken, ...values }).unwrap();
      notify.success(NOTICES.passwordResetSuccessful, answer.message);
      onDone();
    } catch (error) {
      notify.error(NOTICES.resetFailed, serverMessage(error));
      if (errorStatus(error) === 401) onTokenExpired();
    }
  };

  return (
    <Form<NewPasswordValues> className="auth-form" layout="vertical" requiredMark={false} onFinish={onFinish}>
      <h2 className="recovery-step__title" ref={headingRef} tabIndex={-1}>
        Choose a new password
      </h2>
      <p className="recovery-step__lead">
        For <strong className="recovery-step__email">{email}</strong>. Use at least 8 characters.
      </p>
      <Form.Item label="New password" name="newPassword" rules={newPasswordRules} validateFirst>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Confirm new password"
        name="confirmPassword"
        dependencies={['newPassword']}
        rules={confirmPasswordRules('newPassword')}
        validateFirst
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={isLoading}>
        Reset Password
      </Button>
      <div className="recovery-step__alt">
        <Button type="link" onClick={onTryDifferentEmail}>
          Try Different Email
        </Button>
      </div>
    </Form>
  );
}
