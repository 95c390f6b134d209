import { PLAN_ORDER } from '@wildframe/contracts';
import type { PlanId } from '@wildframe/contracts';
import { z } from 'zod';

/**
 * Response shapes of the auth API. The domain types are inferred from them, so a change to what
 * an endpoint returns changes its OpenAPI document (and the generated frontend types) too.
 */
export const planIdSchema = z.enum(PLAN_ORDER as [PlanId, ...PlanId[]]).meta({ id: 'PlanId' });

export const publicUserSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    profileImageUrl: z.string().nullable(),
    plan: planIdSchema,
    /** ISO date-time; null when the plan does not expire. */
    planExpiry: z.string().nullable(),
    isActive: z.boolean(),
    isAdmin: z.boolean(),
    isSiteAdmin: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'PublicUser', description: 'A user as any endpoint may show it: never a hash, never a token.' });

export const signedInSchema = z.object({ sessionToken: z.string(), user: publicUserSchema }).meta({ id: 'SignedIn' });

export const forgotPasswordResultSchema = z
  .object({ hasSecurityQuestions: z.boolean(), questions: z.array(z.string()), message: z.string() })
  .meta({ id: 'ForgotPasswordResult' });

export const verifyAnswersResultSchema = z
  .object({ canResetPassword: z.boolean(), resetToken: z.string(), message: z.string() })
  .meta({ id: 'VerifyAnswersResult' });

export const securityQuestionsStatusSchema = z
  .object({ hasQuestions: z.boolean(), questions: z.array(z.string()) })
  .meta({ id: 'SecurityQuestionsStatus' });

export const questionOptionsSchema = z.object({ questions: z.array(z.string()) }).meta({ id: 'SecurityQuestionOptions' });

export const adminUserViewSchema = publicUserSchema.omit({ profileImageUrl: true }).meta({ id: 'AdminUserView' });

export type PublicUser = z.infer<typeof publicUserSchema>;
export type SignedIn = z.infer<typeof signedInSchema>;
export type ForgotPasswordResult = z.infer<typeof forgotPasswordResultSchema>;
export type AdminUserView = z.infer<typeof adminUserViewSchema>;
