import { PLAN_ORDER } from '@wildframe/contracts';
import type { PlanId } from '@wildframe/contracts';
import { z } from 'zod';

/** Response shapes of the billing API; the controllers' return types are inferred from them. */
const planId = z.enum(PLAN_ORDER as [PlanId, ...PlanId[]]).meta({ id: 'PlanId' });
const paidPlanId = z.enum(['enthusiast', 'professional']);

export const planDefinitionSchema = z
  .object({
    id: planId,
    name: z.string(),
    /** US dollars. */
    monthlyPrice: z.number(),
    annualMonthlyPrice: z.number(),
    annualPrice: z.number(),
    annualSavings: z.string().nullable(),
    limits: z.object({ storageMB: z.number(), dailyUploads: z.number().int(), fileSizeMB: z.number() }),
    editingTips: z.enum(['none', 'standard', 'advanced']),
    features: z.array(z.string()).readonly(),
    comingSoon: z.array(z.string()).readonly(),
  })
  .meta({ id: 'PlanDefinition' });

export const plansResponseSchema = z
  .object({
    plans: z.array(planDefinitionSchema),
    promo: z.object({ code: z.string(), percentOff: z.number(), months: z.number().int(), appliesTo: z.literal('monthly') }),
  })
  .meta({ id: 'PlansResponse' });

export const billingClientConfigSchema = z
  .object({
    provider: z.enum(['sandbox', 'stripe']),
    /** Stripe only: the web loads Stripe Elements with it. */
    publishableKey: z.string().optional(),
  })
  .meta({ id: 'BillingClientConfig' });

export const subscriptionSummarySchema = z
  .object({
    id: z.string(),
    plan: paidPlanId,
    isAnnual: z.boolean(),
    status: z.enum(['incomplete', 'active', 'past_due', 'ended', 'replaced', 'abandoned']),
    /** ISO-8601; when the plan renews, or ends if canceled. */
    currentPeriodEnd: z.string().nullable(),
    cancelAtPeriodEnd: z.boolean(),
    promoCode: z.string().nullable(),
    provider: z.string(),
  })
  .meta({ id: 'SubscriptionSummary' });

export const currentSubscriptionSchema = z.object({ subscription: z.union([subscriptionSummarySchema, z.null()]) }).meta({ id: 'CurrentSubscription' });

/** The account as auth returns it (contracts: AccountView). */
const accountViewSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    profileImageUrl: z.string().nullable(),
    plan: planId,
    planExpiry: z.string().nullable(),
    isActive: z.boolean(),
    isAdmin: z.boolean(),
    isSiteAdmin: z.boolean(),
    createdAt: z.string(),
  })
  .describe('The account, signed in');

export const signupSetupSchema = z.object({ clientSecret: z.string(), setupIntentId: z.string() }).meta({ id: 'SignupSetup' });

export const completedSignupSchema = z
  .object({ sessionToken: z.string(), user: accountViewSchema, subscription: subscriptionSummarySchema })
  .meta({ id: 'CompletedSignup' });

export const upgradePaymentSchema = z
  .object({
    subscriptionId: z.string(),
    /** `requires_payment_method` while a card is needed; the provider's status otherwise (e.g. active). */
    status: z.string(),
    /** Only when status is requires_payment_method: confirms the payment (Stripe.js or the sandbox form). */
    clientSecret: z.string().optional(),
    plan: paidPlanId,
    isAnnual: z.boolean(),
    /** US dollars charged now (the credit already taken off). */
    amountDue: z.number(),
    /** US dollars taken off this payment: the unused part of the current plan's paid period, and any account credit. */
    credit: z.number(),
    /**
     * US dollars of account credit left once this payment is made (the unused part beyond this
     * payment, and any account credit it does not use): taken off the following invoices.
     */
    creditCarried: z.number(),
    currency: z.literal('usd'),
    promoCode: z.string().nullable(),
  })
  .meta({ id: 'UpgradePayment' });

export const completedUpgradeSchema = z
  .object({ plan: paidPlanId, planExpiry: z.string().nullable(), subscription: subscriptionSummarySchema })
  .meta({ id: 'CompletedUpgrade' });

export const cancellationSchema = z
  .object({
    /** ISO-8601: the plan is kept until then, then reverts to explorer. */
    accessUntil: z.string().nullable(),
    subscription: subscriptionSummarySchema,
  })
  .meta({ id: 'Cancellation' });

export const resumptionSchema = z.object({ subscription: subscriptionSummarySchema }).meta({ id: 'Resumption' });

export const sandboxSetupResultSchema = z
  .object({ setupIntentId: z.string(), status: z.string(), paymentMethod: z.object({ brand: z.string(), last4: z.string() }) })
  .meta({ id: 'SandboxSetupResult' });

export const sandboxPaymentResultSchema = z.object({ status: z.literal('succeeded'), subscriptionId: z.string() }).meta({ id: 'SandboxPaymentResult' });

export const webhookReceiptSchema = z.object({ received: z.literal(true), duplicate: z.boolean() }).meta({ id: 'WebhookReceipt' });

export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;
export type BillingClientConfig = z.infer<typeof billingClientConfigSchema>;
export type SignupSetup = z.infer<typeof signupSetupSchema>;
export type UpgradePayment = z.infer<typeof upgradePaymentSchema>;
export type CompletedUpgrade = z.infer<typeof completedUpgradeSchema>;
export type Cancellation = z.infer<typeof cancellationSchema>;
export type Resumption = z.infer<typeof resumptionSchema>;
export type WebhookReceipt = z.infer<typeof webhookReceiptSchema>;
