import { ServiceApiDocument } from '@wildframe/platform';
import { z } from 'zod';
import { completeSubscriptionBody, completeUpgradeBody, createSubscriptionSignupBody, sandboxCardBody, upgradeBody } from './dto/billing.dto';
import {
  billingClientConfigSchema,
  cancellationSchema,
  completedSignupSchema,
  completedUpgradeSchema,
  currentSubscriptionSchema,
  plansResponseSchema,
  resumptionSchema,
  sandboxPaymentResultSchema,
  sandboxSetupResultSchema,
  signupSetupSchema,
  upgradePaymentSchema,
  webhookReceiptSchema,
} from './dto/billing.responses';

/**
 * The billing service's public HTTP API. `provider` selects the payment provider's own routes as
 * mounted (sandbox card forms or Stripe's webhook); `all` describes both (the generated web types).
 */
export function billingApiDocument(provider: 'sandbox' | 'stripe' | 'all' = 'all'): ServiceApiDocument {
  const document = new ServiceApiDocument('billing', 'Plans, subscriptions and payments (the offline sandbox or Stripe)')
    .add({ method: 'get', path: '/api/plans', operationId: 'getPlans', summary: 'The plan catalogue and the launch promotion', access: 'public', response: { status: 200, description: 'Plans', json: plansResponseSchema } })
    .add({ method: 'get', path: '/api/billing/config', operationId: 'getBillingConfig', summary: 'Which payment provider the web talks to', access: 'public', response: { status: 200, description: 'Provider', json: billingClientConfigSchema } })
    .add({ method: 'get', path: '/api/billing/subscription', operationId: 'getSubscription', summary: 'The signed-in user’s current paid subscription, if any', access: 'user', response: { status: 200, description: 'Subscription or null', json: currentSubscriptionSchema } })
    .add({ method: 'post', path: '/api/create-subscription-signup', operationId: 'createSubscriptionSignup', summary: 'Start a paid signup: an inactive account and a card setup', access: 'public', body: createSubscriptionSignupBody, response: { status: 200, description: 'Card setup to confirm', json: signupSetupSchema }, errors: [409] })
    .add({ method: 'post', path: '/api/complete-subscription', operationId: 'completeSubscription', summary: 'Finish a paid signup once the card is confirmed: subscribe and sign in', access: 'public', body: completeSubscriptionBody, response: { status: 200, description: 'Signed in on the paid plan', json: completedSignupSchema }, errors: [402, 409] })
    .add({ method: 'post', path: '/api/get-or-create-subscription', operationId: 'getOrCreateSubscription', summary: 'Start (or resume) an upgrade: the payment to confirm', access: 'user', body: upgradeBody, response: { status: 200, description: 'Payment', json: upgradePaymentSchema }, errors: [402, 409] })
    .add({ method: 'post', path: '/api/complete-subscription-upgrade', operationId: 'completeSubscriptionUpgrade', summary: 'Finish an upgrade once paid', access: 'user', body: completeUpgradeBody, response: { status: 200, description: 'Upgraded', json: completedUpgradeSchema }, errors: [402, 409] })
    .add({ method: 'post', path: '/api/cancel-subscription', operationId: 'cancelSubscription', summary: 'Cancel at the end of the paid period', access: 'user', response: { status: 200, description: 'Canceled', json: cancellationSchema }, errors: [404] })
    .add({ method: 'post', path: '/api/resume-subscription', operationId: 'resumeSubscription', summary: 'Take a cancellation back before the paid period ends: the plan renews again', access: 'user', response: { status: 200, description: 'Renews again', json: resumptionSchema }, errors: [404, 409] });
  if (provider !== 'stripe') {
    document
      .add({ method: 'post', path: '/api/billing/sandbox/confirm-setup', operationId: 'sandboxConfirmSetup', summary: 'Sandbox only: save a test card for a paid signup', access: 'public', body: sandboxCardBody, response: { status: 200, description: 'Card saved', json: sandboxSetupResultSchema }, errors: [402, 404] })
      .add({ method: 'post', path: '/api/billing/sandbox/confirm-payment', operationId: 'sandboxConfirmPayment', summary: 'Sandbox only: pay an upgrade with a test card', access: 'public', body: sandboxCardBody, response: { status: 200, description: 'Paid', json: sandboxPaymentResultSchema }, errors: [402, 404] });
  }
  if (provider !== 'sandbox') {
    document.add({
      method: 'post',
      path: '/api/billing/webhook',
      operationId: 'stripeWebhook',
      summary: 'Stripe only: a signed Stripe event (header stripe-signature), handled once per event id',
      access: 'public',
      body: z.record(z.string(), z.unknown()),
      response: { status: 200, description: 'Received', json: webhookReceiptSchema },
    });
  }
  return document;
}
