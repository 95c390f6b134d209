import { PLAN_ORDER } from '@wildframe/contracts';
import type { PlanId } from '@wildframe/contracts';
import { z } from 'zod';

/** Request bodies with the spec's validation messages (spec, sections 5 and 7). */
const requiredText = (message: string, max: { length: number; message: string }) =>
  z.string({ error: message }).trim().min(1, message).max(max.length, max.message);

const email = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .max(255, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));
const plan = z.enum(PLAN_ORDER as [PlanId, ...PlanId[]], { error: 'Please choose a plan' });
const isAnnual = z.boolean({ error: 'Please choose monthly or annual billing' });
/** Optional; an empty field means no code. */
const promoCode = z
  .string({ error: 'This promo code is not valid' })
  .trim()
  .max(40, 'This promo code is not valid')
  .optional()
  .transform((v) => (v ? v : undefined));

export const createSubscriptionSignupBody = z.object({
  email,
  firstName: requiredText('First name is required', { length: 100, message: 'First name must be 100 characters or less' }),
  lastName: requiredText('Last name is required', { length: 100, message: 'Last name must be 100 characters or less' }),
  password: z
    .string({ error: 'Password must be at least 8 characters' })
    .min(8, 'Password must be at least 8 characters')
    .max(256, 'Password must be 256 characters or less'),
  plan,
  isAnnual,
});

export const completeSubscriptionBody = z.object({
  setupIntentId: z.string({ error: 'setupIntentId is required' }).trim().min(1, 'setupIntentId is required').max(255, 'setupIntentId is not valid'),
  plan,
  isAnnual,
  promoCode,
});

export const upgradeBody = z.object({ plan, isAnnual, promoCode });

export const completeUpgradeBody = z.object({ plan, isAnnual });

/** The sandbox card form (test cards only; the number is never stored). */
export const sandboxCardBody = z.object({
  clientSecret: z.string({ error: 'clientSecret is required' }).trim().min(1, 'clientSecret is required').max(128, 'clientSecret is not valid'),
  cardNumber: z.string({ error: 'Please enter your card number' }).trim().min(1, 'Please enter your card number').max(32, 'Please enter your card number'),
  expiry: z.string({ error: 'Please enter the expiry date as MM/YY' }).trim().min(1, 'Please enter the expiry date as MM/YY').max(10, 'Please enter the expiry date as MM/YY'),
  cvc: z.string({ error: 'Please enter the 3-digit security code (CVC)' }).trim().min(1, 'Please enter the 3-digit security code (CVC)').max(4, 'Please enter the 3-digit security code (CVC)'),
});

export type CreateSubscriptionSignupBody = z.infer<typeof createSubscriptionSignupBody>;
export type CompleteSubscriptionBody = z.infer<typeof completeSubscriptionBody>;
export type UpgradeBody = z.infer<typeof upgradeBody>;
export type CompleteUpgradeBody = z.infer<typeof completeUpgradeBody>;
export type SandboxCardBody = z.infer<typeof sandboxCardBody>;
