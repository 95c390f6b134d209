import { Button, Form, Input } from 'antd';
import type { Ref } from 'react';
import { serverMessage } from '../../api/server-message';
import { notify, NOTICES } from '../../app/notify';
import { useForgotPasswordMutation } from '../auth/api';
import { EMAIL_MAX_LENGTH, emailRules } from '../auth/validation';

interface EmailStepProps {
  headingRef: Ref<HTMLHeadingElement>;
  initialEmail: string;
  onFound: (email: string, questions: string[]) => void;
}

/** Step 1: the account's e-mail; moves on only when the account has security questions. */
export function EmailStep({ headingRef, initialEmail, onFound }: EmailStepProps) {
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();

  const onFinish = async ({ email }: { email: string }) => {
    const address = email.trim();
    try {
      const answer = await forgotPassword({ email: address }).unwrap();
      if (!answer.hasSecurityQuestions || answer.questions.length !== 3) {
        notify.error(NOTICES.noSecurityQuestions, answer.message);
        return;
      }
      notify.info(NOTICES.securityQuestionsFound, answer.message);
      onFound(address, answer.questions);
    } catch (error) {
      notify.error(NOTICES.requestFailed, serverMessage(error));
    }
  };

  return (
    <Form
      className="auth-form"
      layout="vertical"
      requiredMark={false}
      initialValues={{ email: initialEmail }}
      onFinish={onFinish}
    >
      <h2 className="recovery-step__title" ref={headingRef} tabIndex={-1}>
        Find your account
      </h2>
      <p className="recovery-step__lead">We will look up the security questions you set for this address.</p>
      <Form.Item label="Email" name="email" rules={emailRules} validateFirst>
        <Input type="email" autoComplete="email" inputMode="email" maxLength={EMAIL_MAX_LENGTH} />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={isLoading}>
        Continue
      </Button>
    </Form>
  );
}
