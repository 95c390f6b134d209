import { CheckCircleFilled } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { REDIRECT_SECONDS } from './contact-rules';

/** After a message is sent: counts down from 5 once per second, then goes home (spec, section 4). */
export function ThankYou({ onSendAnother }: { onSendAnother: () => void }) {
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);

  useEffect(() => {
    if (seconds <= 0) {
      void navigate('/');
      return undefined;
    }
    const timer = window.setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [seconds, navigate]);

  return (
    <Card className="contact-card contact-thank-you">
      <CheckCircleFilled className="contact-thank-you__icon" aria-hidden="true" />
      <h1 className="contact-thank-you__title" ref={heading} tabIndex={-1}>
        Thank You!
      </h1>
      <p className="contact-thank-you__text">Your message has been sent successfully. We&apos;ll get back to you within 5 business days.</p>
      <p className="contact-thank-you__countdown" data-testid="redirect-countdown">
        You will be redirected to the homepage in <span className="tabular-nums">{seconds}</span> {seconds === 1 ? 'second' : 'seconds'}.
      </p>
      <div className="contact-thank-you__actions">
        <Button type="primary" size="large" onClick={() => void navigate('/')}>
          Go to Homepage Now
        </Button>
        <Button size="large" onClick={onSendAnother}>
          Send Another Message
        </Button>
      </div>
    </Card>
  );
}
