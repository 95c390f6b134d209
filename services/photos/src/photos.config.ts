import { databaseEnv, envField, eventBusEnv, identityEnv, loggingEnv, requireDriverSettings, storageEnv } from '@wildframe/platform';
import { z } from 'zod';

/** Everything the photos service reads from its environment; validated at start-up. */
export const photosConfigSchema = z
  .object({
    PORT: envField.port(3002),
    ...loggingEnv,
    ...eventBusEnv,
    ...identityEnv,
    ...storageEnv,
    ...databaseEnv,
  })
  .superRefine(requireDriverSettings);

export type PhotosConfig = z.infer<typeof photosConfigSchema>;
