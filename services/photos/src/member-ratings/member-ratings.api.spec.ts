import 'reflect-metadata';
import type { EventEnvelope } from '@wildframe/platform';
import { Client } from 'pg';
import { CommunityTestApp, communityTestApp } from '../testing/community-test-app';

// Real uploads (image processing) on shared cores.
jest.setTimeout(60_000);

const SCORES = { overallRating: 8, composition: 9, lighting: 7, clarity: 8, creativity: 6 };

describe('member critiques API', () => {
  let app: CommunityTestApp;
  let owner: ReturnType<CommunityTestApp['member']>;
  let photo: { id: string; slug: string };

  beforeAll(async () => {
    app = await communityTestApp(['photos.member-rating.changed.v1']);
    owner = app.member();
    photo = await app.photo(owner.token);
  });
  afterAll(() => app.close());

  async function storedRows(photoId: string): Promise<Array<{ user_id: string; overall_rating: string }>> {
    const client = new Client({ connectionString: app.t.databaseUrl });
    await client.connect();
    try {
      return (await client.query('SELECT user_id, overall_rating FROM photos.member_ratings WHERE photo_id = $1', [photoId])).rows;
    } finally {
      await client.end();
    }
  }
  const changes = (photoId: string) => app.events.filter((e): e is EventEnvelope<'photos.member-rating.changed.v1'> => e.type === 'photos.member-rating.changed.v1' && e.key === photoId);

  it('lets a member rate someone else’s public photo, shows it with count and averages, and announces it', async () => {
    const rater = app.member();
    const res = await app.as(rater.token).put(`/photos/${photo.id}/member-ratings/mine`).send({ ...SCORES, feedback: '  Lovely light on the fur.  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 1, canRate: true, average: { overallRating: '8.0', composition: '9.0', lighting: '7.0', clarity: '8.0', creativity: '6.0' } });
    expect(res.body.mine).toMatchObject({ authorName: `${rater.identity.firstName} Tester`, overallRating: '8.0', feedback: 'Lovely light on the fur.', isMine: true, canRemove: true });
    // Anyone sees it on the photo page, by slug too; anonymous visitors cannot rate.
    const seen = await app.as(null).get(`/photos/${photo.slug}/member-ratings`).expect(200);
    expect(seen.body).toMatchObject({ count: 1, canRate: false, mine: null });
    expect(seen.body.ratings[0]).toMatchObject({ isMine: false, canRemove: false, feedback: 'Lovely light on the fur.' });
    expect(JSON.stringify(seen.body)).not.toContain(rater.identity.userId);
    await app.t.bus.idle();
    expect(changes(photo.id).at(-1)?.payload).toMatchObject({ action: 'created', userId: rater.identity.userId, photoOwnerId: owner.identity.userId, overallRating: 8, hasFeedback: true, ratingCount: 1, averageOverall: 8, removedBy: '' });
  });

  it('keeps one critique per member and photo: a second submission edits it, also when sent in parallel', async () => {
    const target = await app.photo(owner.token, { title: 'Parallel' });
    const rater = app.member();
    const submissions = [3, 4, 5, 6, 7, 8].map((overallRating) => app.as(rater.token).put(`/photos/${target.id}/member-ratings/mine`).send({ ...SCORES, overallRating }));
    const answers = await Promise.all(submissions);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const rows = await storedRows(target.id);
    expect(rows).toHaveLength(1);
    const final = await app.as(null).get(`/photos/${target.id}/member-ratings`).expect(200);
    expect(final.body.count).toBe(1);
    expect(final.body.average.overallRating).toBe(Number(rows[0]?.overall_rating).toFixed(1));
    await app.t.bus.idle();
    expect(changes(target.id).map((e) => e.payload.action).sort()).toEqual(['created', 'updated', 'updated', 'updated', 'updated', 'updated']);
    expect(changes(target.id).every((e) => e.payload.ratingCount === 1)).toBe(true);

    const edited = await app.as(rater.token).put(`/photos/${target.id}/member-ratings/mine`).send({ ...SCORES, overallRating: 10, feedback: null }).expect(200);
    expect(edited.body).toMatchObject({ count: 1, mine: { overallRating: '10.0', feedback: null } });
  });

  it('averages over every member’s critique, equal to the stored rows', async () => {
    const target = await app.photo(owner.token, { title: 'Averages' });
    const [a, b, c] = [app.member(), app.member(), app.member()];
    await app.as(a.token).put(`/photos/${target.id}/member-ratings/mine`).send({ ...SCORES, overallRating: 10, lighting: 1 }).expect(200);
    await app.as(b.token).put(`/photos/${target.id}/member-ratings/mine`).send({ ...SCORES, overallRating: 7, lighting: 2 }).expect(200);
    const res = await app.as(c.token).put(`/photos/${target.id}/member-ratings/mine`).send({ ...SCORES, overallRating: 6, lighting: 2 }).expect(200);
    expect(res.body).toMatchObject({ count: 3, average: { overallRating: '7.7', lighting: '1.7', composition: '9.0' } });
    const rows = await storedRows(target.id);
    expect(rows.length).toBe(res.body.count);
    expect((rows.reduce((sum, row) => sum + Number(row.overall_rating), 0) / rows.length).toFixed(1)).toBe(res.body.average.overallRating);
  });

  describe('refuses, with the error envelope, and changes nothing', () => {
    it.each([
      ['a score above 10', { ...SCORES, lighting: 11 }, 'Lighting must be a whole number from 1 to 10'],
      ['a score below 1', { ...SCORES, overallRating: 0 }, 'Overall rating must be a whole number from 1 to 10'],
      ['a fractional score', { ...SCORES, clarity: 7.5 }, 'Clarity must be a whole number from 1 to 10'],
      ['a score given as text', { ...SCORES, creativity: '9' }, 'Creativity must be a whole number from 1 to 10'],
      ['a missing score', { overallRating: 8, lighting: 7, clarity: 8, creativity: 6 }, 'Composition must be a whole number from 1 to 10'],
      ['feedback over 1000 characters', { ...SCORES, feedback: 'x'.repeat(1001) }, 'Feedback must be 1000 characters or less'],
    ])('%s', async (_name, body, message) => {
      const target = await app.photo(owner.token, { title: 'Bad input' });
      const rater = app.member();
      const res = await app.as(rater.token).put(`/photos/${target.id}/member-ratings/mine`).send(body);
      expect([res.status, res.body]).toEqual([400, { statusCode: 400, message }]);
      expect(await storedRows(target.id)).toEqual([]);
    });

    it('rating one’s own photo', async () => {
      const res = await app.as(owner.token).put(`/photos/${photo.id}/member-ratings/mine`).send(SCORES);
      expect([res.status, res.body]).toEqual([403, { statusCode: 403, message: 'You cannot rate your own photo' }]);
      expect((await storedRows(photo.id)).some((row) => row.user_id === owner.identity.userId)).toBe(false);
      const own = await app.as(owner.token).get(`/photos/${photo.id}/member-ratings`).expect(200);
      expect(own.body.canRate).toBe(false);
    });

    it('rating a private photo: not found for members, refused for an admin who can see it', async () => {
      const hidden = await app.photo(owner.token, { title: 'Private', isPublic: false });
      const member = await app.as(app.member().token).put(`/photos/${hidden.id}/member-ratings/mine`).send(SCORES);
      expect([member.status, member.body]).toEqual([404, { statusCode: 404, message: 'Photo Not Found' }]);
      const admin = await app.as(app.member(true).token).put(`/photos/${hidden.id}/member-ratings/mine`).send(SCORES);
      expect([admin.status, admin.body]).toEqual([403, { statusCode: 403, message: 'Only public photos can be rated' }]);
      expect(await storedRows(hidden.id)).toEqual([]);
      expect((await app.as(null).get(`/photos/${hidden.id}/member-ratings`)).status).toBe(404);
    });

    it('an anonymous visitor', async () => {
      const res = await app.as(null).put(`/photos/${photo.id}/member-ratings/mine`).send(SCORES);
      expect([res.status, res.body]).toEqual([401, { statusCode: 401, message: 'Not authenticated' }]);
    });

    it('a photo that does not exist', async () => {
      const res = await app.as(app.member().token).put('/photos/00000000-0000-4000-8000-00000000beef/member-ratings/mine').send(SCORES);
      expect([res.status, res.body]).toEqual([404, { statusCode: 404, message: 'Photo Not Found' }]);
    });
  });

  describe('removal', () => {
    it('the owner and an admin may remove a critique; another member may not; each removal is announced', async () => {
      const target = await app.photo(owner.token, { title: 'Removal' });
      const [a, b, other] = [app.member(), app.member(), app.member()];
      await app.as(a.token).put(`/photos/${target.id}/member-ratings/mine`).send(SCORES).expect(200);
      const both = await app.as(b.token).put(`/photos/${target.id}/member-ratings/mine`).send({ ...SCORES, overallRating: 4 }).expect(200);
      const ofA = (both.body.ratings as Array<{ id: string; isMine: boolean }>).find((r) => !r.isMine)?.id as string;
      const ofB = both.body.mine.id as string;

      const refused = await app.as(other.token).delete(`/photos/${target.id}/member-ratings/${ofA}`);
      expect([refused.status, refused.body]).toEqual([403, { statusCode: 403, message: 'Only the photo’s owner, the critique’s author or an admin can remove a critique' }]);
      expect(await storedRows(target.id)).toHaveLength(2);

      const byOwner = await app.as(owner.token).delete(`/photos/${target.id}/member-ratings/${ofA}`).expect(200);
      expect(byOwner.body).toMatchObject({ count: 1, average: { overallRating: '4.0' } });
      const byAdmin = await app.as(app.member(true).token).delete(`/photos/${target.id}/member-ratings/${ofB}`).expect(200);
      expect(byAdmin.body).toMatchObject({ count: 0, average: null, ratings: [] });
      expect(await storedRows(target.id)).toEqual([]);

      const again = await app.as(owner.token).delete(`/photos/${target.id}/member-ratings/${ofB}`);
      expect([again.status, again.body]).toEqual([404, { statusCode: 404, message: 'Rating not found' }]);
      await app.t.bus.idle();
      const removed = changes(target.id).filter((e) => e.payload.action === 'removed');
      expect(removed.map((e) => [e.payload.removedBy === owner.identity.userId, e.payload.ratingCount])).toEqual([
        [true, 1],
        [false, 0],
      ]);
    });

    it('a member may withdraw their own critique and rate again', async () => {
      const target = await app.photo(owner.token, { title: 'Withdraw' });
      const rater = app.member();
      const first = await app.as(rater.token).put(`/photos/${target.id}/member-ratings/mine`).send(SCORES).expect(200);
      await app.as(rater.token).delete(`/photos/${target.id}/member-ratings/${first.body.mine.id}`).expect(200);
      const second = await app.as(rater.token).put(`/photos/${target.id}/member-ratings/mine`).send({ ...SCORES, overallRating: 5 }).expect(200);
      expect(second.body).toMatchObject({ count: 1, mine: { overallRating: '5.0' } });
    });

    it('a critique goes with its photo', async () => {
      const target = await app.photo(owner.token, { title: 'Deleted later' });
      await app.as(app.member().token).put(`/photos/${target.id}/member-ratings/mine`).send(SCORES).expect(200);
      await app.as(owner.token).delete(`/photos/${target.id}`).expect(200);
      expect(await storedRows(target.id)).toEqual([]);
    });
  });
});
