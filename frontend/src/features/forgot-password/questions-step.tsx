import { Button, Form, Input } from 'antd';
import type { Ref } from 'react';
import { errorStatus, serverMessage } from '../../api/server-message';
import { notify, NOTICES } from '../../app/notify';
import { useVerifySecurityAnswersMutation } from '../auth/api';

interface QuestionsStepProps {
  headingRef: Ref<HTMLHeadingElement>;
  email: string;
  /** The account's three questions, in order. */
  questions: string[];
  onVerified: (resetToken: string) => void;
  onTryDifferentEmail: () => void;
}

interface AnswerValues {
  answer1: string;
  answer2: string;
  answer3: string;
}

const ANSWER_FIELDS = ['answer1', 'answer2', 'answer3'] as const;

/** Step 2: the three answers. A correct set earns a short-lived reset token. */
export function QuestionsStep({ headingRef, email, questions, onVerified, onTryDifferentEmail }: QuestionsStepProps) {
  const [verify, { isLoading }] = useVerifySecurityAnswersMutation();

  const onFinish = async (values: AnswerValues) => {
    try {
      const answer = await verify({
        email,
        answer1: values.answer1.trim(),
        answer2: values.answer2.trim(),
        answer3: values.answer3.trim(),
      }).unwrap();
      if (!answer.canResetPassword) {
        notify.error(NOTICES.verificationFailed, NOTICES.verificationFailedDescription);
        return;
      }
      notify.success(NOTICES.verificationSuccessful, answer.message);
      onVerified(answer.resetToken);
    } catch (error) {
      // 401: wrong answers (the spec's text); 429: too many tries (the server says how long).
      const description =
        errorStatus(error) === 401
          ? NOTICES.verificationFailedDescription
          : (serverMessage(error) ?? NOTICES.verificationFailedDescription);
      notify.error(NOTICES.verificationFailed, description);
    }
  };

  return (
    <Form<AnswerValues> className="auth-form" layout="vertical" requiredMark={false} onFinish={onFinish}>
      <h2 className="recovery-step__title" ref={headingRef} tabIndex={-1}>
        Answer your security questions
      </h2>
      <p className="recovery-step__lead">
        For <strong className="recovery-step__email">{email}</strong>.
      </p>
      {ANSWER_FIELDS.map((field, index) => (
        <Form.Item
          key={field}
          label={questions[index]}
          name={field}
          rules={[{ required: true, whitespace: true, message: `Answer ${index + 1} is required` }]}
        >
          <Input autoComplete="off" spellCheck={false} maxLength={255} />
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit" size="large" block loading={isLoading}>
        Verify Answers
      </Button>
      <div className="recovery-step__alt">
        <Button type="link" onClick={onTryDifferentEmail}>
          Try Different Email
        </Button>
      </div>
    </Form>
  );
}
