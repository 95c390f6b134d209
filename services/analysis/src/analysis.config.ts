import { databaseEnv, envField, eventBusEnv, loggingEnv, requireDriverSettings } from '@wildframe/platform';
import { z } from 'zod';

/** Everything the analysis service reads from its environment; validated at start-up. */
export const analysisConfigSchema = z
  .object({
    PORT: envField.port(3003),
    ...loggingEnv,
    ...eventBusEnv,

    ...databaseEnv,
  })
  .superRefine(requireDriverSettings);

export type AnalysisConfig = z.infer<typeof analysisConfigSchema>;
