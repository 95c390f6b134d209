import { z } from 'zod';
import { envField } from '../config/load-config';
import { WorkPool } from './work-pool';
import type { WorkPoolOptions } from './work-pool';

/** At least this much: a worker process (Node, sharp) takes about 100 MB before its first job. */
const MIN_WORKER_MEMORY_MB = 256;

/** Settings of a work pool, by variable prefix (`IMAGE` → IMAGE_WORKERS, …). */
export const workPoolFields = {
  /** Worker processes; default every core but one (at least one). */
  workers: () => envField.positiveInt(WorkPool.sizeForCores()),
  memoryMb: (fallback: number) =>
    z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(MIN_WORKER_MEMORY_MB, `must be at least ${MIN_WORKER_MEMORY_MB}`).default(fallback),
  queueLength: (fallback: number) => z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').default(fallback),
};

/** The image worker pool of the services that decode uploads (photos, auth's avatars). */
export const imageWorkersEnv = {
  IMAGE_WORKERS: workPoolFields.workers(),
  /** A 100 MP HEIC decodes in about 1.3 GB. */
  IMAGE_WORKER_MEMORY_MB: workPoolFields.memoryMb(2048),
  IMAGE_JOB_TIMEOUT_MS: envField.positiveInt(30_000),
};

/** The values `imageWorkersEnv` gives a service's config. */
export interface ImageWorkersConfig {
  IMAGE_WORKERS: number;
  IMAGE_WORKER_MEMORY_MB: number;
  IMAGE_JOB_TIMEOUT_MS: number;
}

/** A service's image worker pool, sized and limited by its IMAGE_* settings. */
export function imageWorkPool(config: ImageWorkersConfig, options: Pick<WorkPoolOptions, 'name' | 'script' | 'queueLength' | 'logger'>): WorkPool {
  return new WorkPool({ ...options, size: config.IMAGE_WORKERS, jobTimeoutMs: config.IMAGE_JOB_TIMEOUT_MS, memoryLimitMb: config.IMAGE_WORKER_MEMORY_MB });
}
