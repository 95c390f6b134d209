import 'reflect-metadata';
import { Module } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ANALYSIS_API, AnalysisApi, AnalysisApiError, EventPayloads, createAnalysisHttpClient } from '@wildframe/contracts';
import {
  EventEnvelope,
  Identity,
  IdentityRegistry,
  InProcessEventBus,
  LocalServiceRegistry,
  MongoServiceDatabase,
  PlatformModule,
  createHttpApp,
  loadConfig,
} from '@wildframe/platform';
import { createTestDatabase, describeEachBackend, withProviderReplaced } from '@wildframe/platform/testing';
import type { TestBackend } from '@wildframe/platform/testing';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { analysisConfigSchema } from './analysis.config';
import { AnalysisModule } from './analysis.module';
import { PHOTO_ANALYZER } from './engine/engine.providers';
import type { PhotoAnalyzer } from './engine/photo-analyzer';
import { HELD_WITHOUT_REASON } from './ratings/analyze-photo.use-case';
import { REPO_FIXTURES } from './testing/fixtures';

// Boots the real module on a real PostgreSQL with the real engine and models.
jest.setTimeout(300_000);

const TOKEN = 'internal-token-for-tests-0123456789';
const fixture = (name: string): Buffer => readFileSync(join(REPO_FIXTURES, name));
const KINGFISHER = fixture('wildlife_bird_kingfisher_gcompris.webp');
const CANYON = fixture('landscape_canyon_de_chelly_gcompris.webp');

/** The engine's reason for the photos the double below holds. */
const HOLD_REASON = 'It looks like a screenshot or a document, not a nature photograph.';

/**
 * The engine is the boundary here: the real one rates every photo, and this double (injected by
 * Nest in its place) turns its verdict into a hold for photos titled "Held…", with the reason, or
 * with none for "Held without reason". What the service does with a hold is under test.
 */
function holdingTitled(engine: PhotoAnalyzer): PhotoAnalyzer {
  return {
    name: engine.name,
    async analyze(input) {
      const outcome = await engine.analyze(input);
      if (outcome.outcome !== 'rated' || !input.title.startsWith('Held')) return outcome;
      return { outcome: 'review', rating: outcome.rating, reasons: input.title === 'Held without reason' ? [' '] : [HOLD_REASON] };
    },
  };
}

function identity(plan: Identity['plan'], overrides: Partial<Identity> = {}): Identity {
  return { userId: randomUUID(), email: `${plan}@example.com`, firstName: 'Test', lastName: 'User', plan, isAdmin: false, ...overrides };
}

const owner = identity('enthusiast');
const otherEnthusiast = identity('enthusiast');
const professional = identity('professional');
const explorer = identity('explorer');
const admin = identity('enthusiast', { isAdmin: true });
const tokens: Record<string, Identity> = { owner, otherEnthusiast, professional, explorer, admin };

interface Booted {
  app: NestExpressApplication;
  bus: InProcessEventBus;
  drop: () => Promise<void>;
  databaseUrl: string;
}

async function boot(exposeInternalApi: boolean, databaseUrl?: string, env: Record<string, string> = {}): Promise<Booted> {
  // A given database (describeEachBackend's) is dropped by whoever made it.
  const database = databaseUrl === undefined ? await createTestDatabase() : { url: databaseUrl, drop: async () => undefined };
  const bus = new InProcessEventBus();
  const config = loadConfig('analysis', analysisConfigSchema, { DATABASE_URL: database.url, INTERNAL_API_TOKEN: TOKEN, DATABASE_POOL_SIZE: '3', ...env });
  @Module({
    imports: [
      PlatformModule.forRoot({ logging: { service: 'analysis', level: 'silent' }, eventBus: bus }),
      withProviderReplaced(AnalysisModule.register(config, exposeInternalApi ? { exposeInternalApi: true } : undefined), PHOTO_ANALYZER, holdingTitled),
    ],
  })
  class TestModule {}
  const analyzed: Array<EventEnvelope<'analysis.photo.analyzed.v1'>> = [];
  bus.subscribe('analysis.photo.analyzed.v1', 'test', async (event) => {
    analyzed.push(event);
  });
  const app = await createHttpApp(TestModule);
  app.get(IdentityRegistry).register({ resolve: async (token) => tokens[token] ?? null });
  await app.init();
  booted.analyzed = analyzed;
  return { app, bus, drop: database.drop, databaseUrl: database.url };
}

