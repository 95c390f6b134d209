import { pendingEvent } from '@wildframe/platform';
import { randomUUID } from 'node:crypto';
import type { UploadAttemptsRepository } from '../upload-admission/upload-attempts.repository';

/** One backend under test: a fresh repository and the events it stored for the relay. */
export interface UploadAttemptsBackend {
  repository: UploadAttemptsRepository;
  /** Ids of the events stored with the changes and not yet published. */
  storedEventIds(): Promise<string[]>;
  close(): Promise<void>;
}

const deleted = (photoId: string) => pendingEvent('photos.photo.deleted.v1', { photoId, userId: '', reason: 'upload never completed', deletedAt: new Date().toISOString() }, { key: photoId });

/**
 * The guarantees every UploadAttemptsRepository adapter gives, run against each backend: tries
 * never pass their limit under parallel admissions; uploads begun and never ended are found by
 * age; an abandoned upload is removed with its events as one unit, and only once.
 */
export function uploadAttemptsContract(name: string, open: () => Promise<UploadAttemptsBackend>): void {
  describe(`UploadAttemptsRepository on ${name}`, () => {
    let backend: UploadAttemptsBackend;
    let repo: UploadAttemptsRepository;
    beforeAll(async () => {
      backend = await open();
      repo = backend.repository;
    });
    afterAll(() => backend.close());

    it('counts tries up to the limit, parallel ones too, per subject and day', async () => {
      const subject = `guest:${randomUUID()}`;
      const results = await Promise.all(Array.from({ length: 6 }, () => repo.countTry(subject, '2031-05-01', 2)));
      expect(results.filter(Boolean)).toHaveLength(2);
      expect(await repo.triesOn(subject, '2031-05-01')).toBe(2);
      expect(await repo.countTry(subject, '2031-05-01', 2)).toBe(false);
      expect(await repo.triesOn(subject, '2031-05-01')).toBe(2);
      expect(await repo.countTry(subject, '2031-05-02', 2)).toBe(true);
      expect(await repo.countTry(`guest:${randomUUID()}`, '2031-05-01', 2)).toBe(true);
      expect(await repo.countTry(subject, '2031-05-03', 0)).toBe(false);
      expect(await repo.triesOn(subject, '2031-05-03')).toBe(0);
    });

    it('forgets the tries of earlier days only', async () => {
      const subject = `guest:${randomUUID()}`;
      await repo.countTry(subject, '2031-06-01', 5);
      await repo.countTry(subject, '2031-06-02', 5);
      await repo.forgetTriesBefore('2031-06-02');
      expect([await repo.triesOn(subject, '2031-06-01'), await repo.triesOn(subject, '2031-06-02')]).toEqual([0, 1]);
    });

    it('finds the uploads begun before a time and never ended, oldest first', async () => {
      const [old, older, recent, ended]: string[] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      await repo.begin(old, new Date('2001-01-02T00:00:00Z'));
      await repo.begin(older, new Date('2001-01-01T00:00:00Z'));
      await repo.begin(older, new Date('2001-01-01T00:00:00Z')); // twice: still one
      await repo.begin(recent, new Date('2001-01-04T00:00:00Z'));
      await repo.begin(ended, new Date('2001-01-01T12:00:00Z'));
      await repo.end(ended);
      const found = await repo.begunBefore(new Date('2001-01-03T00:00:00Z'), 100);
      expect(found.filter((id) => [old, older, recent, ended].includes(id))).toEqual([older, old]);
      await Promise.all([old, older, recent].map((id) => repo.end(id)));
    });

    it('abandons an upload with its events as one unit, once however many sweeps try', async () => {
      const photoId = randomUUID();
      await repo.begin(photoId, new Date('2000-01-01T00:00:00Z'));
      const before = new Set(await backend.storedEventIds());
      const event = deleted(photoId);
      await Promise.all([repo.abandon(photoId, [event]), repo.abandon(photoId, [deleted(photoId)])]);
      const stored = (await backend.storedEventIds()).filter((id) => !before.has(id));
      expect(stored).toHaveLength(1);
      expect(await repo.begunBefore(new Date('2000-01-02T00:00:00Z'), 100)).not.toContain(photoId);
      // Nothing is announced for an upload that is not (or no longer) in progress.
      await repo.abandon(randomUUID(), [deleted(randomUUID())]);
      expect((await backend.storedEventIds()).filter((id) => !before.has(id))).toHaveLength(1);
    });
  });
}
