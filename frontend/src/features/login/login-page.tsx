import { Alert, Button, Card, Divider, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useGetCurrentUserQuery } from '../../api/api';
import { errorStatus, serverMessage } from '../../api/server-message';
import { CONNECTION_FAILED_MESSAGE, isApiError } from '../../api/transport-error';
import { notify, NOTICES } from '../../app/notify';
import { PageHeader } from '../../components/page-header';
import { useLoginMutation } from '../auth/api';
import { currentPasswordRules, EMAIL_MAX_LENGTH, emailRules } from '../auth/validation';
import '../auth/auth.css';

interface LoginValues {
  email: string;
  password: string;
}

/** 423: the account is locked after too many failed sign-ins in a row; a password reset unlocks it. */
const LOCKED = 423;

/**
 * The message for a failed sign-in: the server's own for rate limits, a locked account and a paid
 * signup never paid for (403: the right password, so it says what to do), the spec's fallback else.
 */
function loginFailureMessage(error: unknown): string {
  const status = errorStatus(error);
  if (status === 429 || status === 403 || status === LOCKED) return serverMessage(error) ?? NOTICES.loginFailedDescription;
  if (isApiError(error) && error.status === 'FETCH_ERROR') return CONNECTION_FAILED_MESSAGE;
  return NOTICES.loginFailedDescription;
}

export function LoginPage() {
  const { data: user, isLoading: userLoading } = useGetCurrentUserQuery();
  const [login, loginState] = useLoginMutation();
  const [failure, setFailure] = useState<{ message: string; unpaidSignup: boolean; locked: boolean; email: string } | null>(null);
  const navigate = useNavigate();

  // Someone already signed in has nothing to do here (spec, section 6). Not after signing in on
  // this page: that goes home instead.
  if (!userLoading && user && loginState.isUninitialized) return <Navigate to="/profile" replace />;

  const onFinish = async (values: LoginValues) => {
    setFailure(null);
    try {
      await login({ email: values.email.trim(), password: values.password }).unwrap();
      await navigate('/');
    } catch (error) {
      const message = loginFailureMessage(error);
      setFailure({ message, unpaidSignup: errorStatus(error) === 403, locked: errorStatus(error) === LOCKED, email: values.email.trim() });
      notify.error(NOTICES.loginFailed, message);
    }
  };

  return (
    <div className="auth-page auth-page--narrow">
      <PageHeader title="Sign In" lead="Welcome back. Sign in to upload photos, manage your gallery and see your plan." />
      <Card className="auth-card">
        <Form<LoginValues>
          className="auth-form"
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          onValuesChange={() => {
            if (failure) setFailure(null);
          }}
        >
          {failure && (
            <Alert
              className="auth-form__alert"
              type={failure.unpaidSignup ? 'warning' : 'error'}
              showIcon
              title={failure.message}
              action={
                failure.unpaidSignup ? (
                  // The address comes along in the page state (not the URL), so signing up again starts from it.
                  <Link to="/signup" state={{ email: failure.email }}>
                    Sign Up Again
                  </Link>
                ) : failure.locked ? (
                  <Link to="/forgot-password">Reset Password</Link>
                ) : undefined
              }
            />
          )}
          <Form.Item label="Email" name="email" rules={emailRules} validateFirst>
            <Input type="email" autoComplete="email" maxLength={EMAIL_MAX_LENGTH} inputMode="email" />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={currentPasswordRules}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <div className="auth-form__aside">
            <Link to="/forgot-password">Forgot your password?</Link>
          </div>
          <Button type="primary" htmlType="submit" size="large" block loading={loginState.isLoading}>
            Sign In
          </Button>
        </Form>
        <Divider plain>or</Divider>
        <ul className="auth-links">
          <li>
            Don&apos;t have an account? <Link to="/signup">Sign up</Link>
          </li>
          <li>
            <Link to="/">Continue as guest</Link>
          </li>
        </ul>
      </Card>
    </div>
  );
}
