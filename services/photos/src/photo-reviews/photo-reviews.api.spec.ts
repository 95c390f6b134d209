import 'reflect-metadata';
import { IdentityRegistry, LocalServiceRegistry, loadConfig } from '@wildframe/platform';
import type { EventEnvelope, Identity } from '@wildframe/platform';
import type { EventPayloads, Topic } from '@wildframe/contracts';
import { createServiceTestApp, describeEachBackend, ServiceTestApp } from '@wildframe/platform/testing';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import request from 'supertest';
import type { StoredRating } from '../domain/photo';
import { PhotosRepository } from '../repositories/photos.repository';
import { photosConfigSchema } from '../photos.config';
import { PhotosModule } from '../photos.module';
import { PhotoReviewsRepository } from './photo-reviews.repository';

// Real uploads (image processing) on shared cores.
jest.setTimeout(60_000);

const TIGER = readFileSync(join(__dirname, '..', '..', 'test-fixtures', 'wildlife_mammal_tiger_in_snow_puzzlejigsaw.jpg'));
const REASON = 'It looks like a screenshot or a document, not a nature photograph.';
const OBSERVED: readonly Topic[] = ['photos.photo.uploaded.v1', 'photos.photo.reviewed.v1', 'photos.photo.deleted.v1', 'photos.photo.visibility-changed.v1', 'photos.photo.featured-changed.v1'];

function rating(category: string): StoredRating {
  return { overallRating: '6.1', composition: '6.0', lighting: '6.2', clarity: '6.3', creativity: '5.9', feedback: 'Measured.', subject: null, location: null, aiModel: 'test-engine', category, createdAt: new Date().toISOString() };
}

/**
 * The review flow through the photos service's HTTP API, on each backend. The analysis service is
 * a collaborator here: a stand-in (registered where the real one registers) holds photos titled
 * "Held…" for review with the engine's reasons and its guess "wildlife", fails for "Unrated…" (the
 * upload then stores the photo without a critique) and rates the others.
 */
