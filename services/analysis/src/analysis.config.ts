import { databaseEnv, envField, eventBusEnv, identityEnv, listenEnv, loggingEnv, requireDriverSettings, trustProxyEnv, workPoolFields } from '@wildframe/platform';
import { z } from 'zod';

const count = (fallback: number, max: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, `must be between 0 and ${max}`)
    .max(max, `must be between 0 and ${max}`)
    .default(fallback);

/** Everything the analysis service reads from its environment; validated at start-up. */
export const analysisConfigSchema = z
  .object({
    PORT: envField.port(3003),
    ...listenEnv,
    ...trustProxyEnv,
    ...loggingEnv,
    ...eventBusEnv,
    // Verifies the signed caller the gateway forwards (editing tips need a signed-in member).
    ...identityEnv,

    ...databaseEnv,
    /** `auto`: OpenAI when OPENAI_API_KEY is set, the local engine otherwise. */
    ANALYSIS_ENGINE: envField.oneOf(['auto', 'local', 'openai'] as const, 'auto'),
    /** Start the analysis workers (and load their models) at start-up, in the background, rather than on the first photo. */
    ANALYSIS_WARM_UP: envField.bool(true),
    /** Analysis worker processes (each loads the models: about 400-600 MB resident). */
    ANALYSIS_WORKERS: workPoolFields.workers(),
    ANALYSIS_WORKER_MEMORY_MB: workPoolFields.memoryMb(1536),
    /** Photos waiting for a worker; one more is refused (503; photos keeps the upload without a rating). */
    ANALYSIS_QUEUE_LENGTH: workPoolFields.queueLength(8),
    OPENAI_API_KEY: envField.string().optional(),
    OPENAI_MODEL: envField.string().default('gpt-4o-mini'),
    OPENAI_BASE_URL: envField.url(['http', 'https']).default('https://api.openai.com/v1'),
    /** Per attempt; the caller's deadline bounds the whole call as well. */
    OPENAI_TIMEOUT_MS: envField.positiveInt(20_000),
    OPENAI_MAX_RETRIES: count(2, 5),
    /** Shared secret of the internal HTTP API (`x-internal-token`); required when that API is exposed. */
    INTERNAL_API_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** During a rotation, a second accepted token (the one rotated in, then out); callers present INTERNAL_API_TOKEN. */
    INTERNAL_API_TOKEN_PREVIOUS: z.string().min(16, 'must be at least 16 characters').optional(),
  })
  .superRefine(requireDriverSettings)
  .superRefine((value, ctx) => {
    if (value.ANALYSIS_ENGINE === 'openai' && !value.OPENAI_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['OPENAI_API_KEY'], message: 'is required when ANALYSIS_ENGINE=openai' });
    }
  });

export type AnalysisConfig = z.infer<typeof analysisConfigSchema>;

/** The distributed service exposes the internal API, so it needs the token. */
export const analysisServiceConfigSchema = analysisConfigSchema.superRefine((value, ctx) => {
  if (!value.INTERNAL_API_TOKEN) ctx.addIssue({ code: 'custom', path: ['INTERNAL_API_TOKEN'], message: 'is required when the internal API is exposed' });
});

export const ANALYSIS_CONFIG = Symbol('ANALYSIS_CONFIG');

/** Which engine rates photos under this configuration. */
export function engineOf(config: AnalysisConfig): 'local' | 'openai' {
  if (config.ANALYSIS_ENGINE === 'auto') return config.OPENAI_API_KEY ? 'openai' : 'local';
  return config.ANALYSIS_ENGINE;
}
