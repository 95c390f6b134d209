import { pendingEvent } from '@wildframe/platform';
import type { PendingEvent } from '@wildframe/platform';
import { randomUUID } from 'node:crypto';
import type { MemberRatingChange, Scores } from '../member-ratings/member-rating';
import type { MemberRatingsRepository } from '../member-ratings/member-ratings.repository';

/** One backend under test: a fresh repository, a way to make photos exist, and what it stored for the relay. */
export interface MemberRatingsBackend {
  repository: MemberRatingsRepository;
  /** Makes a photo the critiques can refer to (PostgreSQL has a foreign key). */
  seedPhoto(): Promise<string>;
  /** Ids of the events stored with the changes and not yet published. */
  storedEventIds(): Promise<string[]>;
  close(): Promise<void>;
}

const SCORES: Scores = { overallRating: 8, composition: 9, lighting: 7, clarity: 8, creativity: 6 };

function announce(change: MemberRatingChange): PendingEvent[] {
  const { rating, summary } = change;
  return [
    pendingEvent(
      'photos.member-rating.changed.v1',
      {
        ratingId: rating.id,
        photoId: rating.photoId,
        userId: rating.userId,
        photoOwnerId: '',
        action: change.action,
        ...rating.scores,
        hasFeedback: rating.feedback !== null,
        removedBy: '',
        ratingCount: summary.count,
        averageOverall: summary.average?.overallRating ?? 0,
        at: new Date().toISOString(),
      },
      { key: rating.photoId },
    ),
  ];
}

/**
 * The guarantees every MemberRatingsRepository adapter gives, run against each backend: one
 * critique per member and photo under parallel submissions, edits in place, removal, counts and
 * averages equal to the stored critiques, and exactly one stored event per change (none for a
 * refused one).
 */
