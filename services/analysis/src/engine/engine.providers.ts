import { Logger, Provider } from '@nestjs/common';
import { ANALYSIS_CONFIG, AnalysisConfig, engineOf } from '../analysis.config';
import { LocalPhotoAnalyzer } from './local-photo-analyzer';
import { sharedBundledModels } from './models/bundled-models';
import type { ModelLoader } from './models/model-loader';
import { OpenAiPhotoAnalyzer } from './openai/openai-photo-analyzer';
import { OpenAiVisionClient } from './openai/openai-vision.client';
import type { PhotoAnalyzer } from './photo-analyzer';
import { REFERENCE_SET } from './scoring/reference-set';

export const MODEL_LOADER = Symbol('MODEL_LOADER');
export const PHOTO_ANALYZER = Symbol('PHOTO_ANALYZER');

/** The engine configuration chooses: OpenAI (with the local engine as fallback) or local alone. */
export const engineProviders: Provider[] = [
  { provide: MODEL_LOADER, useFactory: (): ModelLoader => sharedBundledModels() },
  {
    provide: PHOTO_ANALYZER,
    inject: [ANALYSIS_CONFIG, MODEL_LOADER],
    useFactory: (config: AnalysisConfig, models: ModelLoader): PhotoAnalyzer => {
      const local = new LocalPhotoAnalyzer(models, REFERENCE_SET);
      if (engineOf(config) === 'local' || !config.OPENAI_API_KEY) return local;
      const logger = new Logger('OpenAiPhotoAnalyzer');
      const client = new OpenAiVisionClient({
        apiKey: config.OPENAI_API_KEY,
        baseUrl: config.OPENAI_BASE_URL,
        model: config.OPENAI_MODEL,
        timeoutMs: config.OPENAI_TIMEOUT_MS,
        maxRetries: config.OPENAI_MAX_RETRIES,
      });
      return new OpenAiPhotoAnalyzer(local, client, (reason) => logger.warn({ reason }, 'OpenAI did not answer; the local engine rated the photo'));
    },
  },
];
