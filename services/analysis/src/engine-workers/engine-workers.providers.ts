import { Logger, Provider } from '@nestjs/common';
import { WorkPool } from '@wildframe/platform';
import { extname, join } from 'node:path';
import { engineOf } from '../analysis.config';
import type { AnalysisConfig } from '../analysis.config';
import { PHOTO_ANALYZER } from '../engine/engine.providers';
import { MAX_DEADLINE_MS } from '../ratings/analyze-photo.use-case';
import { PooledPhotoAnalyzer } from './pooled-photo-analyzer';

/** The pool of analysis worker processes (`analyzer-worker.ts`). */
export const ANALYSIS_WORKERS = Symbol('ANALYSIS_WORKERS');

/**
 * `PHOTO_ANALYZER` as the web process sees it: the engine the configuration chooses, run whole in
 * the analysis workers (which build it with `engineProviders`, from the same configuration).
 */
export function engineWorkerProviders(config: AnalysisConfig): Provider[] {
  return [
    {
      provide: ANALYSIS_WORKERS,
      useFactory: () => {
        const logger = new Logger('AnalysisWorkers');
        return new WorkPool({
          name: 'analysis',
          script: join(__dirname, `analyzer-worker${extname(__filename)}`),
          size: config.ANALYSIS_WORKERS,
          queueLength: config.ANALYSIS_QUEUE_LENGTH,
          // Each job is limited by its caller's deadline; this bounds the longest a caller may ask for.
          jobTimeoutMs: MAX_DEADLINE_MS + 10_000,
          memoryLimitMb: config.ANALYSIS_WORKER_MEMORY_MB,
          init: config,
          logger: { warn: (details, message) => logger.warn(details, message) },
        });
      },
    },
    { provide: PHOTO_ANALYZER, inject: [ANALYSIS_WORKERS], useFactory: (pool: WorkPool) => new PooledPhotoAnalyzer(engineOf(config), pool) },
  ];
}
