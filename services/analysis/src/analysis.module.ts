import { DynamicModule, Inject, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ANALYSIS_API } from '@wildframe/contracts';
import { DatabaseModule, acceptedSecrets, INTERNAL_API_TOKEN, InternalTokenGuard, LocalServiceRegistry, openApiProvider, WorkPool } from '@wildframe/platform';
import { ANALYSIS_CONFIG } from './analysis.config';
import type { AnalysisConfig } from './analysis.config';
import { ANALYSIS_WORKERS, engineWorkerProviders } from './engine-workers/engine-workers.providers';
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
 * in the process's LocalServiceRegistry; the engine runs in analysis worker processes, which
 * start (and load the bundled models) in the background.
 */
@Module({})
export class AnalysisModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    private readonly services: LocalServiceRegistry,
    private readonly api: LocalAnalysisApi,
    @Inject(ANALYSIS_WORKERS) private readonly workers: WorkPool,
    @Inject(ANALYSIS_CONFIG) private readonly config: AnalysisConfig,
  ) {}

  onModuleInit(): void {
    this.services.register(ANALYSIS_API, this.api);
    // Not awaited: start-up does not wait for the workers; a photo arriving first waits within its deadline.
    if (this.config.ANALYSIS_WARM_UP) this.workers.warmUp();
  }

  // After the HTTP server has drained: analyses in progress finish, then the workers end.
  async onApplicationShutdown(): Promise<void> {
    await this.workers.close();
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
        ...engineWorkerProviders(config),
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
