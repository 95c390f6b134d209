import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { Counter, Gauge, Histogram } from 'prom-client';
import { metricsRegistry } from '../metrics/metrics';
import type { FromWorker, SerializedError, ToWorker } from './work-pool.protocol';
import { MEMORY_LIMIT_ERROR } from './work-pool.protocol';

/** Why the pool did not run a job to its end. */
export type WorkPoolFailure = 'busy' | 'time-limit' | 'memory-limit' | 'crashed';

/** A job refused because the queue was full, ended by its time or memory limit, or lost with its worker. */
export class WorkPoolError extends Error {
  constructor(
    readonly reason: WorkPoolFailure,
    readonly pool: string,
    message: string,
  ) {
    super(message);
    this.name = 'WorkPoolError';
  }
}

/** An error the job's own code threw in the worker, by its class name, message and code. */
export class WorkJobError extends Error {
  constructor(
    name: string,
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = name;
  }
}

export interface WorkPoolOptions {
  /** Names the pool in errors, logs and metrics, e.g. `images`. */
  name: string;
  /** The worker module (it calls `serveJobs`): compiled `.js`, or `.ts` run through tools/ts-require.cjs (tests). */
  script: string;
  /** Worker processes; each runs one job at a time. */
  size: number;
  /** Jobs that may wait for a worker; one more is refused with `busy`. */
  queueLength: number;
  /** A job running longer is ended with its worker. `run` may ask for less. */
  jobTimeoutMs: number;
  /**
   * Memory of one worker process, in MB. A worker whose resident memory passes it during a job is
   * ended (checked every 50 ms); its V8 heap is limited to it; and each of its WebAssembly memories
   * to half of it, a V8 limit of its own (the heap limit does not cover them), so a decoder in
   * WebAssembly fails cleanly at its cap, with room left for the pixels it hands back.
   */
  memoryLimitMb: number;
  /** Handed to the worker module's setup (plain data). */
  init?: unknown;
  /** Niceness of the workers: the web process's event loop is scheduled before them. Default 10. */
  niceness?: number;
  /** Extra environment of the workers (the web process's is inherited). */
  env?: Record<string, string>;
  logger?: { warn(details: object, message: string): void };
}

interface Job {
  method: string;
  params: unknown[];
  /** Epoch ms by which the job must have ended (set when it is given: waiting counts). */
  deadline: number | undefined;
  /** Parts of the result the job sends before its end (`reportProgress` in the worker). */
  onProgress?: (value: unknown) => void;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

const RSS_CHECK_MS = 50;
const PAGE_BYTES = 4096;

const jobsTotal = new Counter({
  name: 'work_pool_jobs_total',
  help: 'Jobs given to a work pool, by pool and outcome: done, failed (the job threw), busy (queue full), time-limit, memory-limit, crashed.',
  labelNames: ['pool', 'outcome'] as const,
  registers: [metricsRegistry],
});

const jobSeconds = new Histogram({
  name: 'work_pool_job_duration_seconds',
  help: 'Time a job ran in its worker (waiting excluded), by pool.',
  labelNames: ['pool'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 60],
  registers: [metricsRegistry],
});

const waitingJobs = new Gauge({
  name: 'work_pool_waiting_jobs',
  help: 'Jobs waiting for a worker, by pool.',
  labelNames: ['pool'] as const,
  registers: [metricsRegistry],
});

/** Resident memory of a process in bytes, from /proc (undefined where there is none). */
function residentBytes(pid: number): number | undefined {
  try {
    return Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE_BYTES;
  } catch {
    return undefined;
  }
}

/** CPUs a cgroup quota allows this process (v2 `cpu.max`, v1 `cfs_quota_us`), rounded up; undefined without a quota. */
function cgroupCpuLimit(): number | undefined {
  const read = (path: string): string | undefined => {
    try {
      return readFileSync(path, 'utf8').trim();
    } catch {
      return undefined;
    }
  };
  const v2 = read('/sys/fs/cgroup/cpu.max')?.split(' ');
  const [quota, period] = v2 ? [Number(v2[0]), Number(v2[1])] : [Number(read('/sys/fs/cgroup/cpu/cpu.cfs_quota_us')), Number(read('/sys/fs/cgroup/cpu/cpu.cfs_period_us'))];
  return quota > 0 && period > 0 ? Math.ceil(quota / period) : undefined;
}

/** tools/ts-require.cjs of the workspace, for a worker module given as TypeScript. */
function tsRequire(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'tools', 'ts-require.cjs');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`tools/ts-require.cjs not found above ${from}`);
  }
}

