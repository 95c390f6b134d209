import { WorkJobError, WorkPool, WorkPoolError } from '@wildframe/platform';
import { UnreadableImageError } from '../engine/image/decode-image';
import { AnalysisDeadlineError } from '../engine/photo-analyzer';
import type { AnalysisInput, AnalysisOutcome, PhotoAnalyzer } from '../engine/photo-analyzer';

/**
 * Time past its deadline a job is given to end by itself (the engine checks its deadline between
 * stages) before its worker is ended: generous, since a new worker loads the models again. A job
 * whose deadline passes while it waits is not started.
 */
const DEADLINE_GRACE_MS = 10_000;

/**
 * The configured engine, run whole (`analyze`) in the analysis worker processes: its models and
 * measurements never hold this process's event loop, and a photo over its time or memory limit
 * ends its worker, not this process. The engine's own errors keep their classes across the
 * boundary; the pool's refusals (busy, memory, a crash) come out as `WorkPoolError`.
 */
export class PooledPhotoAnalyzer implements PhotoAnalyzer {
  constructor(
    readonly name: string,
    private readonly pool: WorkPool,
  ) {}

  async analyze(input: AnalysisInput): Promise<AnalysisOutcome> {
    try {
      return await this.pool.run<AnalysisOutcome>('analyze', [input], { deadline: input.deadline + DEADLINE_GRACE_MS });
    } catch (error) {
      if (error instanceof WorkJobError && error.name === 'UnreadableImageError') throw Object.assign(new UnreadableImageError(error), { message: error.message });
      if (error instanceof WorkJobError && error.name === 'AnalysisDeadlineError') throw Object.assign(new AnalysisDeadlineError(''), { message: error.message });
      if (error instanceof WorkPoolError && error.reason === 'time-limit') throw new AnalysisDeadlineError('ended by the worker time limit');
      throw error;
    }
  }
}
