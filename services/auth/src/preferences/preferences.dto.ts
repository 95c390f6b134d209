import { z } from 'zod';

export const preferencesSchema = z
  .object({
    emailNotifications: z.boolean(),
    /** A public photographer page at /photographers/{id} with name, avatar and public photos. */
    publicProfile: z.boolean(),
  })
  .meta({ id: 'Preferences' });

/** Either preference or both; at least one. */
export const preferencesBody = z
  .object({
    emailNotifications: z.boolean({ error: 'emailNotifications must be true or false' }).optional(),
    publicProfile: z.boolean({ error: 'publicProfile must be true or false' }).optional(),
  })
  .refine((body) => body.emailNotifications !== undefined || body.publicProfile !== undefined, { message: 'Nothing to change' });

export type PreferencesBody = z.infer<typeof preferencesBody>;
