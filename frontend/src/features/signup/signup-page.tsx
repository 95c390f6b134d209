import { Alert, Button, Card, Form, Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorStatus, serverMessage } from '../../api/server-message';
import type { PlanName } from '../../api/types';
import { notify, NOTICES } from '../../app/notify';
import { PageHeader } from '../../components/page-header';
import { useSignupMutation } from '../auth/api';
import {
  EMAIL_MAX_LENGTH,
  emailRules,
  firstNameRules,
  lastNameRules,
  NAME_MAX_LENGTH,
  newPasswordRules,
} from '../auth/validation';
import { SignupPaymentStep } from '../billing/signup-payment-step';
import { useGetPlansQuery } from '../plans/api';
import { BillingSwitch } from '../plans/billing-switch';
import { PlanPicker } from '../plans/plan-picker';
import { planDisplayName, type BillingPeriod } from '../plans/plan-pricing';
import { initialBillingPeriod, initialSignupPlan } from './signup-plan';
import '../auth/auth.css';
import './signup.css';

export interface SignupDetails {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

type Step = 'details' | 'payment';

/** The message under a failed signup: the server's for what the visitor can fix, generic else. */
function signupFailureMessage(error: unknown): string {
  const status = errorStatus(error);
  const message = serverMessage(error);
  return (status === 400 || status === 409) && message ? message : NOTICES.signupFailedDescription;
}

/** The address a sign-in on an unpaid signup hands over (login's 'Sign Up Again'), if any. */
function handedOverEmail(state: unknown): string | undefined {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email.length <= EMAIL_MAX_LENGTH ? email : undefined;
}

function SignupFlow({ planParam, billingParam, initialEmail }: { planParam: string | null; billingParam: string | null; initialEmail?: string }) {
  const [initial] = useState(() => initialSignupPlan(planParam));
  const [plan, setPlan] = useState<PlanName>(initial.plan);
  // Annual billing is on by default, as on pricing (spec, section 9 "Billing"); a period chosen on
  // pricing comes along as ?billing=.
  const [billing, setBilling] = useState<BillingPeriod>(() => initialBillingPeriod(billingParam));
  const [step, setStep] = useState<Step>('details');
  const [details, setDetails] = useState<SignupDetails | null>(null);
  const [form] = Form.useForm<SignupDetails>();
  const [signup, signupState] = useSignupMutation();
  const { data: catalogue } = useGetPlansQuery();
  const navigate = useNavigate();
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Each step change moves focus to the new step's heading, so keyboard and screen-reader users
  // land where the page changed.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    stepHeading.current?.focus();
  }, [step]);

  const createAccount = async (values: SignupDetails) => {
    try {
      await signup({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        password: values.password,
        plan: 'explorer',
      }).unwrap();
      notify.success(NOTICES.welcome);
      await navigate('/');
    } catch (error) {
      const message = signupFailureMessage(error);
      if (errorStatus(error) === 409) {
        setStep('details');
        form.setFields([{ name: 'email', errors: [message] }]);
      }
      notify.error(NOTICES.signupFailed, message);
    }
  };

  const onFinish = (values: SignupDetails) => {
    if (plan === 'explorer') {
      void createAccount(values);
      return;
    }
    setDetails(values);
    setStep('payment');
  };

  const chosenPlan = catalogue?.plans.find((candidate) => candidate.id === plan);

  return (
    <>
      {initial.fromLink && step === 'details' && (
        <Alert
          className="auth-note signup-banner"
          type="success"
          showIcon
          title="Great choice!"
          description={`You picked the ${planDisplayName(initial.plan)} plan. You can still change it below.`}
        />
      )}

      {step === 'payment' && details && (
        <SignupPaymentStep
          headingRef={stepHeading}
          details={details}
          planName={plan}
          plan={chosenPlan}
          billing={billing}
          onBack={() => setStep('details')}
        />
      )}

      <div hidden={step !== 'details'}>
        <Form<SignupDetails>
          form={form}
          initialValues={initialEmail ? { email: initialEmail } : undefined}
          className="auth-form signup-form"
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
        >
          <Card className="auth-card signup-section">
            <h2 className="signup-section__title" ref={step === 'details' ? stepHeading : undefined} tabIndex={-1}>
              Your details
            </h2>
            <div className="signup-fields">
              <Form.Item label="First name" name="firstName" rules={firstNameRules}>
                <Input autoComplete="given-name" maxLength={NAME_MAX_LENGTH} />
              </Form.Item>
              <Form.Item label="Last name" name="lastName" rules={lastNameRules}>
                <Input autoComplete="family-name" maxLength={NAME_MAX_LENGTH} />
              </Form.Item>
              <Form.Item label="Email" name="email" rules={emailRules} validateFirst>
                <Input type="email" autoComplete="email" inputMode="email" maxLength={EMAIL_MAX_LENGTH} />
              </Form.Item>
              <Form.Item
                label="Password"
                name="password"
                rules={newPasswordRules}
                validateFirst
                extra="At least 8 characters."
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </div>
          </Card>

          <section className="signup-section signup-plans" aria-labelledby="signup-plans-title">
            <div className="signup-plans__head">
              <h2 className="signup-section__title" id="signup-plans-title">
                Choose your plan
              </h2>
              <BillingSwitch value={billing} onChange={setBilling} />
            </div>
            <PlanPicker name="plan" legend="Plan" hideLegend value={plan} onChange={setPlan} billing={billing} />
          </section>

          <div className="auth-actions signup-actions">
            <span className="auth-actions__start">
              Already have an account? <Link to="/login">Sign in</Link>
            </span>
            <Button type="primary" htmlType="submit" size="large" loading={signupState.isLoading}>
              {plan === 'explorer' ? 'Create Account' : 'Continue to Payment'}
            </Button>
          </div>
        </Form>
      </div>
    </>
  );
}

export function SignupPage() {
  const [searchParams] = useSearchParams();
  const planParam = searchParams.get('plan');
  const billingParam = searchParams.get('billing');
  const initialEmail = handedOverEmail(useLocation().state);
  return (
    <div className="auth-page signup-page">
      <PageHeader
        title="Create Your Account"
        lead="Join Wildframe to keep your photos in one place, follow your AI ratings over time and share your work in the community gallery. Choose the plan that fits how you shoot."
      />
      {/* A new ?plan= link starts the form over with that plan. */}
      <SignupFlow key={`${planParam ?? ''}:${billingParam ?? ''}`} planParam={planParam} billingParam={billingParam} initialEmail={initialEmail} />
    </div>
  );
}
