import { databaseEnv, envField, eventBusEnv, loggingEnv, requireDriverSettings, storageEnv } from '@wildframe/platform';
import { z } from 'zod';

/** Everything the auth service reads from its environment; validated at start-up. */
export const authConfigSchema = z
  .object({
    PORT: envField.port(3001),
    ...loggingEnv,
    ...eventBusEnv,
    ...storageEnv,
    ...databaseEnv,
  })
  .superRefine(requireDriverSettings);

export type AuthConfig = z.infer<typeof authConfigSchema>;
