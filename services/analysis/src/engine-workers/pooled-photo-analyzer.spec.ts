import 'reflect-metadata';
import { loadConfig, WorkPool, WorkPoolError } from '@wildframe/platform';
import { mainThreadCpuMs } from '@wildframe/platform/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analysisConfigSchema } from '../analysis.config';
import { AnalysisDeadlineError } from '../engine/photo-analyzer';
import { REPO_FIXTURES } from '../testing/fixtures';
import { PooledPhotoAnalyzer } from './pooled-photo-analyzer';

// Each worker transpiles the engine and loads its models (seconds to minutes on two shared cores).
jest.setTimeout(300_000);

const KINGFISHER = readFileSync(join(REPO_FIXTURES, 'wildlife_bird_kingfisher_gcompris.webp'));
const script = join(__dirname, 'analyzer-worker.ts');

function analyzer(options: { memoryLimitMb?: number; jobTimeoutMs?: number; warmUp?: boolean }): { analyzer: PooledPhotoAnalyzer; pool: WorkPool } {
  const config = loadConfig('analysis', analysisConfigSchema, { DATABASE_URL: 'postgres://unused@127.0.0.1/unused', ANALYSIS_WARM_UP: String(options.warmUp ?? true) });
  const pool = new WorkPool({ name: 'analysis-test', script, size: 1, queueLength: 2, jobTimeoutMs: options.jobTimeoutMs ?? 61_000, memoryLimitMb: options.memoryLimitMb ?? 1536, init: config });
  return { analyzer: new PooledPhotoAnalyzer('local', pool), pool };
}

const input = (deadlineMs: number) => ({ image: KINGFISHER, title: 'Kingfisher', description: 'On a branch.', deadline: Date.now() + deadlineMs });

describe('PooledPhotoAnalyzer', () => {
  const pools: WorkPool[] = [];
  afterAll(() => Promise.all(pools.map((pool) => pool.close())));

  it('rates a photo with the whole engine in a worker process, the event loop free (models loading included)', async () => {
    const { analyzer: pooled, pool } = analyzer({});
    pools.push(pool);
    pool.warmUp();
    const cpuBefore = mainThreadCpuMs();
    const started = Date.now();
    const outcome = await pooled.analyze(input(240_000));
    const cpu = mainThreadCpuMs();
    expect(outcome.outcome).toBe('rated');
    expect(outcome.outcome === 'rated' && outcome.rating.aiModel).toBe('local:wildframe-measure-1+centernet+nsfwjs');
    // The event loop's own CPU time (a loaded machine does not stretch it as it does a delay), with
    // the process's periodic work allowed for as long as the worker takes: on this thread, loading
    // the models and one inference would cost seconds of it.
    if (cpuBefore !== undefined && cpu !== undefined) expect(cpu - cpuBefore).toBeLessThan(300 + 5 * ((Date.now() - started) / 1000));
    else console.warn('the event loop CPU check is skipped: no /proc on this system');
  });

  it('ends a worker that passes the time limit, as the deadline error the service maps to 503', async () => {
    const { analyzer: pooled, pool } = analyzer({ jobTimeoutMs: 300, warmUp: false });
    pools.push(pool);
    await expect(pooled.analyze(input(60_000))).rejects.toBeInstanceOf(AnalysisDeadlineError);
  });

  it('ends a worker over its memory limit (the models alone need more than 256 MB)', async () => {
    const { analyzer: pooled, pool } = analyzer({ memoryLimitMb: 256, warmUp: false });
    pools.push(pool);
    const error = await pooled.analyze(input(240_000)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkPoolError);
    expect(error).toMatchObject({ reason: 'memory-limit' });
  });
});
