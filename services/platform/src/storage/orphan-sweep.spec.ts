import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { storageEnv } from '../config/infrastructure.config';
import { loadConfig } from '../config/load-config';
import { metricsRegistry } from '../metrics/metrics';
import { describeWithServer, s3TestServer } from '../testing/test-servers';
import { FilesystemObjectStorage } from './filesystem-object-storage';
import type { ObjectStorage } from './object-storage';
import { OrphanSweep, type OrphanSweepLogger, type StoredKeyReferences } from './orphan-sweep';
import { PrefixedObjectStorage } from './prefixed-object-storage';
import { S3ObjectStorage } from './s3-object-storage';
import { createS3Client } from './storage.config';

/** Keys the fake rows point to; asks are recorded. */
class Rows implements StoredKeyReferences {
  readonly asked: string[] = [];
  constructor(
    readonly keys: Set<string>,
    private readonly onAsk?: (keys: readonly string[]) => Promise<void>,
  ) {}

  async referenced(keys: readonly string[]): Promise<ReadonlySet<string>> {
    this.asked.push(...keys);
    await this.onAsk?.(keys);
    return new Set(keys.filter((key) => this.keys.has(key)));
  }
}

class Lines implements OrphanSweepLogger {
  readonly lines: Array<{ level: string; details: object; message: string }> = [];
  info(details: object, message: string): void {
    this.lines.push({ level: 'info', details, message });
  }
  warn(details: object, message: string): void {
    this.lines.push({ level: 'warn', details, message });
  }
}

async function metric(name: string, service: string): Promise<number> {
  const found = (await metricsRegistry.getSingleMetric(name)?.get())?.values.find((value) => value.labels['service'] === service);
  return found?.value ?? 0;
}

async function keysOf(storage: ObjectStorage): Promise<string[]> {
  return (await storage.list('')).map((info) => info.key);
}

/**
 * The sweep's rules against one storage adapter. Objects are "old" or "young" by their real
 * write time: the old ones are written, then the clock passes a whole second (S3 timestamps have
 * second precision), the young ones are written after it, and the sweep's minimum age puts the
 * cut-off exactly on that second.
 */
