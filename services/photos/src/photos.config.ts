import { databaseEnv, envField, eventBusEnv, identityEnv, imageWorkersEnv, listenEnv, loggingEnv, requireDriverSettings, storageEnv, trustProxyEnv, workPoolFields } from '@wildframe/platform';
import { z } from 'zod';

/** Everything the photos service reads from its environment; validated at start-up. */
export const photosConfigSchema = z
  .object({
    PORT: envField.port(3002),
    ...listenEnv,
    ...trustProxyEnv,
    ...loggingEnv,
    ...eventBusEnv,
    ...identityEnv,
    ...storageEnv,
    ...databaseEnv,
    /** Distributed shape: the analysis service's internal API. */
    ANALYSIS_URL: envField.url(['http', 'https']).optional(),
    INTERNAL_API_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** How long an upload waits for its critique before saving the photo without one. */
    ANALYSIS_DEADLINE_MS: envField.positiveInt(20_000),
    /** Signs private image URLs; set it so every replica (and a restart) accepts the same URLs. */
    IMAGE_URL_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ...imageWorkersEnv,
    /** Uploads admitted beyond those the image workers are processing; one more answers 503 with Retry-After. */
    UPLOAD_QUEUE_LENGTH: workPoolFields.queueLength(8),
    /** Uploads in flight at once from one client address, and for one account (more: 429). */
    UPLOADS_IN_FLIGHT_PER_ADDRESS: envField.positiveInt(6),
    UPLOADS_IN_FLIGHT_PER_ACCOUNT: envField.positiveInt(3),
  })
  .superRefine(requireDriverSettings)
  .superRefine((value, ctx) => {
    if (value.ANALYSIS_URL && !value.INTERNAL_API_TOKEN) {
      ctx.addIssue({ code: 'custom', path: ['INTERNAL_API_TOKEN'], message: 'is required when ANALYSIS_URL is set' });
    }
  });

export type PhotosConfig = z.infer<typeof photosConfigSchema>;

export const PHOTOS_CONFIG = Symbol('PHOTOS_CONFIG');
