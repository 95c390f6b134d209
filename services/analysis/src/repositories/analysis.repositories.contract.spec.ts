import { pendingEvent } from '@wildframe/platform';
import { randomUUID } from 'node:crypto';
import type { NewRating, RatingRecord } from '../domain/rating';
import type { PhotoMeasurements } from '../engine/measure/measure-photo';
import { describeEachBackend } from '@wildframe/platform/testing';
import { AnalysisBackend, openAnalysisBackend } from '../testing/analysis-backends';

/**
 * What every adapter set of the analysis ports must guarantee: one rating per photo under parallel
 * analyses, its event published exactly once (none for the losers), access facts applied newest
 * first and once per delivery, and a deleted photo that stays deleted with its rating and tips gone.
 */
describeEachBackend('analysis repositories', (backend) => {
  let b: AnalysisBackend;
  beforeAll(async () => {
    b = await openAnalysisBackend(backend);
  });
  afterAll(async () => {
    await b?.close();
  });

  // The stores keep measurements as opaque JSON: any object shows that they come back whole.
  const measurements = { exposure: { stops: 0.4 }, clarity: { acutance: 2.7 }, list: [1, 2, 3] } as unknown as PhotoMeasurements;
  const newRating = (photoId: string, overall = '7.4'): NewRating => ({
    photoId,
    overallRating: overall,
    composition: '7.0',
    lighting: '8.1',
    clarity: '6.9',
    creativity: '7.5',
    feedback: 'Crisp edges on the bird.',
    subject: 'bird',
    location: null,
    aiModel: 'local:test',
    createdAt: new Date('2030-01-02T03:04:05.000Z'),
    category: 'wildlife',
    evidence: {
      overall: ['o'],
      composition: ['c'],
      lighting: ['l'],
      clarity: ['cl'],
      creativity: ['cr'],
      category: ['cat'],
      screening: { nudity: 'none', nature: 'yes', weapons: 'none' },
      engine: ['e'],
    },
    measurements,
    reviewReasons: null,
  });
  const analyzed = (stored: RatingRecord) => [
    pendingEvent(
      'analysis.photo.analyzed.v1',
      {
        photoId: stored.photoId,
        overallRating: Number(stored.overallRating),
        composition: 7,
        lighting: 8,
        clarity: 7,
        creativity: 7,
        feedback: stored.feedback,
        subject: stored.subject ?? '',
        aiModel: stored.aiModel,
        category: stored.category,
        analyzedAt: stored.createdAt.toISOString(),
        reviewReasons: stored.reviewReasons ?? [],
      },
      { key: stored.photoId, id: stored.eventId },
    ),
  ];
  const publishedFor = async (key: string) => {
    await b.outbox.flush();
    return b.bus.published.filter((p) => p.key === key);
  };

  describe('ratings', () => {
    it('stores a rating whole and finds it by photo', async () => {
      const photoId = randomUUID();
      const { rating, created } = await b.ratings.insertOnce(newRating(photoId), analyzed);
      expect(created).toBe(true);
      expect(rating).toMatchObject({ ...newRating(photoId), id: expect.any(String), eventId: expect.any(String) });
      expect(await b.ratings.findByPhotoId(photoId)).toEqual(rating);
      expect(await b.ratings.findByPhotoId(randomUUID())).toBeUndefined();
      expect(await b.ratings.findByPhotoId('not-a-uuid')).toBeUndefined();
    });

    it('keeps the reasons of a photo held for review with its rating', async () => {
      const photoId = randomUUID();
      const held = { ...newRating(photoId), reviewReasons: ['It looks like a screenshot.', 'Very few colours.'] };
      const { rating } = await b.ratings.insertOnce(held, analyzed);
      expect(rating.reviewReasons).toEqual(held.reviewReasons);
      expect(await b.ratings.findByPhotoId(photoId)).toEqual(rating);
      expect((await publishedFor(photoId)).map((p) => p.payload)).toEqual([expect.objectContaining({ reviewReasons: held.reviewReasons })]);
    });

    it('keeps one rating of six parallel analyses of a photo, announced once with the stored event id', async () => {
      const photoId = randomUUID();
      const results = await Promise.all(['5.1', '5.2', '5.3', '5.4', '5.5', '5.6'].map((o) => b.ratings.insertOnce(newRating(photoId, o), analyzed)));
      expect(results.filter((r) => r.created)).toHaveLength(1);
      const winner = results.find((r) => r.created)?.rating;
      for (const r of results) expect(r.rating).toEqual(winner);
      const published = await publishedFor(photoId);
      expect(published.map((p) => p.id)).toEqual([winner?.eventId]);
      await b.outbox.flush();
      expect(await publishedFor(photoId)).toHaveLength(1);
      expect(await b.outbox.pending()).toBe(0);
    });

    it('announces nothing for a photo that already has its rating', async () => {
      const photoId = randomUUID();
      await b.ratings.insertOnce(newRating(photoId), analyzed);
      await b.outbox.flush();
      const again = await b.ratings.insertOnce(newRating(photoId, '9.9'), analyzed);
      expect(again.created).toBe(false);
      expect(again.rating.overallRating).toBe('7.4');
      expect(await publishedFor(photoId)).toHaveLength(1);
    });

    it('stores nothing when the announcement cannot be built', async () => {
      const photoId = randomUUID();
      await expect(
        b.ratings.insertOnce(newRating(photoId), () => {
          throw new Error('invalid event');
        }),
      ).rejects.toThrow('invalid event');
      expect(await b.ratings.findByPhotoId(photoId)).toBeUndefined();
      expect(await publishedFor(photoId)).toHaveLength(0);
    });
  });

  describe('photo access', () => {
    const owner = randomUUID();
    const at = (s: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, s));

    it('records owner and visibility, newest fact first, keeping what a fact leaves out', async () => {
      const photoId = randomUUID();
      expect(await b.access.find(photoId)).toBeUndefined();
      await b.access.record({ photoId, ownerId: owner, at: at(1) });
      expect(await b.access.find(photoId)).toEqual({ photoId, ownerId: owner, isPublic: false, deleted: false, changedAt: at(1) });
      await b.access.record({ photoId, ownerId: owner, isPublic: true, at: at(3) });
      // An older fact arriving late changes nothing.
      await b.access.record({ photoId, ownerId: owner, isPublic: false, at: at(2) });
      expect(await b.access.find(photoId)).toMatchObject({ isPublic: true, changedAt: at(3) });
      // A newer upload fact without visibility keeps it; without an owner keeps the owner.
      await b.access.record({ photoId, ownerId: null, at: at(4) });
      expect(await b.access.find(photoId)).toMatchObject({ ownerId: owner, isPublic: true, changedAt: at(4) });
      expect(await b.access.find('not-a-uuid')).toBeUndefined();
    });

    it('applies a delivery once, even when it arrives twice at the same time', async () => {
      const photoId = randomUUID();
      const delivery = { consumer: 'analysis:photo-visibility', eventId: randomUUID() };
      const fact = { photoId, ownerId: owner, isPublic: true, at: at(5) };
      expect((await Promise.all([b.access.record(fact, delivery), b.access.record(fact, delivery)])).sort()).toEqual([false, true]);
      // A redelivery of the now-older fact after a newer one: skipped as a duplicate.
      await b.access.record({ photoId, ownerId: owner, isPublic: false, at: at(6) });
      expect(await b.access.record(fact, delivery)).toBe(false);
      expect(await b.access.find(photoId)).toMatchObject({ isPublic: false });
    });

    it('deletes a photo for good: its rating and tips go, late facts cannot revive it, a redelivery is skipped', async () => {
      const photoId = randomUUID();
      await b.access.record({ photoId, ownerId: owner, isPublic: true, at: at(1) });
      await b.ratings.insertOnce(newRating(photoId), analyzed);
      await b.tips.save({ photoId, platform: 'lightroom', level: 'standard' }, 'Lift the shadows.');
      const delivery = { consumer: 'analysis:photo-deleted', eventId: randomUUID() };

      expect(await b.access.markDeleted(photoId, at(10), delivery)).toBe(true);
      expect(await b.access.find(photoId)).toMatchObject({ deleted: true, isPublic: false });
      expect(await b.ratings.findByPhotoId(photoId)).toBeUndefined();
      expect(await b.tips.find({ photoId, platform: 'lightroom', level: 'standard' })).toBeUndefined();
      expect(await b.access.markDeleted(photoId, at(10), delivery)).toBe(false);

      await b.access.record({ photoId, ownerId: owner, isPublic: true, at: at(20) });
      expect(await b.access.find(photoId)).toMatchObject({ deleted: true, isPublic: false });
      // A deletion heard of before any other fact still leaves its tombstone.
      const unknown = randomUUID();
      await b.access.markDeleted(unknown, at(1));
      await b.access.record({ photoId: unknown, ownerId: owner, isPublic: true, at: at(2) });
      expect(await b.access.find(unknown)).toEqual({ photoId: unknown, ownerId: null, isPublic: false, deleted: true, changedAt: at(1) });
    });

    it('still announces a rating once when its photo is deleted before the event went out', async () => {
      const photoId = randomUUID();
      const { rating } = await b.ratings.insertOnce(newRating(photoId), analyzed);
      await b.access.markDeleted(photoId, at(30));
      expect(await b.ratings.findByPhotoId(photoId)).toBeUndefined();
      expect((await publishedFor(photoId)).map((p) => p.id)).toEqual([rating.eventId]);
      expect(await b.outbox.pending()).toBe(0);
      expect(await b.ratings.findByPhotoId(photoId)).toBeUndefined();
    });
  });

  describe('editing tips', () => {
    it('caches tips per photo, platform and level; the first save of a key stays', async () => {
      const photoId = randomUUID();
      const key = { photoId, platform: 'lightroom', level: 'advanced' };
      expect(await b.tips.find(key)).toBeUndefined();
      await Promise.all([b.tips.save(key, 'first'), b.tips.save(key, 'first')]);
      await b.tips.save(key, 'second');
      expect(await b.tips.find(key)).toBe('first');
      expect(await b.tips.find({ ...key, level: 'standard' })).toBeUndefined();
      expect(await b.tips.find({ ...key, platform: 'apple-photos' })).toBeUndefined();
    });
  });
});
