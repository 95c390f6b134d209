import type { FromWorker, SerializedError, ToWorker } from './work-pool.protocol';
import { MEMORY_LIMIT_ERROR } from './work-pool.protocol';

/** The jobs a worker module offers, by name. */
export type JobHandlers = Record<string, (...params: never[]) => Promise<unknown>>;

/** Thrown by job code when a cap of this worker refused memory: the job ends with the pool's memory-limit error. */
export class MemoryLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = MEMORY_LIMIT_ERROR;
  }
}

/** The limits this worker process was started with (`--wasm-max-mem-pages`), for job code that must say which cap refused it. */
export function wasmMemoryLimitBytes(): number | undefined {
  const pages = process.execArgv.map((arg) => /^--wasm-max-mem-pages=(\d+)$/.exec(arg)?.[1]).find(Boolean);
  return pages === undefined ? undefined : Number(pages) * 65536;
}

function serialize(error: unknown): SerializedError {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { name: error.name, message: error.message, ...(typeof code === 'string' ? { code } : {}) };
  }
  return { name: 'Error', message: String(error) };
}

/** The job this worker is running (one at a time), for `reportProgress`. */
let currentJobId: number | undefined;

/**
 * Sends part of the running job's result ahead of its end: the pool hands it to the caller's
 * `onProgress` at once (e.g. the analysis copy of an upload, so the critique starts while the
 * other derivatives are still being made). Outside a pool worker, or between jobs, it does nothing.
 */
export function reportProgress(value: unknown): Promise<void> {
  if (!process.send || currentJobId === undefined) return Promise.resolve();
  return send({ type: 'progress', id: currentJobId, value });
}

function send(message: FromWorker): Promise<void> {
  return new Promise((resolve) => process.send?.(message, undefined, {}, () => resolve()));
}

/**
 * The worker side of a `WorkPool`: call it once from the worker module. `setup` receives the
 * pool's `init` value and returns the job handlers; jobs then run one at a time. A worker whose
 * memory stays high after a job (a decoder's WebAssembly memory never shrinks), or that hit a
 * memory cap, leaves once it has answered, so the next job gets a fresh process.
 */
export function serveJobs(setup: (init: unknown) => JobHandlers | Promise<JobHandlers>): void {
  if (!process.send) throw new Error('serveJobs runs in a worker process started by a WorkPool');
  let handlers: Promise<JobHandlers> | undefined;
  let recycleAboveBytes = Number.POSITIVE_INFINITY;

  process.on('message', (message: ToWorker) => {
    if (message.type === 'init') {
      // Half the limit: a worker that keeps more than that after a job would start the next one halfway to it.
      recycleAboveBytes = (message.memoryLimitMb * 1024 * 1024) / 2;
      handlers = Promise.resolve().then(() => setup(message.init));
      handlers.then(
        () => send({ type: 'ready' }),
        async (error: unknown) => {
          await send({ type: 'setup-failed', error: serialize(error) });
          process.exit(1);
        },
      );
      return;
    }
    void runJob(message, handlers, recycleAboveBytes);
  });
  // The pool went away (its process ended or closed the pool): nothing left to work for.
  process.on('disconnect', () => process.exit(0));
  // Ctrl+C reaches the terminal's whole process group: the web process shuts down in order, letting
  // the jobs in progress finish, and then ends its workers itself.
  process.on('SIGINT', () => undefined);
}

async function runJob(job: Extract<ToWorker, { type: 'job' }>, handlers: Promise<JobHandlers> | undefined, recycleAboveBytes: number): Promise<void> {
  let outcome: { value: unknown } | { error: unknown };
  currentJobId = job.id;
  try {
    const handler = (await handlers)?.[job.method];
    if (!handler) throw new Error(`this worker has no job '${job.method}'`);
    outcome = { value: await (handler as (...params: unknown[]) => Promise<unknown>)(...job.params) };
  } catch (error) {
    outcome = { error };
  }
  currentJobId = undefined;
  // Said with the answer, so the pool gives this process no further job.
  const leaving = ('error' in outcome && outcome.error instanceof MemoryLimitError) || process.memoryUsage.rss() > recycleAboveBytes;
  await send('error' in outcome ? { type: 'failed', id: job.id, error: serialize(outcome.error), leaving } : { type: 'done', id: job.id, value: outcome.value, leaving });
  if (leaving) process.exit(0);
}
