import { z } from 'zod';

export const MAX_PATH_LENGTH = 2048;
export const MAX_REFERRER_LENGTH = 2048;
export const MAX_SESSION_ID_LENGTH = 64;

/**
 * What the web sends on each route change (after analytics consent). Deliberately nothing that
 * names a person: a path, where the visitor came from, and a random id the browser makes per
 * session. Unknown fields are refused rather than passed on.
 */
export const pageViewSchema = z.strictObject(
  {
    path: z
      .string({ message: 'path is required' })
      .min(1, 'path is required')
      .max(MAX_PATH_LENGTH, `path must be ${MAX_PATH_LENGTH} characters or less`)
      .refine((path) => path.startsWith('/'), "path must start with '/'"),
    referrer: z
      .string({ message: 'referrer must be a string (empty when unknown)' })
      .max(MAX_REFERRER_LENGTH, `referrer must be ${MAX_REFERRER_LENGTH} characters or less`),
    sessionId: z
      .string({ message: 'sessionId is required' })
      .min(1, 'sessionId is required')
      .max(MAX_SESSION_ID_LENGTH, `sessionId must be ${MAX_SESSION_ID_LENGTH} characters or less`)
      .regex(/^[A-Za-z0-9_-]+$/, 'sessionId may contain only letters, digits, - and _'),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : undefined) },
);

export type PageViewInput = z.infer<typeof pageViewSchema>;
