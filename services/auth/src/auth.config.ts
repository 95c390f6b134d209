import { databaseEnv, envField, eventBusEnv, identityEnv, imageWorkersEnv, listenEnv, loggingEnv, requireDriverSettings, storageEnv, trustProxyEnv } from '@wildframe/platform';
import { z } from 'zod';

/** Everything the auth service reads from its environment; validated at start-up. */
export const authConfigSchema = z
  .object({
    PORT: envField.port(3001),
    ...listenEnv,
    ...trustProxyEnv,
    ...loggingEnv,
    ...eventBusEnv,
    ...identityEnv,
    ...storageEnv,
    ...databaseEnv,
    /** Profile photos are decoded in these workers. */
    ...imageWorkersEnv,
    /** The site admin, created at first start when both are set. */
    ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    SESSION_TTL_DAYS: envField.positiveInt(30),
    /**
     * Failed attempts allowed per account from one address (and, ×4, per address across accounts)
     * within the window before 429: sign-in, security answers, resets.
     */
    AUTH_MAX_FAILED_ATTEMPTS: envField.positiveInt(5),
    AUTH_RATE_LIMIT_WINDOW_MINUTES: envField.positiveInt(15),
    /**
     * Failed sign-ins in a row on one account, from every address together, after which it signs
     * in only once its password is reset through the security questions (NIST SP 800-63B: at most 100).
     */
    /** Free (explorer) signups accepted per address in an hour, counted across replicas. */
    AUTH_MAX_SIGNUPS_PER_HOUR: envField.positiveInt(5),
    AUTH_MAX_CONSECUTIVE_FAILURES: envField.positiveInt(100).refine((value) => value <= 100, 'must be at most 100 (NIST SP 800-63B)'),
    /** Shared secret of the internal accounts API (`x-internal-token`); required when that API is exposed. */
    INTERNAL_API_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** During a rotation, a second accepted token (the one rotated in, then out); callers present INTERNAL_API_TOKEN. */
    INTERNAL_API_TOKEN_PREVIOUS: z.string().min(16, 'must be at least 16 characters').optional(),
  })
  .superRefine(requireDriverSettings)
  .superRefine((value, ctx) => {
    if (Boolean(value.ADMIN_EMAIL) !== Boolean(value.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: [value.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'], message: 'is required when the other admin variable is set' });
    }
  });

export type AuthConfig = z.infer<typeof authConfigSchema>;

/** The distributed service exposes the internal accounts API (billing calls it), so it needs the token. */
export const authServiceConfigSchema = authConfigSchema.superRefine((value, ctx) => {
  if (!value.INTERNAL_API_TOKEN) ctx.addIssue({ code: 'custom', path: ['INTERNAL_API_TOKEN'], message: 'is required when the internal API is exposed' });
});

export const AUTH_CONFIG = Symbol('AUTH_CONFIG');