export function memberRatingsContract(name: string, open: () => Promise<MemberRatingsBackend>): void {
  describe(`MemberRatingsRepository on ${name}`, () => {
    let backend: MemberRatingsBackend;
    let repo: MemberRatingsRepository;
    beforeAll(async () => {
      backend = await open();
      repo = backend.repository;
    });
    afterAll(() => backend.close());

    const submit = (photoId: string, userId: string, scores: Partial<Scores> = {}, feedback: string | null = null, events: PendingEvent[] = []) =>
      repo.submit({ photoId, userId, authorName: 'Ada Lovelace', scores: { ...SCORES, ...scores }, feedback, at: new Date() }, (change) => {
        const made = announce(change);
        events.push(...made);
        return made;
      });

    it('keeps one critique per member and photo when the same member submits ten times at once, each change with one stored event', async () => {
      const photoId = await backend.seedPhoto();
      const userId = randomUUID();
      const before = new Set(await backend.storedEventIds());
      const events: PendingEvent[] = [];
      const changes = await Promise.all(Array.from({ length: 10 }, (_, i) => submit(photoId, userId, { overallRating: i + 1 }, null, events)));
      expect(changes.filter((c) => c.action === 'created')).toHaveLength(1);
      expect(changes.filter((c) => c.action === 'updated')).toHaveLength(9);
      const stored = await repo.listForPhoto(photoId);
      expect(stored).toHaveLength(1);
      expect(new Set(changes.map((c) => c.rating.id))).toEqual(new Set([stored[0]?.id]));
      expect((await repo.summary(photoId)).count).toBe(1);
      // Every stored event was announced, one per change (an attempt that lost a race stored none).
      const fresh = (await backend.storedEventIds()).filter((id) => !before.has(id));
      expect(fresh).toHaveLength(changes.length);
      expect(events.map((e) => e.id)).toEqual(expect.arrayContaining(fresh));
    });

    it('edits a critique in place: same id and creation time, new scores and feedback', async () => {
      const photoId = await backend.seedPhoto();
      const userId = randomUUID();
      const first = await submit(photoId, userId, {}, 'Nice.');
      const second = await submit(photoId, userId, { lighting: 3 }, null);
      expect(second).toMatchObject({ action: 'updated', rating: { id: first.rating.id, feedback: null, scores: { ...SCORES, lighting: 3 } } });
      expect(second.rating.createdAt.getTime()).toBe(first.rating.createdAt.getTime());
      expect(await repo.findById(first.rating.id)).toMatchObject({ scores: { lighting: 3 }, feedback: null, authorName: 'Ada Lovelace' });
    });

    it('counts and averages what is stored, also while members submit in parallel', async () => {
      const photoId = await backend.seedPhoto();
      await Promise.all([10, 7, 6, 9, 3].map((overallRating, i) => submit(photoId, randomUUID(), { overallRating, creativity: i + 1 })));
      const stored = await repo.listForPhoto(photoId);
      const summary = await repo.summary(photoId);
      expect(summary.count).toBe(stored.length);
      expect(stored).toHaveLength(5);
      expect(summary.average?.overallRating).toBeCloseTo(stored.reduce((sum, r) => sum + r.scores.overallRating, 0) / stored.length, 6);
      expect(summary.average?.creativity).toBeCloseTo(3, 6);
      expect(await repo.summary(await backend.seedPhoto())).toEqual({ count: 0, average: null });
    });

    it('removes a critique once, announcing it with the summary after; a second removal changes and announces nothing', async () => {
      const photoId = await backend.seedPhoto();
      const kept = await submit(photoId, randomUUID(), { overallRating: 4 });
      const gone = await submit(photoId, randomUUID(), { overallRating: 10 });
      const events: PendingEvent[] = [];
      const removed = await repo.remove(gone.rating.id, (change) => {
        const made = announce(change);
        events.push(...made);
        return made;
      });
      expect(removed).toMatchObject({ action: 'removed', rating: { id: gone.rating.id }, summary: { count: 1, average: { overallRating: 4 } } });
      expect(await repo.findById(gone.rating.id)).toBeNull();
      expect((await repo.listForPhoto(photoId)).map((r) => r.id)).toEqual([kept.rating.id]);
      const before = await backend.storedEventIds();
      expect(before).toEqual(expect.arrayContaining(events.map((e) => e.id)));
      const again = await repo.remove(gone.rating.id, () => {
        throw new Error('a refused change must announce nothing');
      });
      expect(again).toBeNull();
      expect((await backend.storedEventIds()).length).toBe(before.length);
      // The member may rate again after their critique was removed.
      expect((await submit(photoId, gone.rating.userId)).action).toBe('created');
    });

    it('stores nothing when announcing the change fails', async () => {
      const photoId = await backend.seedPhoto();
      const before = (await backend.storedEventIds()).length;
      await expect(
        repo.submit({ photoId, userId: randomUUID(), authorName: 'X', scores: SCORES, feedback: null, at: new Date() }, () => {
          throw new Error('invalid event');
        }),
      ).rejects.toThrow('invalid event');
      expect(await repo.listForPhoto(photoId)).toEqual([]);
      expect((await backend.storedEventIds()).length).toBe(before);
    });

    it('follows photos and members: removal with a photo or an account, renaming an author', async () => {
      const photoId = await backend.seedPhoto();
      const other = await backend.seedPhoto();
      const leaving = randomUUID();
      const renamed = randomUUID();
      await submit(photoId, leaving);
      await submit(other, leaving);
      await submit(photoId, renamed);
      await repo.removeAllByUser(leaving);
      expect((await repo.listForPhoto(photoId)).map((r) => r.userId)).toEqual([renamed]);
      expect(await repo.listForPhoto(other)).toEqual([]);
      await repo.renameAuthor(renamed, 'Grace Hopper');
      expect((await repo.listForPhoto(photoId))[0]?.authorName).toBe('Grace Hopper');
      await repo.removeAllOfPhoto(photoId);
      expect(await repo.summary(photoId)).toEqual({ count: 0, average: null });
    });
  });
}
