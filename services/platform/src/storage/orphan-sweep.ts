import { Counter, Gauge } from 'prom-client';
import { metricsRegistry } from '../metrics/metrics';
import type { ObjectInfo, ObjectStorage } from './object-storage';

/**
 * Which stored keys the owning service's rows still point to. Implemented next to the service's
 * repositories (it reads its tables); a key whose layout it does not recognise must be reported
 * as referenced: the sweep never removes what it cannot account for.
 */
export interface StoredKeyReferences {
  referenced(keys: readonly string[]): Promise<ReadonlySet<string>>;
}

export interface OrphanSweepLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface OrphanSweepOptions {
  /** The owning service (metric label, log field), e.g. `photos`. */
  service: string;
  /** The service's own (namespaced) storage. */
  storage: ObjectStorage;
  /** Folders to reconcile, e.g. `originals/`; nothing outside them is ever looked at. */
  prefixes: readonly string[];
  references: StoredKeyReferences;
  /** Objects written more recently than this are left alone (an upload stores its files before its row commits). */
  minAgeMs: number;
  logger: OrphanSweepLogger;
  now?: () => Date;
  /** Keys asked about per reference query. Default 500. */
  batchSize?: number;
}

export interface OrphanSweepResult {
  scanned: number;
  /** Younger than minAgeMs: not judged this time. */
  young: number;
  referenced: number;
  removed: number;
}

const scannedTotal = new Counter({
  name: 'storage_orphans_scanned_total',
  help: 'Stored objects looked at by the orphan sweep, by owning service.',
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
});

const removedTotal = new Counter({
  name: 'storage_orphans_removed_total',
  help: 'Stored objects no row referenced, older than the minimum age, removed by the orphan sweep.',
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
});

const failuresTotal = new Counter({
  name: 'storage_orphan_sweep_failures_total',
  help: 'Orphan sweeps that stopped on an error (storage or database unreachable), by service.',
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
});

const lastRun = new Gauge({
  name: 'storage_orphan_sweep_last_success_timestamp_seconds',
  help: 'When the last complete orphan sweep finished (Unix time), by service.',
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
});

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/**
 * Removes stored objects that no row points to: what a crash between a commit and its file
 * operations leaves behind (files stored for an upload whose row never committed, files of a
 * deleted row that were not deleted yet).
 *
 * Safe with several replicas running it: only objects older than `minAgeMs` are judged, each is
 * asked about after the listing and looked at again right before its delete (an object written
 * anew in between is young again and kept), and deletes are idempotent. An object is removed only
 * when `references` says no row points to it.
 */
export class OrphanSweep {
  private readonly now: () => Date;
  private readonly batchSize: number;
  private running: Promise<OrphanSweepResult> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly options: OrphanSweepOptions) {
    this.now = options.now ?? (() => new Date());
    this.batchSize = options.batchSize ?? 500;
  }

  /** One sweep over every prefix; a sweep already running is joined, not doubled. */
  run(): Promise<OrphanSweepResult> {
    this.running ??= this.sweep().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /**
   * Sweeps every `intervalMs`, the first time after a random part of the interval, so replicas
   * started together do not sweep together (and a short-lived process never sweeps).
   * Timers do not keep the process alive.
   */
  start(intervalMs: number): void {
    if (intervalMs <= 0 || this.timer !== undefined || this.stopped) return;
    const schedule = (delayMs: number): void => {
      this.timer = setTimeout(() => {
        this.run()
          .catch(() => undefined) // logged and counted in sweep()
          .finally(() => {
            if (!this.stopped) schedule(intervalMs);
          });
      }, delayMs);
      this.timer.unref();
    };
    schedule(Math.round(intervalMs * (0.1 + 0.9 * Math.random())));
  }

  /** Stops the schedule and waits for a sweep in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  private async sweep(): Promise<OrphanSweepResult> {
    const { service, storage, prefixes, logger, minAgeMs } = this.options;
    const started = Date.now();
    const result: OrphanSweepResult = { scanned: 0, young: 0, referenced: 0, removed: 0 };
    const removedKeys: string[] = [];
    try {
      for (const prefix of prefixes) {
        if (this.stopped) break;
        const listed = await storage.list(prefix);
        result.scanned += listed.length;
        scannedTotal.inc({ service }, listed.length);
        const cutoff = this.now().getTime() - minAgeMs;
        const old = listed.filter((info: ObjectInfo) => info.lastModified.getTime() < cutoff);
        result.young += listed.length - old.length;
        for (const batch of chunks(old.map((info) => info.key), this.batchSize)) {
          if (this.stopped) break;
          const referenced = await this.options.references.referenced(batch);
          for (const key of batch) {
            if (referenced.has(key)) {
              result.referenced++;
              continue;
            }
            // Written again since the listing (an avatar uploaded anew under the same key): young, kept.
            const current = await storage.head(key);
            if (current === null) continue;
            if (current.lastModified.getTime() >= this.now().getTime() - minAgeMs) {
              result.young++;
              continue;
            }
            await storage.delete(key);
            result.removed++;
            removedTotal.inc({ service });
            if (removedKeys.length < 20) removedKeys.push(key);
          }
        }
      }
    } catch (error) {
      failuresTotal.inc({ service });
      logger.warn({ err: error, service, ...result }, 'orphan sweep stopped on an error; the next one retries');
      throw error;
    }
    lastRun.set({ service }, Date.now() / 1000);
    logger.info(
      { service, prefixes, minAgeMs, ...result, durationMs: Date.now() - started, ...(removedKeys.length > 0 ? { removedKeys } : {}) },
      `orphan sweep: ${result.removed} of ${result.scanned} stored object(s) removed (no row referenced them)`,
    );
    return result;
  }
}
