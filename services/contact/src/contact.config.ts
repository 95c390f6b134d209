import { databaseEnv, envField, eventBusEnv, identityEnv, loggingEnv, requireDriverSettings } from '@wildframe/platform';
import { z } from 'zod';

/** Everything the contact service reads from its environment; validated at start-up. */
export const contactConfigSchema = z
  .object({
    PORT: envField.port(3005),
    ...loggingEnv,
    ...eventBusEnv,
    ...identityEnv,

    ...databaseEnv,
  })
  .superRefine(requireDriverSettings);

export type ContactConfig = z.infer<typeof contactConfigSchema>;
