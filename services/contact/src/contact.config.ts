import { databaseEnv, envField, eventBusEnv, identityEnv, loggingEnv, requireDriverSettings, trustProxyEnv } from '@wildframe/platform';
import { z } from 'zod';

/** Everything the contact service reads from its environment; validated at start-up. */
export const contactConfigSchema = z
  .object({
    PORT: envField.port(3005),
    ...trustProxyEnv,
    ...loggingEnv,
    ...eventBusEnv,
    ...identityEnv,

    ...databaseEnv,
    /** Messages one client address may send within the window before 429 (spam protection). */
    CONTACT_MAX_MESSAGES_PER_WINDOW: envField.positiveInt(5),
    CONTACT_RATE_LIMIT_WINDOW_MINUTES: envField.positiveInt(60),
  })
  .superRefine(requireDriverSettings);

export type ContactConfig = z.infer<typeof contactConfigSchema>;

export const CONTACT_CONFIG = Symbol('CONTACT_CONFIG');
