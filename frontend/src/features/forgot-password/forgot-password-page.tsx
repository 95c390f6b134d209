import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card, Steps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { EmailStep } from './email-step';
import { NewPasswordStep } from './new-password-step';
import { QuestionsStep } from './questions-step';
import '../auth/auth.css';
import './forgot-password.css';

/** Where the visitor is in the recovery: which e-mail, its questions, and the reset token once earned. */
type Recovery =
  | { step: 'email' }
  | { step: 'questions'; email: string; questions: string[] }
  | { step: 'new-password'; email: string; questions: string[]; resetToken: string };

const STEP_INDEX: Record<Recovery['step'], number> = { email: 0, questions: 1, 'new-password': 2 };

/**
 * Password recovery through the three security questions: e-mail, answers, new password, then
 * back to sign in (spec, sections 2 and 4 "Forgot password").
 */
export function ForgotPasswordPage() {
  const [recovery, setRecovery] = useState<Recovery>({ step: 'email' });
  const [lastEmail, setLastEmail] = useState('');
  const navigate = useNavigate();
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    stepHeading.current?.focus();
  }, [recovery.step]);

  const tryDifferentEmail = () => setRecovery({ step: 'email' });

  return (
    <div className="auth-page auth-page--narrow forgot-password-page">
      <Link to="/login" className="auth-back-link">
        <ArrowLeftOutlined aria-hidden="true" /> Back to Sign In
      </Link>
      <PageHeader
        title="Reset Your Password"
        lead="Enter the e-mail address of your account, answer your three security questions, and choose a new password."
      />
      <Steps
        className="recovery-steps"
        size="small"
        titlePlacement="vertical"
        responsive={false}
        current={STEP_INDEX[recovery.step]}
        items={[{ title: 'Email' }, { title: 'Security questions' }, { title: 'New password' }]}
        aria-label="Password reset steps"
      />
      <Card className="auth-card">
        {recovery.step === 'email' && (
          <EmailStep
            headingRef={stepHeading}
            initialEmail={lastEmail}
            onFound={(email, questions) => {
              setLastEmail(email);
              setRecovery({ step: 'questions', email, questions });
            }}
          />
        )}
        {recovery.step === 'questions' && (
          <QuestionsStep
            headingRef={stepHeading}
            email={recovery.email}
            questions={recovery.questions}
            onVerified={(resetToken) => setRecovery({ ...recovery, step: 'new-password', resetToken })}
            onTryDifferentEmail={tryDifferentEmail}
          />
        )}
        {recovery.step === 'new-password' && (
          <NewPasswordStep
            headingRef={stepHeading}
            email={recovery.email}
            resetToken={recovery.resetToken}
            onDone={() => void navigate('/login')}
            onTokenExpired={() =>
              setRecovery({ step: 'questions', email: recovery.email, questions: recovery.questions })
            }
            onTryDifferentEmail={tryDifferentEmail}
          />
        )}
      </Card>
    </div>
  );
}
