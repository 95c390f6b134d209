import { z } from 'zod';
import { CONTACT_STATUSES } from '../domain/contact-message';

const status = z.enum(CONTACT_STATUSES).meta({ id: 'ContactStatus' });

/** Response shapes of the contact API; the views the controllers return are inferred from them. */
export const contactResponseViewSchema = z
  .object({ id: z.uuid(), responseText: z.string(), respondedBy: z.string(), isPublic: z.boolean(), createdAt: z.string() })
  .meta({ id: 'ContactResponse' });

/** A message as the admin panel sees it, with its responses (oldest first). */
export const contactMessageViewSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    category: z.string(),
    status,
    priority: z.string(),
    userId: z.string().nullable(),
    ipAddress: z.string().nullable(),
    assignedTo: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    responses: z.array(contactResponseViewSchema),
  })
  .meta({ id: 'ContactMessage' });

export const statusResultSchema = z.object({ id: z.uuid(), status, message: z.string() }).meta({ id: 'ContactStatusResult' });

export const submittedMessageSchema = z.object({ id: z.uuid(), status, message: z.string() }).meta({ id: 'ContactSubmitted' });

export type ContactResponseView = z.infer<typeof contactResponseViewSchema>;
export type ContactMessageView = z.infer<typeof contactMessageViewSchema>;
export type StatusResult = z.infer<typeof statusResultSchema>;
export type SubmittedMessage = z.infer<typeof submittedMessageSchema>;
