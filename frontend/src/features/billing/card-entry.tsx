import { ExperimentOutlined, LockOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { errorStatus, serverMessage } from '../../api/server-message';
import { palette, fontFamily } from '../../app/theme';
import {
  useConfirmSandboxPaymentMutation,
  useConfirmSandboxSetupMutation,
  useGetBillingConfigQuery,
  type SandboxCard,
} from './api';
import {
  cardNumberProblem,
  cvcProblem,
  expiryProblem,
  formatCardNumber,
  formatExpiry,
  SANDBOX_DECLINED_CARD,
  SANDBOX_TEST_CARD,
} from './sandbox-card';
import { loadStripe, type StripeElements, type StripeJs } from './stripe-js';
import './billing.css';

/** How confirming the card went. `invalid`: a field needs fixing (shown under it); no toast. */
export type ConfirmOutcome =
  | { status: 'confirmed' }
  | { status: 'invalid' }
  | { status: 'declined'; message: string }
  | { status: 'failed'; message: string };

export interface CardEntryHandle {
  /** Saves the card (setup) or pays (payment) with what was entered. */
  confirm(): Promise<ConfirmOutcome>;
}

interface CardEntryProps {
  ref?: Ref<CardEntryHandle>;
  /** setup: save the card for the subscription (signup); payment: pay the first invoice (upgrade). */
  mode: 'setup' | 'payment';
  clientSecret: string;
  /** Where Stripe sends the visitor back after a bank's own check (3-D Secure), e.g. '/subscription?success=true'. */
  returnPath: string;
  disabled?: boolean;
  /** Enter in a field submits, as the step's main button would. */
  onSubmit?: () => void;
}

const FAILED = 'The card could not be confirmed. Please try again.';

/**
 * The card part of a payment step. With Stripe configured it is Stripe's own Payment Element;
 * otherwise the sandbox's test-card form, clearly labelled as taking no real money.
 */
export function CardEntry(props: CardEntryProps) {
  const { data: config, isLoading, isError, refetch } = useGetBillingConfigQuery();
  if (isLoading) return <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  if (isError || !config) {
    return (
      <Alert
        type="error"
        showIcon
        title="The payment form could not be loaded."
        action={
          <Button size="small" onClick={() => void refetch()}>
            Try Again
          </Button>
        }
      />
    );
  }
  if (config.provider === 'stripe' && config.publishableKey) {
    return <StripeCardEntry {...props} publishableKey={config.publishableKey} />;
  }
  return <SandboxCardEntry {...props} />;
}

function SandboxCardEntry({ ref, mode, clientSecret, disabled = false, onSubmit }: CardEntryProps) {
  const [form] = Form.useForm<SandboxCard>();
  const [confirmSetup] = useConfirmSandboxSetupMutation();
  const [confirmPayment] = useConfirmSandboxPaymentMutation();
  const titleId = useId();

  useImperativeHandle(
    ref,
    () => ({
      confirm: async () => {
        try {
          await form.validateFields();
        } catch {
          return { status: 'invalid' };
        }
        const card = form.getFieldsValue();
        const confirm = mode === 'setup' ? confirmSetup : confirmPayment;
        try {
          await confirm({ clientSecret, ...card }).unwrap();
          return { status: 'confirmed' };
        } catch (error) {
          const message = serverMessage(error) ?? FAILED;
          return errorStatus(error) === 402 ? { status: 'declined', message } : { status: 'failed', message };
        }
      },
    }),
    [form, mode, clientSecret, confirmSetup, confirmPayment],
  );

  return (
    <section className="sandbox-card" aria-labelledby={titleId}>
      <div className="sandbox-card__banner">
        <ExperimentOutlined aria-hidden="true" />
        <h3 id={titleId} className="sandbox-card__title">
          Sandbox payments — no real charge
        </h3>
      </div>
      <p className="sandbox-card__help">
        This site takes test cards only. Use <strong className="tabular-nums">{SANDBOX_TEST_CARD}</strong> with any
        future expiry date and any 3-digit CVC; <span className="tabular-nums">{SANDBOX_DECLINED_CARD}</span> is
        declined.
      </p>
      <Form<SandboxCard>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={disabled}
        className="sandbox-card__form"
        onFinish={() => onSubmit?.()}
        initialValues={{ cardNumber: '', expiry: '', cvc: '' }}
      >
        <Form.Item
          label="Card number"
          name="cardNumber"
          normalize={formatCardNumber}
          validateTrigger="onBlur"
          rules={[{ validator: async (_rule, value: string) => rejectIf(cardNumberProblem(value ?? '')) }]}
        >
          <Input inputMode="numeric" autoComplete="off" placeholder={SANDBOX_TEST_CARD} maxLength={19} prefix={<LockOutlined aria-hidden="true" />} />
        </Form.Item>
        <div className="sandbox-card__row">
          <Form.Item
            label="Expiry (MM/YY)"
            name="expiry"
            normalize={formatExpiry}
            validateTrigger="onBlur"
            rules={[{ validator: async (_rule, value: string) => rejectIf(expiryProblem(value ?? '', new Date())) }]}
          >
            <Input inputMode="numeric" autoComplete="off" placeholder="12/34" maxLength={5} />
          </Form.Item>
          <Form.Item
            label="CVC"
            name="cvc"
            normalize={(value: string) => value.replace(/\D/g, '').slice(0, 4)}
            validateTrigger="onBlur"
            rules={[{ validator: async (_rule, value: string) => rejectIf(cvcProblem(value ?? '')) }]}
          >
            <Input inputMode="numeric" autoComplete="off" placeholder="123" maxLength={4} />
          </Form.Item>
        </div>
        {/* Lets Enter submit the step; the visible button is the step's own. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </section>
  );
}

async function rejectIf(problem: string | null): Promise<void> {
  if (problem) throw new Error(problem);
}

function StripeCardEntry({ ref, mode, clientSecret, returnPath, publishableKey }: CardEntryProps & { publishableKey: string }) {
  const mountPoint = useRef<HTMLDivElement>(null);
  const ready = useRef<{ stripe: StripeJs; elements: StripeElements } | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    setState('loading');
    loadStripe(publishableKey).then(
      (stripe) => {
        if (cancelled || !mountPoint.current) return;
        const elements = stripe.elements({
          clientSecret,
          appearance: { theme: 'stripe', variables: { colorPrimary: palette.forest, colorText: palette.stoneText, fontFamily } },
        });
        const element = elements.create('payment', { layout: 'tabs' });
        element.mount(mountPoint.current);
        destroy = () => element.destroy();
        ready.current = { stripe, elements };
        setState('ready');
      },
      () => {
        if (!cancelled) setState('error');
      },
    );
    return () => {
      cancelled = true;
      ready.current = null;
      destroy?.();
    };
  }, [publishableKey, clientSecret]);

  useImperativeHandle(
    ref,
    () => ({
      confirm: async () => {
        const current = ready.current;
        if (!current) return { status: 'failed', message: 'The payment form is still loading. Please try again.' };
        const confirmParams = { return_url: new URL(returnPath, window.location.origin).toString() };
        const options = { elements: current.elements, redirect: 'if_required' as const, confirmParams };
        const result = mode === 'setup' ? await current.stripe.confirmSetup(options) : await current.stripe.confirmPayment(options);
        if (!result.error) return { status: 'confirmed' };
        // Stripe shows field mistakes inside its own form.
        if (result.error.type === 'validation_error') return { status: 'invalid' };
        const message = result.error.message ?? FAILED;
        return result.error.type === 'card_error' ? { status: 'declined', message } : { status: 'failed', message };
      },
    }),
    [mode, returnPath],
  );

  return (
    <section className="stripe-card" aria-label="Card details">
      {state === 'loading' && <Skeleton active title={false} paragraph={{ rows: 3 }} />}
      {state === 'error' && <Alert type="error" showIcon title="The secure payment form could not be loaded." description="Please check your connection and reload the page." />}
      <div ref={mountPoint} />
      <p className="stripe-card__note">
        <LockOutlined aria-hidden="true" /> Card details go straight to Stripe; Wildframe never sees them.
      </p>
    </section>
  );
}