const booted: { analyzed: Array<EventEnvelope<'analysis.photo.analyzed.v1'>> } = { analyzed: [] };

/** What the test reads directly in the analysis database, on either backend. */
interface AnalysisDatabaseProbe {
  /** The analyzed event stored for a photo, and whether it went out. */
  storedEvents(photoId: string): Promise<Array<{ id: string; published: boolean }>>;
  cachedTips(photoId: string): Promise<Array<{ platform: string; level: string }>>;
  /** Whether a delivery of that event was recorded (processed_events, or the photo's in-document guard). */
  deliveryRecorded(photoId: string, eventId: string): Promise<boolean>;
  close(): Promise<void>;
}

async function probe(backend: TestBackend, url: string): Promise<AnalysisDatabaseProbe> {
  if (backend.driver === 'mongo') {
    const database = MongoServiceDatabase.connect({ service: 'analysis', url });
    return {
      storedEvents: async (photoId) => {
        const ratings = await (await database.collection('ratings')).find({ photoId }).toArray();
        return ratings.map((r) => ({ id: String(r['eventId']), published: ((r['_outbox'] as unknown[] | undefined) ?? []).length === 0 }));
      },
      cachedTips: async (photoId) =>
        (await (await database.collection('editing_tips')).find({ photoId }).sort({ platform: 1 }).toArray()).map((t) => ({ platform: String(t['platform']), level: String(t['level']) })),
      deliveryRecorded: async (photoId, eventId) => {
        const access = await (await database.collection<{ _id: string; _applied?: string[] }>('photo_access')).findOne({ _id: photoId });
        return (access?._applied ?? []).some((tag) => tag.endsWith(eventId));
      },
      close: () => database.close(),
    };
  }
  const db = new Client({ connectionString: url });
  await db.connect();
  return {
    storedEvents: async (photoId) =>
      (await db.query<{ id: string; published: boolean }>('SELECT id, published_at IS NOT NULL AS published FROM analysis.outbox WHERE key = $1', [photoId])).rows,
    cachedTips: async (photoId) => (await db.query<{ platform: string; level: string }>('SELECT platform, level FROM analysis.editing_tips WHERE photo_id = $1 ORDER BY platform', [photoId])).rows,
    deliveryRecorded: async (_photoId, eventId) => ((await db.query('SELECT 1 FROM analysis.processed_events WHERE event_id = $1', [eventId])).rowCount ?? 0) === 1,
    close: () => db.end(),
  };
}

