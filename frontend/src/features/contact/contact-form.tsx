import { SendOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Select, type FormInstance } from 'antd';
import {
  CATEGORY_LABELS,
  CONTACT_CATEGORIES,
  CONTACT_MESSAGES,
  characterCounter,
  MESSAGE_MAX,
  messageError,
  NAME_MAX,
  SUBJECT_MAX,
  type ContactCategory,
} from './contact-rules';

export interface ContactValues {
  name: string;
  email: string;
  category: ContactCategory;
  subject: string;
  message: string;
}

export const INITIAL_CONTACT_VALUES: Partial<ContactValues> = { category: 'feedback' };

const CATEGORY_OPTIONS = CONTACT_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));

interface ContactFormProps {
  form: FormInstance<ContactValues>;
  sending: boolean;
  onSend: (values: ContactValues) => void;
}

/** Name, email, category, subject and message; every field required, errors under each. */
export function ContactForm({ form, sending, onSend }: ContactFormProps) {
  const subject = Form.useWatch('subject', form);
  const message = Form.useWatch('message', form);
  return (
    <Card className="contact-card contact-form-card" title={<h2 className="contact-card__title">Send Us a Message</h2>}>
      <Form<ContactValues>
        form={form}
        className="contact-form"
        layout="vertical"
        initialValues={INITIAL_CONTACT_VALUES}
        onFinish={onSend}
        disabled={sending}
      >
        <div className="contact-form__row">
          <Form.Item
            label="Name"
            name="name"
            validateFirst
            rules={[
              { required: true, whitespace: true, message: CONTACT_MESSAGES.nameRequired },
              { max: NAME_MAX, message: CONTACT_MESSAGES.nameTooLong },
            ]}
          >
            <Input autoComplete="name" />
          </Form.Item>
          <Form.Item
            label="Email"
            name="email"
            validateFirst
            rules={[
              { required: true, whitespace: true, message: CONTACT_MESSAGES.invalidEmail },
              { type: 'email', message: CONTACT_MESSAGES.invalidEmail },
            ]}
          >
            <Input type="email" autoComplete="email" inputMode="email" />
          </Form.Item>
        </div>
        <Form.Item label="Category" name="category" rules={[{ required: true, message: CONTACT_MESSAGES.categoryRequired }]}>
          <Select options={CATEGORY_OPTIONS} />
        </Form.Item>
        <Form.Item
          label="Subject"
          name="subject"
          validateFirst
          rules={[
            { required: true, whitespace: true, message: CONTACT_MESSAGES.subjectRequired },
            { max: SUBJECT_MAX, message: CONTACT_MESSAGES.subjectTooLong },
          ]}
          extra={<span className="contact-form__counter tabular-nums">{characterCounter(subject, SUBJECT_MAX)}</span>}
        >
          <Input maxLength={SUBJECT_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Message"
          name="message"
          required
          rules={[
            {
              validator: (_rule, value: string | undefined) => {
                const problem = messageError(value);
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
          extra={<span className="contact-form__counter tabular-nums">{characterCounter(message, MESSAGE_MAX)}</span>}
        >
          <Input.TextArea rows={6} />
        </Form.Item>
        <div className="contact-form__footer">
          {/* Not greyed out with the rest of the form while sending: it shows 'Sending...' instead. */}
          <Button type="primary" htmlType="submit" size="large" icon={<SendOutlined aria-hidden="true" />} loading={sending} disabled={false}>
            {sending ? 'Sending...' : 'Send Message'}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