/** One worker process and the job it runs. */
class PoolWorker {
  ready = false;
  leaving = false;
  job: (Job & { started: number; stop(): void; failedBy?: WorkPoolFailure }) | undefined;
  /** The id the running job was sent with (a late message of an earlier job is not its). */
  jobId = 0;
  private stderrTail = '';

  constructor(
    readonly child: ChildProcess,
    readonly pool: string,
  ) {
    child.stderr?.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      this.stderrTail = (this.stderrTail + chunk.toString()).slice(-4096);
    });
  }

  /** V8 ends a process whose heap passed its limit with this on stderr. */
  get diedOutOfMemory(): boolean {
    return /out of memory/i.test(this.stderrTail);
  }

  /** Idle workers do not keep the web process alive. */
  hold(busy: boolean): void {
    const channel = this.child.channel as { ref(): void; unref(): void } | undefined;
    if (busy) {
      this.child.ref();
      channel?.ref();
    } else {
      this.child.unref();
      channel?.unref();
    }
  }
}

/**
 * A bounded pool of worker processes for CPU work that must not run on the web process's event
 * loop (image decoding, model inference). Each job runs in a worker of its own for its duration,
 * under a time limit and a memory limit; a job over either is ended by killing its worker (the
 * next job gets a fresh one) and rejects with a `WorkPoolError` saying which. Jobs beyond the
 * workers wait in a queue of `queueLength`; past that they are refused (`busy`) at once.
 * Processes rather than threads: a crash or a memory-hungry decoder cannot take the web process
 * with it, a process can be niced below the event loop, and its resident memory can be watched.
 */
export class WorkPool {
  private readonly workers = new Set<PoolWorker>();
  private readonly waiting: Job[] = [];
  private closed = false;
  private jobIds = 0;
  private readonly tsRequire: string | undefined;

  constructor(private readonly options: WorkPoolOptions) {
    if (!Number.isInteger(options.size) || options.size < 1) throw new Error(`${options.name} pool: size must be an integer >= 1, got ${options.size}`);
    this.tsRequire = options.script.endsWith('.ts') ? tsRequire(dirname(options.script)) : undefined;
  }

  /**
   * Workers for this machine: every core but one, which is left to the web process (at least one).
   * In a container the cores are its CPU limit (cgroup quota), not the host's.
   */
  static sizeForCores(): number {
    return Math.max(1, Math.min(availableParallelism(), cgroupCpuLimit() ?? Number.POSITIVE_INFINITY) - 1);
  }

  /** Jobs running or waiting. */
  get load(): number {
    return [...this.workers].filter((worker) => worker.job).length + this.waiting.length;
  }

  /** Starts every worker now (their setup, e.g. loading models, runs before the first job needs it). */
  warmUp(): void {
    while (!this.closed && this.workers.size < this.options.size) this.spawn();
  }

