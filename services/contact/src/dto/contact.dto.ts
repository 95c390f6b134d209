import { z } from 'zod';
import { CONTACT_CATEGORIES, CONTACT_STATUSES } from '../domain/contact-message';

/** Request bodies with the spec's validation messages (spec section 5, the lead's wording). */
const required = (message: string, max: number, maxMessage: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, maxMessage);

export const contactMessageBody = z.object({
  name: required('Name is required', 100, 'Name must be 100 characters or less'),
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .max(255, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
  subject: required('Subject is required', 160, 'Subject must be 160 characters or less'),
  message: z
    .string({ error: 'Message must be at least 10 characters' })
    .trim()
    .min(10, 'Message must be at least 10 characters')
    .max(2000, 'Message must be 2000 characters or less'),
  category: z.enum(CONTACT_CATEGORIES, { error: 'Please choose a category' }),
});

/** Why an admin made a change; optional, kept in the audit trail. Blank means none. */
const reason = z
  .string({ error: 'Reason must be text' })
  .trim()
  .max(500, 'Reason must be 500 characters or less')
  .transform((value) => value || null)
  .nullish()
  .transform((value) => value ?? null);

export const statusBody = z.object({
  status: z.enum(CONTACT_STATUSES, { error: 'Please choose a valid status' }),
  reason,
});

export const responseBody = z.object({
  responseText: z
    .string({ error: 'Response is required' })
    .trim()
    .min(1, 'Response is required')
    .max(5000, 'Response must be 5000 characters or less'),
  isPublic: z.boolean({ error: 'isPublic must be true or false' }).default(false),
});

export const reasonBody = z.object({ reason });

export type ContactMessageBody = z.infer<typeof contactMessageBody>;
export type StatusBody = z.infer<typeof statusBody>;
export type ResponseBody = z.infer<typeof responseBody>;
export type ReasonBody = z.infer<typeof reasonBody>;
