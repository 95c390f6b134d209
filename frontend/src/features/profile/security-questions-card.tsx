import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Select, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { serverMessage } from '../../api/server-message';
import { notify, NOTICES } from '../../app/notify';
import { useGetSecurityQuestionOptionsQuery } from '../auth/api';
import { useGetMySecurityQuestionsQuery, useSetSecurityQuestionsMutation } from './api';
import { checkSecurityQuestions, type SecurityQuestionsDraft } from './security-questions-check';

const SLOTS = [1, 2, 3] as const;

function SecurityQuestionsForm({ current, onDone }: { current: string[]; onDone: () => void }) {
  const options = useGetSecurityQuestionOptionsQuery();
  const [save, { isLoading }] = useSetSecurityQuestionsMutation();
  const [form] = Form.useForm<SecurityQuestionsDraft>();

  const onFinish = async (draft: SecurityQuestionsDraft) => {
    const check = checkSecurityQuestions(draft);
    if (!check.ok) {
      if (check.problem === 'incomplete') notify.error(NOTICES.incompleteForm, NOTICES.incompleteFormDescription);
      else notify.error(NOTICES.duplicateQuestions, NOTICES.duplicateQuestionsDescription);
      return;
    }
    // Checked after the spec's own checks, so their toasts come first.
    if (!draft.currentPassword) {
      form.setFields([{ name: 'currentPassword', errors: ['Please enter your current password'] }]);
      return;
    }
    try {
      const answer = await save({ ...check.setup, currentPassword: draft.currentPassword }).unwrap();
      notify.success(NOTICES.securityQuestionsSetUp, answer.message);
      onDone();
    } catch (error) {
      notify.error(NOTICES.setupFailed, serverMessage(error));
    }
  };

  if (options.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="The list of questions could not be loaded."
        action={
          <Button size="small" onClick={() => void options.refetch()}>
            Try Again
          </Button>
        }
      />
    );
  }

  const selectOptions = (options.data ?? []).map((question) => ({ value: question, label: question }));
  return (
    <Form<SecurityQuestionsDraft>
      form={form}
      className="security-questions-form"
      layout="vertical"
      requiredMark={false}
      initialValues={{ question1: current[0], question2: current[1], question3: current[2] }}
      onFinish={onFinish}
    >
      {SLOTS.map((slot) => (
        <fieldset key={slot} className="security-question">
          <legend className="visually-hidden">{`Security question ${slot}`}</legend>
          <Form.Item label={`Question ${slot}`} name={`question${slot}`}>
            <Select
              options={selectOptions}
              loading={options.isLoading}
              placeholder="Choose a question"
              virtual={false}
              classNames={{ popup: { root: 'security-question__popup' } }}
            />
          </Form.Item>
          <Form.Item label={`Answer ${slot}`} name={`answer${slot}`}>
            <Input autoComplete="off" spellCheck={false} maxLength={255} />
          </Form.Item>
        </fieldset>
      ))}
      {/* Whoever holds a session must not be able to take the account over through recovery. */}
      <Form.Item label="Current password" name="currentPassword">
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <div className="form-footer">
        <Button onClick={onDone} disabled={isLoading}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Save Questions
        </Button>
      </div>
    </Form>
  );
}

/** Whether password recovery is possible, and the form to set or change the three questions. */
export function SecurityQuestionsCard() {
  const { data, isLoading, isError, refetch } = useGetMySecurityQuestionsQuery();
  const [editing, setEditing] = useState(false);
  const title = <h2 className="profile-card__title">Security Questions</h2>;

  if (isLoading) {
    return (
      <Card className="profile-card" title={title}>
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      </Card>
    );
  }
  if (isError || !data) {
    return (
      <Card className="profile-card" title={title}>
        <Alert
          type="error"
          showIcon
          title="Your security questions could not be loaded."
          action={
            <Button size="small" onClick={() => void refetch()}>
              Try Again
            </Button>
          }
        />
      </Card>
    );
  }

  const status = data.hasQuestions ? (
    <Tag className="status-tag status-tag--good" icon={<CheckCircleFilled />}>
      Configured
    </Tag>
  ) : (
    <Tag className="status-tag status-tag--attention" icon={<ExclamationCircleFilled />}>
      Not set up
    </Tag>
  );

  return (
    <Card className="profile-card" title={title} extra={status}>
      {editing ? (
        <SecurityQuestionsForm current={data.questions} onDone={() => setEditing(false)} />
      ) : data.hasQuestions ? (
        <>
          <p className="profile-card__muted">
            If you forget your password, you can reset it by answering these questions.
          </p>
          <ol className="security-questions-list">
            {data.questions.map((question) => (
              <li key={question}>{question}</li>
            ))}
          </ol>
          <Button onClick={() => setEditing(true)}>Update Questions</Button>
        </>
      ) : (
        <>
          <p className="profile-card__muted">
            Choose three security questions so that you can reset your password if you ever forget it.
          </p>
          <Button type="primary" onClick={() => setEditing(true)}>
            Set Up Now
          </Button>
        </>
      )}
    </Card>
  );
}