  /**
   * Runs `method` of the worker module with `params` (structured-clone data) and resolves with its
   * result. The job runs at most `jobTimeoutMs`, and ends by `deadline` (epoch ms) when given: a job
   * still waiting at its deadline is refused (`time-limit`) without taking a worker. `onProgress`
   * receives what the job sends ahead of its end (`reportProgress`), in order, before it settles.
   */
  run<T>(method: string, params: unknown[], options: { deadline?: number; onProgress?: (value: unknown) => void } = {}): Promise<T> {
    if (this.closed) return Promise.reject(new WorkPoolError('crashed', this.options.name, `the ${this.options.name} pool is closed`));
    if (this.load >= this.options.size + this.options.queueLength) {
      jobsTotal.inc({ pool: this.options.name, outcome: 'busy' });
      return Promise.reject(new WorkPoolError('busy', this.options.name, `the ${this.options.name} pool is busy (${this.options.queueLength} jobs waiting)`));
    }
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ method, params, deadline: options.deadline, onProgress: options.onProgress, resolve: resolve as (value: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Refuses new jobs, lets the running ones finish (each within its time limit), then ends the workers. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(new WorkPoolError('crashed', this.options.name, `the ${this.options.name} pool is closing`));
    waitingJobs.set({ pool: this.options.name }, 0);
    const exits = [...this.workers].map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.child.exitCode !== null || worker.child.signalCode !== null) return resolve();
          worker.child.once('exit', () => resolve());
          if (!worker.job) worker.child.kill('SIGTERM');
        }),
    );
    await Promise.all(exits);
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const idle = [...this.workers].find((worker) => worker.ready && !worker.leaving && !worker.job);
      if (!idle) break;
      const job = this.waiting.shift() as Job;
      if (job.deadline !== undefined && job.deadline <= Date.now()) {
        jobsTotal.inc({ pool: this.options.name, outcome: 'time-limit' });
        job.reject(new WorkPoolError('time-limit', this.options.name, `the ${this.options.name} job waited past its deadline`));
        continue;
      }
      this.start(idle, job);
    }
    const starting = [...this.workers].filter((worker) => !worker.ready).length;
    for (let more = this.waiting.length - starting; more > 0 && this.workers.size < this.options.size && !this.closed; more--) this.spawn();
    waitingJobs.set({ pool: this.options.name }, this.waiting.length);
  }

  private spawn(): void {
    const { memoryLimitMb } = this.options;
    const args = [
      `--max-old-space-size=${memoryLimitMb}`,
      // The cap on each WebAssembly memory (64 KiB pages): V8 refuses to grow one past it.
      `--wasm-max-mem-pages=${Math.max(1, Math.floor((memoryLimitMb * 1024 * 1024) / 2 / 65536))}`,
      ...(this.tsRequire ? ['--require', this.tsRequire] : []),
      this.options.script,
    ];
    const child = spawn(process.execPath, args, {
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
      serialization: 'advanced',
      env: { ...process.env, ...this.options.env },
    });
    const worker = new PoolWorker(child, this.options.name);
    this.workers.add(worker);
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, this.options.niceness ?? 10);
      } catch (error) {
        this.options.logger?.warn({ err: error, pool: this.options.name }, 'could not lower the priority of a worker process');
      }
    }
    worker.hold(false);
    child.on('message', (message: FromWorker) => this.onMessage(worker, message));
    child.on('error', (error) => this.onExit(worker, `could not run: ${error.message}`));
    child.on('exit', (code, signal) => this.onExit(worker, signal ? `ended by ${signal}` : `exited with code ${code}`));
    child.send({ type: 'init', init: this.options.init ?? null, memoryLimitMb } satisfies ToWorker);
  }

  private start(worker: PoolWorker, job: Job): void {
    const started = Date.now();
    const timeoutMs = Math.min(this.options.jobTimeoutMs, (job.deadline ?? Number.POSITIVE_INFINITY) - started);
    const end = (reason: 'time-limit' | 'memory-limit', message: string): void => {
      if (!worker.job || worker.job.failedBy) return;
      worker.job.failedBy = reason;
      worker.leaving = true;
      worker.child.kill('SIGKILL');
      this.finish(worker, reason, new WorkPoolError(reason, this.options.name, message));
    };
    const timer = setTimeout(() => end('time-limit', `the ${this.options.name} job ran longer than its ${Math.round(timeoutMs)} ms`), timeoutMs);
    const limitBytes = this.options.memoryLimitMb * 1024 * 1024;
    const watch = setInterval(() => {
      const rss = worker.child.pid === undefined ? undefined : residentBytes(worker.child.pid);
      if (rss !== undefined && rss > limitBytes) end('memory-limit', `the ${this.options.name} job used more than ${this.options.memoryLimitMb} MB`);
    }, RSS_CHECK_MS);
    worker.job = { ...job, started, stop: () => (clearTimeout(timer), clearInterval(watch)) };
    worker.hold(true);
    worker.jobId = ++this.jobIds;
    worker.child.send({ type: 'job', id: worker.jobId, method: job.method, params: job.params } satisfies ToWorker);
  }

  /** Settles the worker's job; the worker takes the next waiting one unless it is gone. */
  private finish(worker: PoolWorker, outcome: string, error: Error | null, value?: unknown): void {
    const job = worker.job;
    if (!job) return;
    job.stop();
    worker.job = undefined;
    worker.hold(false);
    jobsTotal.inc({ pool: this.options.name, outcome });
    jobSeconds.observe({ pool: this.options.name }, (Date.now() - job.started) / 1000);
    if (error) job.reject(error);
    else job.resolve(value);
    if (this.closed) worker.child.kill('SIGTERM');
    else this.dispatch();
  }

  private onMessage(worker: PoolWorker, message: FromWorker): void {
    if (message.type === 'ready') {
      worker.ready = true;
      this.dispatch();
      return;
    }
    if (message.type === 'setup-failed') {
      this.options.logger?.warn({ pool: this.options.name, error: message.error }, 'a worker could not set up; its jobs fail');
      for (const job of this.waiting.splice(0)) job.reject(new WorkPoolError('crashed', this.options.name, `the ${this.options.name} worker could not start: ${message.error.message}`));
      return;
    }
    if (!worker.job || worker.job.failedBy) return;
    if (message.type === 'progress') {
      if (message.id !== worker.jobId) return;
      try {
        worker.job.onProgress?.(message.value);
      } catch (error) {
        this.options.logger?.warn({ err: error, pool: this.options.name }, 'a job progress handler threw; ignored');
      }
      return;
    }
    worker.leaving = message.leaving;
    if (message.type === 'done') return this.finish(worker, 'done', null, message.value);
    if (message.error.name === MEMORY_LIMIT_ERROR) {
      return this.finish(worker, 'memory-limit', new WorkPoolError('memory-limit', this.options.name, `the ${this.options.name} job needed more than ${this.options.memoryLimitMb} MB: ${message.error.message}`));
    }
    this.finish(worker, 'failed', toJobError(message.error));
  }

  private onExit(worker: PoolWorker, how: string): void {
    if (!this.workers.delete(worker)) return;
    if (!worker.ready && !this.closed) {
      // Died while starting: the jobs waiting for it fail with the reason, rather than start one worker after another.
      this.options.logger?.warn({ pool: this.options.name, how }, 'a worker ended before it was ready');
      for (const job of this.waiting.splice(0)) job.reject(new WorkPoolError('crashed', this.options.name, `the ${this.options.name} worker ${how} before it was ready`));
      waitingJobs.set({ pool: this.options.name }, 0);
      return;
    }
    const job = worker.job;
    if (job && !job.failedBy) {
      const outOfMemory = worker.diedOutOfMemory;
      const reason = outOfMemory ? 'memory-limit' : 'crashed';
      const message = outOfMemory ? `the ${this.options.name} job needed more than ${this.options.memoryLimitMb} MB (${how})` : `the ${this.options.name} worker ${how} during the job`;
      this.finish(worker, reason, new WorkPoolError(reason, this.options.name, message));
    } else {
      job?.stop();
      this.dispatch();
    }
  }
}

function toJobError(error: SerializedError): WorkJobError {
  return new WorkJobError(error.name, error.message, error.code);
}