describeEachBackend('analysis service', (backend) => {
  let main: Booted;
  let api: AnalysisApi;
  let db: AnalysisDatabaseProbe;
  const privatePhoto = randomUUID();
  const canyonPhoto = randomUUID();

  beforeAll(async () => {
    main = await boot(true, backend.url);
    api = main.app.get(LocalServiceRegistry).get<AnalysisApi>(ANALYSIS_API) as AnalysisApi;
    db = await probe(backend, main.databaseUrl);
  });

  afterAll(async () => {
    await db?.close();
    await main?.app.close();
    await main?.drop();
  });

  const tips = (photoId: string, as: string | null, platform: string | null = 'lightroom') => {
    const req = request(main.app.getHttpServer()).post(`/api/photos/${photoId}/editing-suggestions`).send(platform === null ? {} : { platform });
    return as ? req.set('authorization', `Bearer ${as}`) : req;
  };

  it('registers its API in the process and rates a photo: stored, published, returned again unchanged', async () => {
    expect(api).toBeDefined();
    const result = await api.analyze(
      { photoId: privatePhoto, userId: owner.userId, title: 'Kingfisher', description: 'On a perch', image: KINGFISHER, isPublic: false },
      { deadlineMs: 60_000 },
    );
    if (result.outcome !== 'rated') throw new Error('expected a rating');
    const rating = result.rating;
    expect(rating.photoId).toBe(privatePhoto);
    expect(rating.overallRating).toMatch(/^(10\.0|\d\.\d)$/);
    expect(rating.category).toBe('wildlife');
    // The photographer's word for the subject, not the detector's class.
    expect(rating.subject).toBe('kingfisher');
    expect(rating.location).toBeNull();
    expect(rating.evidence.screening.weapons).toBe('not checked (no offline model)');

    await main.bus.idle();
    expect(booted.analyzed).toHaveLength(1);
    const event = booted.analyzed[0] as EventEnvelope<'analysis.photo.analyzed.v1'>;
    expect(event.key).toBe(privatePhoto);
    expect(event.payload).toEqual<EventPayloads['analysis.photo.analyzed.v1']>({
      photoId: privatePhoto,
      overallRating: Number(rating.overallRating),
      composition: Number(rating.composition),
      lighting: Number(rating.lighting),
      clarity: Number(rating.clarity),
      creativity: Number(rating.creativity),
      feedback: rating.feedback,
      subject: 'kingfisher',
      aiModel: rating.aiModel,
      category: 'wildlife',
      analyzedAt: rating.createdAt,
      reviewReasons: [],
    });
    // Stored in the platform's outbox with the rating and marked published once on the bus.
    expect(await db.storedEvents(privatePhoto)).toEqual([{ id: event.id, published: true }]);

    expect(await api.getRating(privatePhoto)).toEqual(rating);
    const again = await api.analyze({ photoId: privatePhoto, userId: owner.userId, title: '', description: '', image: CANYON, isPublic: false }, { deadlineMs: 60_000 });
    expect(again).toEqual({ outcome: 'rated', rating });
    await main.bus.idle();
    expect(booted.analyzed).toHaveLength(1);
  });

  it('holds a photo the engine is unsure of: rated, stored and published with its reasons, and answered held again', async () => {
    const photoId = randomUUID();
    const before = booted.analyzed.length;
    const result = await api.analyze({ photoId, userId: owner.userId, title: 'Held screenshot', description: '', image: CANYON, isPublic: false }, { deadlineMs: 60_000 });
    if (result.outcome !== 'review') throw new Error(`expected a hold, got ${result.outcome}`);
    expect(result.reasons).toEqual([HOLD_REASON]);
    expect(result.rating.photoId).toBe(photoId);
    expect(result.rating.overallRating).toMatch(/^(10\.0|\d\.\d)$/);

    await main.bus.idle();
    expect(booted.analyzed).toHaveLength(before + 1);
    const event = booted.analyzed.at(-1) as EventEnvelope<'analysis.photo.analyzed.v1'>;
    expect(event.payload).toMatchObject({ photoId, overallRating: Number(result.rating.overallRating), reviewReasons: [HOLD_REASON] });

    // The hold is stored with the rating: a retry (or a re-send after a crash) is answered held, announcing nothing new.
    expect(await api.getRating(photoId)).toEqual(result.rating);
    expect(await api.analyze({ photoId, userId: owner.userId, title: 'Another title', description: '', image: KINGFISHER, isPublic: false }, { deadlineMs: 60_000 })).toEqual(result);
    await main.bus.idle();
    expect(booted.analyzed).toHaveLength(before + 1);

    // An engine that holds without saying why still gives the owner a reason.
    const silent = await api.analyze({ photoId: randomUUID(), userId: null, title: 'Held without reason', description: '', image: CANYON, isPublic: false }, { deadlineMs: 60_000 });
    expect(silent).toMatchObject({ outcome: 'review', reasons: [HELD_WITHOUT_REASON] });
  });

  it('refuses a photo without nature and stores nothing', async () => {
    const photoId = randomUUID();
    const result = await api.analyze(
      { photoId, userId: null, title: 'Portrait', description: '', image: fixture('notnature_person_astronaut_skimage.png'), isPublic: false },
      { deadlineMs: 60_000 },
    );
    expect(result).toEqual({ outcome: 'refused', message: 'Content does not meet community guidelines', reasons: ['It does not look like a nature photograph.'] });
    expect(await api.getRating(photoId)).toBeNull();
  });

  it('answers bad requests and unreadable images with clear errors', async () => {
    await expect(api.analyze({ photoId: 'nope', userId: null, title: '', description: '', image: KINGFISHER, isPublic: false }, { deadlineMs: 5000 })).rejects.toMatchObject({
      status: 400,
      message: 'photoId must be a UUID',
    });
    await expect(
      api.analyze({ photoId: randomUUID(), userId: null, title: '', description: '', image: Buffer.from('not an image'), isPublic: false }, { deadlineMs: 5000 }),
    ).rejects.toMatchObject({ status: 400, message: 'The photo could not be read as an image' });
    expect(await api.getRating('not-a-uuid')).toBeNull();
  });

  describe('editing suggestions', () => {
    it('need a signed-in caller, a known platform and a paid plan', async () => {
      expect((await tips(privatePhoto, null)).body).toEqual({ statusCode: 401, message: 'Not authenticated' });
      expect((await tips(privatePhoto, 'owner', 'photoshop')).body).toEqual({ statusCode: 400, message: 'Platform must be lightroom, google-photos or apple-photos' });
      expect((await tips(privatePhoto, 'owner', null)).body).toEqual({ statusCode: 400, message: 'Platform must be lightroom, google-photos or apple-photos' });
      expect((await tips(privatePhoto, 'explorer')).body).toEqual({ statusCode: 403, message: 'Editing suggestions are available on the Enthusiast and Professional plans' });
    });

    it('are given to the owner and an admin; a private photo does not exist for anyone else', async () => {
      const forOwner = await tips(privatePhoto, 'owner');
      expect(forOwner.status).toBe(200);
      expect(forOwner.body.suggestions).toMatch(/^1\. /);
      expect(forOwner.body.suggestions.split('\n').length).toBeGreaterThanOrEqual(2);
      expect((await tips(privatePhoto, 'admin')).status).toBe(200);
      expect((await tips(privatePhoto, 'otherEnthusiast')).body).toEqual({ statusCode: 404, message: 'Photo Not Found' });
      expect((await tips(randomUUID(), 'owner')).body).toEqual({ statusCode: 404, message: 'Photo Not Found' });
      expect((await tips('not-a-uuid', 'owner')).body).toEqual({ statusCode: 404, message: 'Photo Not Found' });
    });

    it('use each app’s controls, are advanced for professional, and are cached per photo, platform and level', async () => {
      await api.analyze({ photoId: canyonPhoto, userId: professional.userId, title: 'Canyon', description: '', image: CANYON, isPublic: false }, { deadlineMs: 60_000 });
      const lightroom = (await tips(canyonPhoto, 'professional')).body.suggestions as string;
      const google = (await tips(canyonPhoto, 'professional', 'google-photos')).body.suggestions as string;
      const apple = (await tips(canyonPhoto, 'professional', 'apple-photos')).body.suggestions as string;
      expect(lightroom).toMatch(/Masking → Select Sky/);
      expect(google).toMatch(/Edit → Adjust → /);
      expect(apple).toMatch(/Curves/);
      expect((await tips(canyonPhoto, 'professional')).body.suggestions).toBe(lightroom);
      expect(await db.cachedTips(canyonPhoto)).toEqual([
        { platform: 'apple-photos', level: 'advanced' },
        { platform: 'google-photos', level: 'advanced' },
        { platform: 'lightroom', level: 'advanced' },
      ]);
    });

    it('follow the photo events: public photos open to all paid plans, deleted photos are gone, each event applied once', async () => {
      const publish = (topic: 'photos.photo.visibility-changed.v1', payload: EventPayloads[typeof topic], id: string) => main.bus.publish(topic, payload, { key: payload.photoId, id });
      const madePublic = randomUUID();
      await publish('photos.photo.visibility-changed.v1', { photoId: privatePhoto, userId: owner.userId, isPublic: true, at: new Date().toISOString() }, madePublic);
      await publish('photos.photo.visibility-changed.v1', { photoId: privatePhoto, userId: owner.userId, isPublic: true, at: new Date().toISOString() }, madePublic);
      // An older fact arriving late does not undo the newer one.
      await publish('photos.photo.visibility-changed.v1', { photoId: privatePhoto, userId: owner.userId, isPublic: false, at: '2020-01-01T00:00:00.000Z' }, randomUUID());
      await main.bus.idle();
      expect((await tips(privatePhoto, 'otherEnthusiast')).status).toBe(200);
      expect(await db.deliveryRecorded(privatePhoto, madePublic)).toBe(true);

      await main.bus.publish('photos.photo.deleted.v1', { photoId: privatePhoto, userId: owner.userId, reason: 'owner', deletedAt: new Date().toISOString() }, { key: privatePhoto });
      await main.bus.idle();
      expect(await api.getRating(privatePhoto)).toBeNull();
      expect((await tips(privatePhoto, 'owner')).body).toEqual({ statusCode: 404, message: 'Photo Not Found' });
      expect(await db.cachedTips(privatePhoto)).toEqual([]);
      // A late upload event cannot bring a deleted photo back.
      await main.bus.publish(
        'photos.photo.uploaded.v1',
        { photoId: privatePhoto, userId: owner.userId, title: 't', category: 'wildlife', fileSize: 1, mimeType: 'image/webp', isTemporary: false, uploadedAt: new Date().toISOString(), moderation: '', labels: [], speciesCommonName: '', speciesScientificName: '' },
        { key: privatePhoto },
      );
      await main.bus.idle();
      await expect(api.analyze({ photoId: privatePhoto, userId: owner.userId, title: '', description: '', image: KINGFISHER, isPublic: true }, { deadlineMs: 5000 })).rejects.toMatchObject({ status: 404 });
      expect(main.bus.deadLetters()).toEqual([]);
    });
  });

  describe('internal HTTP API', () => {
    let url: string;

    beforeAll(async () => {
      await main.app.listen(0, '127.0.0.1');
      url = `http://127.0.0.1:${(main.app.getHttpServer().address() as AddressInfo).port}`;
    });

    it('needs the shared token', async () => {
      const server = main.app.getHttpServer();
      expect((await request(server).get(`/api/internal/analysis/ratings/${canyonPhoto}`)).status).toBe(401);
      expect((await request(server).get(`/api/internal/analysis/ratings/${canyonPhoto}`).set('x-internal-token', 'wrong')).status).toBe(401);
      expect((await request(server).get(`/api/internal/analysis/ratings/${canyonPhoto}`).set('x-internal-token', TOKEN)).status).toBe(200);
    });

    it('serves the same API to the HTTP client in @wildframe/contracts', async () => {
      const client = createAnalysisHttpClient({ baseUrl: url, internalToken: TOKEN });
      const photoId = randomUUID();
      const result = await client.analyze({ photoId, userId: null, title: 'Guest canyon', description: 'ünïcode & symbols?', image: CANYON, isPublic: false }, { deadlineMs: 60_000 });
      if (result.outcome !== 'rated') throw new Error('expected a rating');
      expect(result.rating.category).toBe('landscape');
      expect(await client.getRating(photoId)).toEqual(result.rating);
      expect(await client.getRating(randomUUID())).toBeNull();
      const refused = await client.analyze({ photoId: randomUUID(), userId: null, title: '', description: '', image: fixture('notnature_person_cameraman_gray_skimage.png'), isPublic: false }, { deadlineMs: 60_000 });
      expect(refused.outcome).toBe('refused');
      const held = await client.analyze({ photoId: randomUUID(), userId: null, title: 'Held over HTTP', description: '', image: CANYON, isPublic: false }, { deadlineMs: 60_000 });
      expect(held).toMatchObject({ outcome: 'review', reasons: [HOLD_REASON], rating: { category: 'landscape' } });
      await expect(createAnalysisHttpClient({ baseUrl: url, internalToken: 'wrong' }).getRating(photoId)).rejects.toEqual(new AnalysisApiError(401, 'Not authenticated'));
    });
  });
});

