import { DynamicModule, Inject, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ANALYSIS_API } from '@wildframe/contracts';
import { DatabaseModule, acceptedSecrets, INTERNAL_API_TOKEN, InternalTokenGuard, LocalServiceRegistry, openApiProvider } from '@wildframe/platform';
import { ANALYSIS_CONFIG } from './analysis.config';
import type { AnalysisConfig } from './analysis.config';
import { MODEL_LOADER, engineProviders } from './engine/engine.providers';
import type { ModelLoader } from './engine/models/model-loader';
import { PhotoEventsConsumer } from './photo-access/photo-events.consumer';
import { AnalyzePhotoUseCase } from './ratings/analyze-photo.use-case';
import { InternalAnalysisController } from './ratings/internal-analysis.controller';
import { LocalAnalysisApi } from './ratings/local-analysis-api';
import { analysisRepositories } from './repositories/analysis-repositories';
import { analysisDatabase } from './analysis.database';
import { EditingSuggestionsController } from './tips/editing-suggestions.controller';
import { EditingSuggestionsUseCase } from './tips/editing-suggestions.use-case';
import { analysisApiDocument } from './openapi';

export interface AnalysisModuleOptions {
  /**
   * Mount the internal HTTP API (`/api/internal/analysis`, guarded by INTERNAL_API_TOKEN) for
   * callers in other processes. The distributed entrypoint sets it; the standalone shape, where
   * callers use the in-process implementation, does not.
   */
  exposeInternalApi?: boolean;
}

/**
 * AI rating, content screening, category detection and editing tips. Registers its `AnalysisApi`
 * in the process's LocalServiceRegistry and starts loading the bundled models in the background.
 */
@Module({})
export class AnalysisModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    private readonly services: LocalServiceRegistry,
    private readonly api: LocalAnalysisApi,
    @Inject(MODEL_LOADER) private readonly models: ModelLoader,
    @Inject(ANALYSIS_CONFIG) private readonly config: AnalysisConfig,
  ) {}

  onModuleInit(): void {
    this.services.register(ANALYSIS_API, this.api);
    // Not awaited: start-up does not wait for the models; a photo arriving first waits within its deadline.
    if (this.config.ANALYSIS_WARM_UP) this.models.warmUp();
  }

  // A warm-up still running when the app closes would outlive it; let it finish first.
  async onApplicationShutdown(): Promise<void> {
    await this.models.settled();
  }

  static register(config: AnalysisConfig, options: AnalysisModuleOptions = {}): DynamicModule {
    if (options.exposeInternalApi && !config.INTERNAL_API_TOKEN) {
      throw new Error('INTERNAL_API_TOKEN is required when the analysis internal API is exposed');
    }
    return {
      module: AnalysisModule,
      imports: [
        DatabaseModule.forService({
          ...analysisDatabase,
          url: config.DATABASE_URL,
          runMigrations: config.RUN_MIGRATIONS,
          poolSize: config.DATABASE_POOL_SIZE,
        }),
      ],
      controllers: [EditingSuggestionsController, ...(options.exposeInternalApi ? [InternalAnalysisController] : [])],
      providers: [
        openApiProvider('ANALYSIS_OPENAPI', () => analysisApiDocument()),
        { provide: ANALYSIS_CONFIG, useValue: config },
        ...engineProviders,
        ...analysisRepositories(config.DATABASE_URL),
        AnalyzePhotoUseCase,
        LocalAnalysisApi,
        EditingSuggestionsUseCase,
        PhotoEventsConsumer,
        InternalTokenGuard,
        { provide: INTERNAL_API_TOKEN, useValue: acceptedSecrets(config.INTERNAL_API_TOKEN, config.INTERNAL_API_TOKEN_PREVIOUS) },
      ],
    };
  }
}
