import { Button, Card, Form, Input } from 'antd';
import { serverMessage } from '../../api/server-message';
import { notify, NOTICES } from '../../app/notify';
import { confirmPasswordRules, currentPasswordRules, newPasswordRules } from '../auth/validation';
import { useChangePasswordMutation, type PasswordChange } from './api';

/** A new password, given the current one; the server signs out every other session. */
export function ChangePasswordCard() {
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [form] = Form.useForm<PasswordChange>();

  const onFinish = async (values: PasswordChange) => {
    try {
      await changePassword(values).unwrap();
      notify.success(NOTICES.passwordChanged, NOTICES.passwordChangedDescription);
      form.resetFields();
    } catch (error) {
      notify.error(NOTICES.passwordChangeFailed, serverMessage(error));
    }
  };

  return (
    <Card className="profile-card" title={<h2 className="profile-card__title">Change Password</h2>}>
      <Form<PasswordChange> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} className="change-password-form">
        <Form.Item label="Current password" name="currentPassword" rules={currentPasswordRules}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="New password" name="newPassword" rules={newPasswordRules}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="Confirm new password" name="confirmPassword" dependencies={['newPassword']} rules={confirmPasswordRules('newPassword')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <div className="form-footer">
          <Button type="primary" htmlType="submit" loading={isLoading}>
            Change Password
          </Button>
        </div>
      </Form>
    </Card>
  );
}