describeEachBackend('photos held for review', (backend) => {
  let t: ServiceTestApp;
  const events: EventEnvelope[] = [];
  const identities = new Map<string, Identity>();
  let counter = 0;

  beforeAll(async () => {
    t = await createServiceTestApp(({ DATABASE_URL, STORAGE_DIR }) => [PhotosModule.register(loadConfig('photos', photosConfigSchema, { DATABASE_URL, STORAGE_DIR, ANALYSIS_DEADLINE_MS: '5000' }))], {
      databaseUrl: backend.url,
      subscribe: (bus) => {
        for (const topic of OBSERVED) bus.subscribe(topic, 'test-observer', async (event) => void events.push(event as EventEnvelope));
      },
    });
    t.app.get(IdentityRegistry).register({ resolve: async (token) => identities.get(token) ?? null });
    t.app.get(LocalServiceRegistry).register('analysis', {
      analyze: async (req: { title: string }) => {
        if (req.title.startsWith('Unrated')) throw new Error('engine crashed');
        return req.title.startsWith('Held') ? { outcome: 'review', rating: rating('wildlife'), reasons: [REASON, 'Very few colours.'] } : { outcome: 'rated', rating: rating('landscape') };
      },
    });
  });
  afterAll(() => t.close());

  function member(isAdmin = false): { token: string; identity: Identity } {
    counter++;
    const identity: Identity = { userId: `00000000-0000-4000-a000-${String(counter).padStart(12, '0')}`, email: `r${counter}@example.com`, firstName: `Ada${counter}`, lastName: 'Reviewer', plan: 'enthusiast', isAdmin };
    identities.set(`token-${counter}`, identity);
    return { token: `token-${counter}`, identity };
  }
  const as = (token: string | null, ip = '10.30.0.1') => {
    const auth = <T extends request.Test>(req: T): T => (token ? req.set('Authorization', `Bearer ${token}`) : req).set('X-Forwarded-For', ip);
    return {
      get: (path: string) => auth(request(t.server).get(`/api${path}`)),
      post: (path: string) => auth(request(t.server).post(`/api${path}`)),
      delete: (path: string) => auth(request(t.server).delete(`/api${path}`)),
    };
  };
  const upload = (token: string | null, title: string, category?: 'wildlife' | 'landscape', ip = `10.31.0.${++counter % 250}`) => {
    const req = as(token, ip).post('/photos/upload').field('title', title).field('description', 'Seen on a walk.');
    if (category) req.field('category', category);
    return req.attach('photo', TIGER, 'photo.jpg');
  };
  const storedKeys = (id: string): string[] => {
    const root = join(t.storageDir, 'objects');
    const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [relative(root, join(dir, e.name))]));
    return walk(root).filter((key) => key.includes(id));
  };
  const eventsOf = (photoId: string) => events.filter((e) => e.key === photoId).map((e) => e.type);
  const trail = () => t.app.get(PhotoReviewsRepository);

  it('stores a held upload private, without a nature category, and says why to its owner and the admin only', async () => {
    const owner = member();
    const admin = member(true);
    const res = await upload(owner.token, 'Held screenshot');
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Photo uploaded successfully');
    expect(res.body.rating).toMatchObject({ overallRating: '6.1' });
    expect(res.body.photo).toMatchObject({ moderation: 'review', reviewReasons: [REASON, 'Very few colours.'], category: 'others', isPublic: false, isFeatured: false });
    const id = res.body.photo.id as string;

    expect((await as(owner.token).get(`/photos/${id}`)).body).toMatchObject({ moderation: 'review', reviewReasons: [REASON, 'Very few colours.'], category: 'others' });
    expect(((await as(owner.token).get('/user/photos')).body as Array<{ id: string; moderation: string | null }>).find((p) => p.id === id)?.moderation).toBe('review');
    expect(((await as(admin.token).get('/admin/photos')).body as Array<{ id: string; moderation: string | null }>).find((p) => p.id === id)?.moderation).toBe('review');
    expect((await as(member().token).get(`/photos/${id}`)).status).toBe(404);
    expect((await as(null).get(`/photos/${id}`)).status).toBe(404);
    await t.bus.idle();
    expect(events.find((e) => e.type === 'photos.photo.uploaded.v1' && e.key === id)?.payload).toMatchObject({ moderation: 'review', category: 'others' });

    // A photo rated outright is not held.
    const rated = await upload(owner.token, 'Misty lake');
    expect(rated.body.photo).toMatchObject({ moderation: null, reviewReasons: [], category: 'landscape' });
    await t.bus.idle();
    expect(events.find((e) => e.type === 'photos.photo.uploaded.v1' && e.key === rated.body.photo.id)?.payload).toMatchObject({ moderation: '' });
  });

  it('cannot be made public or featured until approved; the refusal says why and changes nothing', async () => {
    const owner = member();
    const admin = member(true);
    const id = (await upload(owner.token, 'Held again')).body.photo.id as string;
    expect((await as(owner.token).post(`/photos/${id}/toggle-public`)).body).toEqual({ statusCode: 409, message: 'This photo is waiting for review. It can be made public once an admin approves it.' });
    expect((await as(admin.token).post(`/admin/photos/${id}/toggle-featured`)).body).toEqual({ statusCode: 409, message: 'This photo is waiting for review. It can be featured once an admin approves it.' });
    expect(await t.app.get(PhotosRepository).findById(id)).toMatchObject({ isPublic: false, isFeatured: false, moderation: 'review' });
    expect(((await as(null).get('/photos?public=true')).body.photos as Array<{ id: string }>).map((p) => p.id)).not.toContain(id);
    // The owner still edits, downloads and deletes it as any photo of theirs.
    expect((await as(owner.token).get(`/photos/${id}/download`)).status).toBe(200);
  });

  it('approval: the notice goes, the category the engine guessed (or the owner chose) comes, and it may be published and featured; audited and announced', async () => {
    const owner = member();
    const admin = member(true);
    const guessed = (await upload(owner.token, 'Held heron')).body.photo.id as string;
    const chosen = (await upload(owner.token, 'Held valley', 'landscape')).body.photo.id as string;
    expect((await as(owner.token).get(`/photos/${chosen}`)).body).toMatchObject({ category: 'others', moderation: 'review' });

    const approved = await as(admin.token).post(`/admin/photos/${guessed}/approve`).send({});
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ message: 'Photo approved', photo: { id: guessed, moderation: null, reviewReasons: [], category: 'wildlife', isPublic: false } });
    expect((await as(admin.token).post(`/admin/photos/${chosen}/approve`).send({ reason: '  A real valley at dusk.  ' })).body.photo).toMatchObject({ category: 'landscape', moderation: null });

    expect((await as(owner.token).get(`/photos/${guessed}`)).body).toMatchObject({ moderation: null, reviewReasons: [], category: 'wildlife' });
    expect((await as(owner.token).post(`/photos/${guessed}/toggle-public`)).body).toEqual({ message: 'Photo is now public', isPublic: true });
    expect((await as(admin.token).post(`/admin/photos/${guessed}/toggle-featured`)).body).toEqual({ message: 'Photo featured', isFeatured: true });
    expect(((await as(null).get('/featured-photos')).body as Array<{ id: string; category: string }>).find((p) => p.id === guessed)?.category).toBe('wildlife');

    await t.bus.idle();
    expect(events.find((e) => e.type === 'photos.photo.reviewed.v1' && e.key === chosen)?.payload).toEqual({
      photoId: chosen,
      userId: owner.identity.userId,
      decision: 'approved',
      reason: 'A real valley at dusk.',
      reviewedBy: admin.identity.userId,
      reviewReasons: [REASON, 'Very few colours.'],
      category: 'landscape',
      at: expect.any(String),
    });
    expect(await trail().findByPhoto(guessed)).toEqual({
      photoId: guessed,
      ownerId: owner.identity.userId,
      decision: 'approved',
      reason: null,
      reviewedBy: admin.identity.userId,
      reviewReasons: [REASON, 'Very few colours.'],
      category: 'wildlife',
      reviewedAt: expect.any(Date),
    });
    // Decided once: a second decision is refused and changes nothing.
    expect((await as(admin.token).post(`/admin/photos/${guessed}/approve`).send({})).body).toEqual({ statusCode: 409, message: 'This photo is not waiting for review' });
    expect((await as(admin.token).post(`/admin/photos/${guessed}/reject`).send({ reason: 'Changed my mind' })).body).toEqual({ statusCode: 409, message: 'This photo is not waiting for review' });
    expect(await t.app.get(PhotosRepository).findById(guessed)).toMatchObject({ isPublic: true, isFeatured: true });
  });

  it('rejection is the spec’s delete, with the admin’s reason: record and files go, audited and announced', async () => {
    const owner = member();
    const admin = member(true);
    const id = (await upload(owner.token, 'Held invoice')).body.photo.id as string;
    expect(storedKeys(id)).toHaveLength(4);
    expect((await as(admin.token).post(`/admin/photos/${id}/reject`).send({})).body).toEqual({ statusCode: 400, message: 'Reason is required' });
    expect((await as(admin.token).post(`/admin/photos/${id}/reject`).send({ reason: '   ' })).body).toEqual({ statusCode: 400, message: 'Reason is required' });
    expect((await as(admin.token).post(`/admin/photos/${id}/reject`).send({ reason: 'x'.repeat(501) })).body).toEqual({ statusCode: 400, message: 'Reason must be 500 characters or less' });
    expect(await t.app.get(PhotosRepository).findById(id)).toMatchObject({ moderation: 'review' });

    expect((await as(admin.token).post(`/admin/photos/${id}/reject`).send({ reason: 'A photo of an invoice, not nature.' })).body).toEqual({ message: 'Photo rejected' });
    expect((await as(owner.token).get(`/photos/${id}`)).body).toEqual({ statusCode: 404, message: 'Photo Not Found' });
    expect(((await as(owner.token).get('/user/photos')).body as Array<{ id: string }>).map((p) => p.id)).not.toContain(id);
    expect(storedKeys(id)).toEqual([]);
    await t.bus.idle();
    expect(eventsOf(id)).toEqual(['photos.photo.uploaded.v1', 'photos.photo.reviewed.v1', 'photos.photo.deleted.v1']);
    expect(events.find((e) => e.type === 'photos.photo.deleted.v1' && e.key === id)?.payload).toMatchObject({ reason: 'rejected in review', userId: owner.identity.userId });
    expect(await trail().findByPhoto(id)).toMatchObject({ decision: 'rejected', reason: 'A photo of an invoice, not nature.', reviewedBy: admin.identity.userId, category: null, ownerId: owner.identity.userId });
    expect((await as(admin.token).post(`/admin/photos/${id}/reject`).send({ reason: 'again' })).body).toEqual({ statusCode: 404, message: 'Photo Not Found' });
  });

  it('only an admin decides, on a photo held for review', async () => {
    const owner = member();
    const admin = member(true);
    const held = (await upload(owner.token, 'Held gradient')).body.photo.id as string;
    const rated = (await upload(owner.token, 'Forest path')).body.photo.id as string;
    for (const decision of ['approve', 'reject']) {
      expect((await as(null).post(`/admin/photos/${held}/${decision}`).send({ reason: 'r' })).body).toEqual({ statusCode: 401, message: 'Not authenticated' });
      expect((await as(owner.token).post(`/admin/photos/${held}/${decision}`).send({ reason: 'r' })).body).toEqual({ statusCode: 403, message: 'Access Denied' });
      expect((await as(admin.token).post(`/admin/photos/${rated}/${decision}`).send({ reason: 'r' })).body).toEqual({ statusCode: 409, message: 'This photo is not waiting for review' });
      expect((await as(admin.token).post(`/admin/photos/${randomUUID()}/${decision}`).send({ reason: 'r' })).body).toEqual({ statusCode: 404, message: 'Photo Not Found' });
      expect((await as(admin.token).post(`/admin/photos/not-an-id/${decision}`).send({ reason: 'r' })).body).toEqual({ statusCode: 404, message: 'Photo Not Found' });
    }
    expect(await t.app.get(PhotosRepository).findById(held)).toMatchObject({ moderation: 'review' });
    expect(await trail().findByPhoto(held)).toBeUndefined();
  });

  it('two admins deciding at once: one decision stands, the other is told', async () => {
    const owner = member();
    const [first, second] = [member(true), member(true)];
    const id = (await upload(owner.token, 'Held twice')).body.photo.id as string;
    const answers = await Promise.all([as(first.token).post(`/admin/photos/${id}/approve`).send({}), as(second.token).post(`/admin/photos/${id}/reject`).send({ reason: 'Not nature.' })]);
    // Whichever lands first stands. An approval first: the rejection finds the photo no longer held
    // (409). A rejection first deletes the photo, so the approval finds nothing (404). Never both.
    expect([
      [200, 409],
      [404, 200],
    ]).toContainEqual(answers.map((a) => a.status));
    await t.bus.idle();
    expect(eventsOf(id).filter((type) => type === 'photos.photo.reviewed.v1')).toHaveLength(1);
    const decided = await trail().findByPhoto(id);
    expect(decided?.decision).toBe(answers[0]?.status === 200 ? 'approved' : 'rejected');
  });

  it('a guest’s held upload is held like any other, and expires as guest photos do', async () => {
    const guest = await upload(null, 'Held guest capture');
    expect(guest.status).toBe(201);
    expect(guest.body.photo).toMatchObject({ moderation: 'review', reviewReasons: [REASON, 'Very few colours.'], isTemporary: true, isPublic: false, category: 'others' });
  });

  it('a critique that arrives after the upload (it went on without one) still holds the photo, taking it out of the gallery', async () => {
    const owner = member();
    const admin = member(true);
    const analyzed = (photoId: string, reviewReasons: string[]): EventPayloads['analysis.photo.analyzed.v1'] => ({
      photoId,
      overallRating: 6.1,
      composition: 6,
      lighting: 6.2,
      clarity: 6.3,
      creativity: 5.9,
      feedback: 'Measured.',
      subject: '',
      aiModel: 'test-engine',
      category: 'landscape',
      analyzedAt: new Date().toISOString(),
      reviewReasons,
    });
    // The engine did not answer in time: stored without a critique, then published and featured.
    const id = (await upload(owner.token, 'Unrated capture', 'wildlife')).body.photo.id as string;
    await as(owner.token).post(`/photos/${id}/toggle-public`).expect(200);
    await as(admin.token).post(`/admin/photos/${id}/toggle-featured`).expect(200);
    const eventId = randomUUID();
    await t.bus.publish('analysis.photo.analyzed.v1', analyzed(id, [REASON]), { key: id, id: eventId });
    await t.bus.publish('analysis.photo.analyzed.v1', analyzed(id, [REASON]), { key: id, id: eventId });
    await t.bus.idle();
    expect((await as(owner.token).get(`/photos/${id}`)).body).toMatchObject({ moderation: 'review', reviewReasons: [REASON], category: 'others', isPublic: false, isFeatured: false, overallRating: '6.1' });
    expect((await as(null).get(`/photos/${id}`)).status).toBe(404);
    const published = (type: Topic) => events.filter((e) => e.key === id && e.type === type).map((e) => e.payload);
    expect(published('photos.photo.visibility-changed.v1')).toEqual([expect.objectContaining({ isPublic: true }), expect.objectContaining({ isPublic: false })]);
    expect(published('photos.photo.featured-changed.v1')).toEqual([expect.objectContaining({ isFeatured: true, changedBy: admin.identity.userId }), expect.objectContaining({ isFeatured: false, changedBy: '' })]);
    // Approved, it gets the category its owner chose at upload.
    expect((await as(admin.token).post(`/admin/photos/${id}/approve`).send({})).body.photo).toMatchObject({ category: 'wildlife' });

    // A photo that had its critique is never held afterwards: it was judged at upload.
    const rated = (await upload(owner.token, 'Rated lake')).body.photo.id as string;
    await t.bus.publish('analysis.photo.analyzed.v1', analyzed(rated, [REASON]), { key: rated });
    await t.bus.idle();
    expect((await as(owner.token).get(`/photos/${rated}`)).body).toMatchObject({ moderation: null, category: 'landscape' });
    expect(t.bus.deadLetters()).toEqual([]);
  });
});
