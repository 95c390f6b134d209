import { z } from 'zod';
import { photoDetailSchema } from '../dto/photos.responses';

const REASON_MAX = 500;
const reasonTooLong = `Reason must be ${REASON_MAX} characters or less`;

/** Approving needs no reason; one given is kept in the audit trail. Blank means none. */
export const approveBody = z
  .object({
    reason: z
      .string({ error: 'Reason must be text' })
      .trim()
      .max(REASON_MAX, reasonTooLong)
      .optional()
      .transform((v) => v || null),
  })
  .meta({ id: 'PhotoApproval' });

/** Rejecting (the spec's delete) needs the admin's reason, kept in the audit trail and announced. */
export const rejectBody = z
  .object({
    reason: z.string({ error: 'Reason is required' }).trim().min(1, 'Reason is required').max(REASON_MAX, reasonTooLong),
  })
  .meta({ id: 'PhotoRejection' });

export type ApproveBody = z.infer<typeof approveBody>;
export type RejectBody = z.infer<typeof rejectBody>;

export const approvedSchema = z.object({ message: z.string(), photo: photoDetailSchema }).meta({ id: 'PhotoApproved', description: 'The photo, no longer held: it may be made public and featured, and shows its category.' });

export type Approved = z.infer<typeof approvedSchema>;