describe('analysis module in the standalone shape', () => {
  it('does not mount the internal API', async () => {
    const standalone = await boot(false);
    try {
      expect((await request(standalone.app.getHttpServer()).get(`/api/internal/analysis/ratings/${randomUUID()}`).set('x-internal-token', TOKEN)).status).toBe(404);
      expect(standalone.app.get(LocalServiceRegistry).get(ANALYSIS_API)).toBeDefined();
    } finally {
      await standalone.app.close();
      await standalone.drop();
    }
  });

  it('answers 503 and stores nothing when the analysis worker is ended over its memory limit mid-job', async () => {
    // The models alone need more than 256 MB: every job ends with its worker.
    const small = await boot(false, undefined, { ANALYSIS_WORKER_MEMORY_MB: '256', ANALYSIS_WARM_UP: 'false' });
    const db = new Client({ connectionString: small.databaseUrl });
    await db.connect();
    try {
      const api = small.app.get(LocalServiceRegistry).get<AnalysisApi>(ANALYSIS_API) as AnalysisApi;
      const photoId = randomUUID();
      const failed = await api.analyze({ photoId, userId: null, title: 'Kingfisher', description: 'On a branch.', image: KINGFISHER, isPublic: false }, { deadlineMs: 60_000 }).catch((e: unknown) => e);
      expect(failed).toMatchObject({ status: 503, message: 'AI analysis is temporarily unavailable' });
      expect(await api.getRating(photoId)).toBeNull();
      expect((await db.query('SELECT count(*)::int AS n FROM analysis.outbox')).rows[0]).toEqual({ n: 0 });
      expect((await db.query('SELECT count(*)::int AS n FROM analysis.photo_access')).rows[0]).toEqual({ n: 0 });
    } finally {
      await db.end();
      await small.app.close();
      await small.drop();
    }
  });
});