function sweepRules(adapter: string, open: () => Promise<{ storage: ObjectStorage; close(): Promise<void> }>): void {
  describe(`orphan sweep on ${adapter}`, () => {
    let storage: ObjectStorage;
    let close: () => Promise<void>;

    beforeEach(async () => {
      ({ storage, close } = await open());
    });
    afterEach(() => close());

    /**
     * Writes `old`, waits for the next whole second but one (a clock boundary, not a condition to
     * poll), writes `young`; returns the sweep's clock and minimum age, whose cut-off lies half a
     * second before that boundary: after every old write, before every young one.
     */
    async function writeOldThenYoung(old: string[], young: string[]): Promise<{ now: () => Date; minAgeMs: number }> {
      for (const key of old) await storage.put(key, Buffer.from(key));
      const boundary = Math.ceil(Date.now() / 1000) * 1000 + 1000;
      await new Promise((resolve) => setTimeout(resolve, boundary - Date.now()));
      for (const key of young) await storage.put(key, Buffer.from(key));
      return { now: () => new Date(boundary + 500), minAgeMs: 1000 };
    }

    it('removes old objects no row references; keeps referenced, young and out-of-prefix ones', async () => {
      const service = `spec-${randomUUID().slice(0, 8)}`;
      const clock = await writeOldThenYoung(
        ['originals/referenced.jpg', 'originals/orphan.jpg', 'derivatives/gone/thumb.webp', 'assets/hero.webp'],
        ['originals/uploading.jpg'],
      );
      const rows = new Rows(new Set(['originals/referenced.jpg']));
      const logger = new Lines();
      const sweep = new OrphanSweep({ service, storage, prefixes: ['originals/', 'derivatives/'], references: rows, ...clock, logger });

      const result = await sweep.run();

      expect(await keysOf(storage)).toEqual(['assets/hero.webp', 'originals/referenced.jpg', 'originals/uploading.jpg']);
      expect(result).toEqual({ scanned: 4, young: 1, referenced: 1, removed: 2 });
      // Only old objects are judged; nothing outside the prefixes is even looked at.
      expect(rows.asked.sort()).toEqual(['derivatives/gone/thumb.webp', 'originals/orphan.jpg', 'originals/referenced.jpg']);
      expect(await metric('storage_orphans_scanned_total', service)).toBe(4);
      expect(await metric('storage_orphans_removed_total', service)).toBe(2);
      expect(await metric('storage_orphan_sweep_last_success_timestamp_seconds', service)).toBeGreaterThan(Date.now() / 1000 - 60);
      expect(logger.lines).toEqual([
        expect.objectContaining({ level: 'info', details: expect.objectContaining({ service, removed: 2, scanned: 4, removedKeys: ['originals/orphan.jpg', 'derivatives/gone/thumb.webp'] }) }),
      ]);

      // A second sweep (another replica, or the next hour) finds nothing more to do.
      expect(await sweep.run()).toEqual({ scanned: 2, young: 1, referenced: 1, removed: 0 });
    });

    it('keeps an object written again between the listing and its delete (same key, now young)', async () => {
      const clock = await writeOldThenYoung(['avatars/u1/v1.webp'], []);
      const rows = new Rows(new Set(), async () => {
        // The user uploads the same image again while the sweep asks the database.
        await storage.put('avatars/u1/v1.webp', Buffer.from('again'));
      });
      const sweep = new OrphanSweep({ service: 'spec-rewrite', storage, prefixes: ['avatars/'], references: rows, ...clock, logger: new Lines() });
      expect(await sweep.run()).toMatchObject({ removed: 0, young: 1 });
      expect(await keysOf(storage)).toEqual(['avatars/u1/v1.webp']);
    });

    it('two replicas sweeping at once remove each orphan once between them, without errors', async () => {
      const clock = await writeOldThenYoung(['originals/a.jpg', 'originals/b.jpg', 'originals/kept.jpg'], []);
      const rows = new Rows(new Set(['originals/kept.jpg']));
      const replica = () => new OrphanSweep({ service: 'spec-replicas', storage, prefixes: ['originals/'], references: rows, ...clock, logger: new Lines() });
      const [one, two] = await Promise.all([replica().run(), replica().run()]);
      expect(one.removed + two.removed).toBeGreaterThanOrEqual(2);
      expect(await keysOf(storage)).toEqual(['originals/kept.jpg']);
    });

    it('stops without deleting anything when the rows cannot be read, and counts the failure', async () => {
      const clock = await writeOldThenYoung(['originals/orphan.jpg'], []);
      const failing: StoredKeyReferences = {
        referenced: async () => {
          throw new Error('database unreachable');
        },
      };
      const logger = new Lines();
      const before = await metric('storage_orphan_sweep_failures_total', 'spec-failing');
      const sweep = new OrphanSweep({ service: 'spec-failing', storage, prefixes: ['originals/'], references: failing, ...clock, logger });
      await expect(sweep.run()).rejects.toThrow('database unreachable');
      expect(await keysOf(storage)).toEqual(['originals/orphan.jpg']);
      expect(await metric('storage_orphan_sweep_failures_total', 'spec-failing')).toBe(before + 1);
      expect(logger.lines[0]).toMatchObject({ level: 'warn' });
    });
  });
}

describe('orphan sweep settings (storage users: ORPHAN_SWEEP_INTERVAL_MS, ORPHAN_MIN_AGE_MS)', () => {
  const load = (env: Record<string, string>) => loadConfig('photos', z.object(storageEnv), env);

  it('sweeps hourly, for objects older than an hour, by default; 0 turns the sweep off', () => {
    expect(load({})).toMatchObject({ ORPHAN_SWEEP_INTERVAL_MS: 3_600_000, ORPHAN_MIN_AGE_MS: 3_600_000 });
    expect(load({ ORPHAN_SWEEP_INTERVAL_MS: '0' }).ORPHAN_SWEEP_INTERVAL_MS).toBe(0);
  });

  it('refuses a minimum age shorter than an upload may take', () => {
    expect(() => load({ ORPHAN_MIN_AGE_MS: '60000' })).toThrow(/ORPHAN_MIN_AGE_MS.*at least 300000/);
  });
});

sweepRules('the filesystem adapter (a service namespace)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'wildframe-orphans-'));
  return {
    storage: new PrefixedObjectStorage(new FilesystemObjectStorage(dir), 'photos/'),
    close: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

const s3 = s3TestServer();
describeWithServer(`S3 (${s3.available ? s3.facts.endpoint : 'MinIO'})`, s3, (facts) => {
  sweepRules('the S3 adapter (MinIO)', async () => {
    const bucket = `orphans-${randomUUID().slice(0, 8)}`;
    const client = createS3Client({ driver: 's3', bucket, endpoint: facts.endpoint, region: facts.region, accessKeyId: facts.accessKeyId, secretAccessKey: facts.secretAccessKey, forcePathStyle: true });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    return {
      storage: new S3ObjectStorage({ client, bucket }),
      close: async () => {
        const storage = new S3ObjectStorage({ client, bucket });
        for (const key of await keysOf(storage)) await storage.delete(key);
        client.destroy();
      },
    };
  });
});
