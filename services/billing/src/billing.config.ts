import { databaseEnv, envField, eventBusEnv, identityEnv, loggingEnv, requireDriverSettings } from '@wildframe/platform';
import { z } from 'zod';

/** Everything the billing service reads from its environment; validated at start-up. */
export const billingConfigSchema = z
  .object({
    PORT: envField.port(3004),
    ...loggingEnv,
    ...eventBusEnv,
    ...identityEnv,

    ...databaseEnv,
  })
  .superRefine(requireDriverSettings);

export type BillingConfig = z.infer<typeof billingConfigSchema>;
