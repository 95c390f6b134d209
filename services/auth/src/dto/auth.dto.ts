import { PLAN_ORDER } from '@wildframe/contracts';
import type { PlanId } from '@wildframe/contracts';
import { z } from 'zod';

/** Request bodies with the spec's validation messages (spec section 5). */
const text = (message: string, max?: { length: number; message: string }) => {
  const base = z.string({ error: message }).trim().min(1, message);
  return max ? base.max(max.length, max.message) : base;
};

const email = z.string({ error: 'Please enter a valid email address' }).trim().max(255, 'Please enter a valid email address').pipe(z.email('Please enter a valid email address'));
const newPassword = z
  .string({ error: 'Password must be at least 8 characters' })
  .min(8, 'Password must be at least 8 characters')
  .max(256, 'Password must be 256 characters or less');
const firstName = text('First name is required', { length: 100, message: 'First name must be 100 characters or less' });
const lastName = text('Last name is required', { length: 100, message: 'Last name must be 100 characters or less' });

export const signupBody = z.object({
  email,
  firstName,
  lastName,
  password: newPassword,
  plan: z.enum(PLAN_ORDER as [PlanId, ...PlanId[]], { error: 'Please choose a plan' }),
});

export const loginBody = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});

/** PATCH /api/admin/users/{id}/plan */
export const adminPlanBody = z.object({ plan: z.enum(PLAN_ORDER as [PlanId, ...PlanId[]], { error: 'Please choose a plan' }) });

/** Sensitive changes (e-mail, security questions, password) need it: a stolen session token is not enough. */
const currentPassword = z.string({ error: 'Please enter your current password' }).min(1, 'Please enter your current password').max(256, 'Current password is incorrect');

/** The current password is needed only when the e-mail changes; the service decides. */
export const profileBody = z.object({ firstName, lastName, email, currentPassword: z.string().max(256, 'Current password is incorrect').optional() });

export const changePasswordBody = z
  .object({
    currentPassword,
    newPassword,
    confirmPassword: z.string({ error: 'Please confirm your password' }).min(8, 'Please confirm your password'),
  })
  .refine((b) => b.newPassword === b.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

export const forgotPasswordBody = z.object({ email });

export const verifyAnswersBody = z.object({
  email,
  answer1: text('Answer 1 is required'),
  answer2: text('Answer 2 is required'),
  answer3: text('Answer 3 is required'),
});

export const resetPasswordBody = z
  .object({
    email,
    newPassword,
    confirmPassword: z.string({ error: 'Please confirm your password' }).min(8, 'Please confirm your password'),
    resetToken: z.string({ error: 'Please answer your security questions first' }).min(1, 'Please answer your security questions first'),
  })
  .refine((b) => b.newPassword === b.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

export const securityQuestionsBody = z
  .object({
    currentPassword,
    question1: text('Question 1 is required'),
    question2: text('Question 2 is required'),
    question3: text('Question 3 is required'),
    answer1: text('Answer 1 is required', { length: 200, message: 'Answers must be 200 characters or less' }),
    answer2: text('Answer 2 is required', { length: 200, message: 'Answers must be 200 characters or less' }),
    answer3: text('Answer 3 is required', { length: 200, message: 'Answers must be 200 characters or less' }),
  })
  .refine((b) => new Set([b.question1, b.question2, b.question3]).size === 3, {
    message: 'Please select three different security questions.',
  });

export type SignupBody = z.infer<typeof signupBody>;
export type LoginBody = z.infer<typeof loginBody>;
export type ProfileBody = z.infer<typeof profileBody>;
export type VerifyAnswersBody = z.infer<typeof verifyAnswersBody>;
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
export type SecurityQuestionsBody = z.infer<typeof securityQuestionsBody>;
export type AdminPlanBody = z.infer<typeof adminPlanBody>;
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/**
 * Optional paging of the admin's user list: without either parameter the whole list comes back,
 * as the spec's admin panel expects; with one, a page (default page 1, 50 per page).
 */
export const listPageQuery = z
  .object({
    page: z.coerce.number({ error: 'Page must be a positive number' }).int('Page must be a positive number').min(1, 'Page must be a positive number').optional(),
    limit: z.coerce.number({ error: 'Limit must be between 1 and 100' }).int('Limit must be between 1 and 100').min(1, 'Limit must be between 1 and 100').max(100, 'Limit must be between 1 and 100').optional(),
  })
  .transform((q) => (q.page === undefined && q.limit === undefined ? undefined : { page: q.page ?? 1, limit: q.limit ?? 50 }));
export type ListPageQuery = z.infer<typeof listPageQuery>;
