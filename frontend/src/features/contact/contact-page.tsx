import { Form } from 'antd';
import { useState } from 'react';
import { serverMessage } from '../../api/server-message';
import { notify, NOTICES } from '../../app/notify';
import { PageHeader } from '../../components/page-header';
import { useSendContactMessageMutation } from './api';
import { CategoryCards } from './category-cards';
import { ContactForm, type ContactValues } from './contact-form';
import type { ContactCategory } from './contact-rules';
import { ResponseTimeCard } from './response-time-card';
import { ThankYou } from './thank-you';
import './contact.css';

/** Contact: categories, response time and the form; then a Thank You screen that goes home (spec, section 2). */
export function ContactPage() {
  const [form] = Form.useForm<ContactValues>();
  const [send, { isLoading: sending }] = useSendContactMessageMutation();
  const [sent, setSent] = useState(false);
  const category = Form.useWatch('category', form);

  const onSend = async (values: ContactValues) => {
    try {
      await send({
        name: values.name.trim(),
        email: values.email.trim(),
        subject: values.subject.trim(),
        message: values.message.trim(),
        category: values.category,
      }).unwrap();
      notify.success(NOTICES.messageSent, NOTICES.messageSentDescription);
      form.resetFields();
      setSent(true);
    } catch (error) {
      notify.error(NOTICES.sendMessageFailed, serverMessage(error) ?? NOTICES.sendMessageFailedDescription);
    }
  };

  const chooseCategory = (next: ContactCategory) => {
    form.setFieldValue('category', next);
    void form.validateFields(['category']);
  };

  if (sent) {
    return (
      <div className="contact-page contact-page--sent">
        <ThankYou onSendAnother={() => setSent(false)} />
      </div>
    );
  }

  return (
    <div className="contact-page">
      <PageHeader
        title="Contact Us"
        lead="Feedback, a support question, a bug report or a feature request: send us a message and we will get back to you."
      />
      <CategoryCards selected={category} onChoose={chooseCategory} />
      <div className="contact-layout">
        <div className="contact-layout__aside">
          <ResponseTimeCard />
        </div>
        <div className="contact-layout__main">
          <ContactForm form={form} sending={sending} onSend={(values) => void onSend(values)} />
        </div>
      </div>
    </div>
  );
}
