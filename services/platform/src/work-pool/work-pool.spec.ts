import { getPriority } from 'node:os';
import { join } from 'node:path';
import { WorkJobError, WorkPool, WorkPoolError } from './work-pool';

const script = join(__dirname, 'work-pool.test-worker.ts');
const fixtures = join(__dirname, '..', '..', 'test-fixtures');

// Worker processes transpile their TypeScript on start (a few seconds on two shared cores).
jest.setTimeout(120_000);

function pool(overrides: Partial<ConstructorParameters<typeof WorkPool>[0]> = {}): WorkPool {
  return new WorkPool({ name: 'test', script, size: 1, queueLength: 4, jobTimeoutMs: 60_000, memoryLimitMb: 512, init: { greeting: 'hello' }, ...overrides });
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('the job did not fail');
}

describe('WorkPool', () => {
  const pools: WorkPool[] = [];
  const open = (overrides: Partial<ConstructorParameters<typeof WorkPool>[0]> = {}): WorkPool => {
    const created = pool(overrides);
    pools.push(created);
    return created;
  };
  afterAll(() => Promise.all(pools.map((p) => p.close())));

  it('runs jobs in a niced worker process, with the setup value, Buffers both ways', async () => {
    const p = open();
    const result = await p.run<{ pid: number; init: unknown; bytes: Uint8Array }>('echo', [Buffer.from([1, 2, 3])]);
    expect(result.pid).not.toBe(process.pid);
    expect(result.init).toEqual({ greeting: 'hello' });
    expect(Buffer.from(result.bytes)).toEqual(Buffer.from([3, 2, 1]));
    expect(getPriority(result.pid)).toBe(10);
    // The same worker serves the next job.
    expect((await p.run<{ pid: number }>('echo', [Buffer.alloc(1)])).pid).toBe(result.pid);
  });

  it('hands what a job sends ahead of its end to onProgress, in order and before the job settles; a failing job still fails', async () => {
    const p = open();
    const seen: string[] = [];
    const result = await p.run<string>('steps', [3, false], {
      onProgress: (value) => seen.push(`${(value as { step: number }).step}:${Buffer.from((value as { bytes: Uint8Array }).bytes).toString('hex')}`),
    });
    seen.push(result);
    expect(seen).toEqual(['1:01', '2:02', '3:03', 'finished']);
    const before: number[] = [];
    const error = await failure(p.run('steps', [2, true], { onProgress: (value) => before.push((value as { step: number }).step) }));
    expect(error).toBeInstanceOf(WorkJobError);
    expect(before).toEqual([1, 2]);
    // A job without onProgress runs as before, and the next job's progress is its own.
    expect(await p.run('steps', [1, false])).toBe('finished');
    const own: number[] = [];
    await p.run('steps', [1, false], { onProgress: (value) => own.push((value as { step: number }).step) });
    expect(own).toEqual([1]);
  });

  it("gives back the job's own error by name, message and code", async () => {
    const error = await failure(open().run('refuse', []));
    expect(error).toBeInstanceOf(WorkJobError);
    expect(error).toMatchObject({ name: 'RefusedError', message: 'refused by the job', code: 'REFUSED' });
  });

  it('ends a job over its time limit with its worker, and the next job gets a fresh one', async () => {
    const p = open({ jobTimeoutMs: 1_000 });
    const before = await p.run<{ pid: number }>('echo', [Buffer.alloc(1)]);
    const started = Date.now();
    const error = await failure(p.run('spin', []));
    expect(error).toBeInstanceOf(WorkPoolError);
    expect(error).toMatchObject({ reason: 'time-limit' });
    expect(Date.now() - started).toBeLessThan(8_000);
    const after = await p.run<{ pid: number }>('echo', [Buffer.alloc(1)]);
    expect(after.pid).not.toBe(before.pid);
  });

  it('refuses a job still waiting at its deadline, without ending a worker', async () => {
    const p = open();
    const before = await p.run<{ pid: number }>('echo', [Buffer.alloc(1)]);
    const busy = p.run('hoard', [100]);
    const late = await failure(p.run('echo', [Buffer.alloc(1)], { deadline: Date.now() + 1 }));
    expect(late).toMatchObject({ reason: 'time-limit', message: expect.stringMatching(/waited past its deadline/) });
    expect(await busy).toBe(100);
    expect((await p.run<{ pid: number }>('echo', [Buffer.alloc(1)])).pid).toBe(before.pid);
  });

  it('ends a job whose resident memory passes the limit (native memory: neither the V8 heap nor WebAssembly)', async () => {
    const p = open({ memoryLimitMb: 200 });
    const error = await failure(p.run('hoard', [600]));
    expect(error).toMatchObject({ reason: 'memory-limit' });
    expect(await p.run('hoard', [50])).toBe(50);
  });

  it('caps every WebAssembly memory of a worker at half its limit (a V8 limit: the heap limit does not cover them)', async () => {
    const p = open({ memoryLimitMb: 256 });
    expect(await p.run('growWasm', [100])).toBeGreaterThanOrEqual(100 * 1024 * 1024);
    const error = await failure(p.run('growWasm', [200]));
    expect(error).toMatchObject({ name: 'RangeError', message: expect.stringMatching(/grow/) });
  });

  it('decodes a HEIC within the cap, and a decode bomb ends at the WebAssembly cap as a memory-limit error', async () => {
    const p = open({ memoryLimitMb: 512 });
    expect(await p.run('heic', [join(fixtures, 'heic-4000x3000.heic')])).toEqual({ width: 4000, height: 3000, channels: 4 });
    // 100 MP of RGBA alone is 400 MB: libheif cannot get it under the 256 MB cap, and the worker says which cap refused it.
    const error = await failure(p.run('heic', [join(fixtures, 'heic-10000x10000.heic')]));
    expect(error).toBeInstanceOf(WorkPoolError);
    expect(error).toMatchObject({ reason: 'memory-limit', message: expect.stringMatching(/WebAssembly memory/) });
    // That worker left (its memory does not shrink); the pool goes on with a fresh one.
    expect(await p.run('rss', [])).toBeLessThan(512 * 1024 * 1024);
  });

  it('refuses at once what the queue cannot hold, and runs the rest in turn', async () => {
    const p = open({ queueLength: 1 });
    const first = p.run('hoard', [20]);
    const second = p.run('hoard', [20]);
    const third = await failure(p.run('hoard', [20]));
    expect(third).toMatchObject({ reason: 'busy' });
    await expect(Promise.all([first, second])).resolves.toEqual([20, 20]);
  });

  it('reports a worker that dies during a job, and replaces it', async () => {
    const p = open();
    expect(await failure(p.run('exit', []))).toMatchObject({ reason: 'crashed', message: expect.stringMatching(/exited with code 3/) });
    expect((await p.run<{ pid: number }>('echo', [Buffer.alloc(1)])).pid).toEqual(expect.any(Number));
  });

  it('lets running jobs finish on close and refuses new ones', async () => {
    const p = open();
    await p.run('echo', [Buffer.alloc(1)]);
    const running = p.run('hoard', [10]);
    const closing = p.close();
    await expect(running).resolves.toBe(10);
    await closing;
    expect(await failure(p.run('echo', [Buffer.alloc(1)]))).toMatchObject({ reason: 'crashed' });
  });
});
