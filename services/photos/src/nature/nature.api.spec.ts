import 'reflect-metadata';
import { IdentityRegistry, LocalServiceRegistry, loadConfig } from '@wildframe/platform';
import type { EventEnvelope, Identity } from '@wildframe/platform';
import type { Topic } from '@wildframe/contracts';
import { createServiceTestApp, describeEachBackend, ServiceTestApp } from '@wildframe/platform/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import type { StoredRating } from '../domain/photo';
import { photosConfigSchema } from '../photos.config';
import { PhotosModule } from '../photos.module';
import { PhotographersRepository } from '../photographers/photographers.repository';
import { PhotosRepository } from '../repositories/photos.repository';
import { cellCorner, cellOf } from './geoprivacy';

// Real uploads (image processing) on shared cores.
jest.setTimeout(60_000);

const TIGER = readFileSync(join(__dirname, '..', '..', 'test-fixtures', 'wildlife_mammal_tiger_in_snow_puzzlejigsaw.jpg'));
const OBSERVED: readonly Topic[] = ['photos.photo.uploaded.v1', 'photos.photo.details-changed.v1', 'photos.photo.featured-changed.v1'];
/** Lausanne, written in EXIF as 46° 31' 10.92" N, 6° 37' 56.28" E. */
const EXACT = { lat: 46.5197, lon: 6.6323 };

function rating(subject: string | null): StoredRating {
  return { overallRating: '7.1', composition: '7.0', lighting: '7.2', clarity: '7.3', creativity: '6.9', feedback: 'Measured.', subject, location: null, aiModel: 'test-engine', category: 'wildlife', createdAt: new Date().toISOString() };
}

/**
 * The nature layer through the photos service's HTTP API, on each backend: an upload with camera
 * EXIF and GPS, species and labels; places as others see them; the map; the wild gallery and
 * search; edits. The analysis service is a stand-in that rates every photo, its subject "bird"
 * when the title says "Kingfisher".
 */
describeEachBackend('the nature layer', (backend) => {
  let t: ServiceTestApp;
  let withExif: Buffer;
  const events: EventEnvelope[] = [];
  const identities = new Map<string, Identity>();
  let counter = 0;

  beforeAll(async () => {
    withExif = await sharp(TIGER)
      .withExif({
        IFD0: { Make: 'NIKON CORPORATION', Model: 'NIKON D2X' },
        IFD2: { LensModel: '200.0-500.0 mm f/5.6', FNumber: '56/10', ExposureTime: '1/1000', ISOSpeedRatings: '400', FocalLength: '500/1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 31/1 1092/100', GPSLongitudeRef: 'E', GPSLongitude: '6/1 37/1 5628/100' },
      })
      .jpeg()
      .toBuffer();
    t = await createServiceTestApp(({ DATABASE_URL, STORAGE_DIR }) => [PhotosModule.register(loadConfig('photos', photosConfigSchema, { DATABASE_URL, STORAGE_DIR, ANALYSIS_DEADLINE_MS: '5000' }))], {
      databaseUrl: backend.url,
      subscribe: (bus) => {
        for (const topic of OBSERVED) bus.subscribe(topic, 'test-observer', async (event) => void events.push(event as EventEnvelope));
      },
    });
    t.app.get(IdentityRegistry).register({ resolve: async (token) => identities.get(token) ?? null });
    t.app.get(LocalServiceRegistry).register('analysis', {
      analyze: async (req: { title: string }) => ({ outcome: 'rated', rating: rating(req.title.startsWith('Kingfisher') ? 'bird' : null) }),
    });
  });
  afterAll(() => t.close());

  function member(isAdmin = false): { token: string; identity: Identity } {
    counter++;
    const identity: Identity = { userId: `00000000-0000-4000-b000-${String(counter).padStart(12, '0')}`, email: `n${counter}@example.com`, firstName: `Nat${counter}`, lastName: 'Uralist', plan: 'enthusiast', isAdmin };
    identities.set(`token-${counter}`, identity);
    return { token: `token-${counter}`, identity };
  }
  const as = (token: string | null) => {
    const auth = <T extends request.Test>(req: T): T => (token ? req.set('Authorization', `Bearer ${token}`) : req).set('X-Forwarded-For', '10.40.0.1');
    return {
      get: (path: string) => auth(request(t.server).get(`/api${path}`)),
      post: (path: string) => auth(request(t.server).post(`/api${path}`)),
      put: (path: string) => auth(request(t.server).put(`/api${path}`)),
    };
  };
  const upload = (token: string, title: string, fields: Record<string, string> = {}, file = withExif) => {
    const req = as(token).post('/photos/upload').field('title', title).field('description', 'Seen on a walk.');
    for (const [name, value] of Object.entries(fields)) req.field(name, value);
    return req.attach('photo', file, 'photo.jpg');
  };
  /** Uploads and makes public: the photo's id. */
  const published = async (token: string, title: string, fields: Record<string, string> = {}) => {
    const res = await upload(token, title, fields);
    expect(res.status).toBe(201);
    const id = res.body.photo.id as string;
    expect((await as(token).post(`/photos/${id}/toggle-public`)).body.isPublic).toBe(true);
    return id;
  };
  /** Whether a text holds the exact point (both numbers: a drawn point shares one by chance, 1 in 2,000). */
  const holdsExact = (value: unknown) => {
    const text = JSON.stringify(value);
    return text.includes(String(EXACT.lat)) && text.includes(String(EXACT.lon));
  };

  it('answers the camera as photographers write it, the labels and the species with its scientific name; an unknown label is refused', async () => {
    const owner = member();
    const res = await upload(owner.token, 'Red fox at dawn', { species: 'Red fox', labels: 'captive' });
    expect(res.status).toBe(201);
    expect(res.body.photo).toMatchObject({
      species: { commonName: 'Red fox', scientificName: 'Vulpes vulpes', sensitive: false },
      labels: ['captive'],
      camera: { make: 'Nikon', model: 'D2X', body: 'Nikon D2X', lens: '200.0-500.0 mm f/5.6', focalLength: '500 mm', aperture: 'f/5.6', shutterSpeed: '1/1000 s', iso: 400 },
      exactPlace: EXACT,
      placePrivacy: 'open',
    });
    // A place picked on the map takes the place of the GPS one; half a place is refused.
    const picked = await upload(owner.token, 'Fox on the dune', { placeLat: '-33.8568', placeLon: '151.2153', placePrivacy: 'private' });
    expect(picked.body.photo).toMatchObject({ exactPlace: { lat: -33.8568, lon: 151.2153 }, placePrivacy: 'private', place: null });
    const half = await upload(owner.token, 'Fox nowhere', { placeLat: '-33.8568' });
    expect(half.status).toBe(400);
    expect(half.body.message).toBe('A place needs both a latitude and a longitude');
    // Free text that matches nothing is kept as typed.
    const typed = await upload(owner.token, 'Something small', { species: 'Tiny brown thing' });
    expect(typed.body.photo.species).toEqual({ commonName: 'Tiny brown thing', scientificName: null, sensitive: false });

    const before = (await t.app.get(PhotosRepository).byUser(owner.identity.userId)).length;
    const refused = await upload(owner.token, 'Bad label', { labels: 'captive,staged' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Unknown label "staged". Labels are captive, baited, composite, ai-generated and ai-edited.');
    expect(await t.app.get(PhotosRepository).byUser(owner.identity.userId)).toHaveLength(before);
  });

  it('shows others a point inside the right 0.2° cell, the same on every read, never the exact one; a CITES Appendix I species has no public place', async () => {
    const owner = member();
    const fox = await published(owner.token, 'Fox in the reeds', { species: 'Vulpes vulpes' });
    const leopard = await published(owner.token, 'Snow leopard on the ridge', { species: 'snow leopard' });

    const seen = await Promise.all([as(null).get(`/photos/${fox}`), as(member().token).get(`/photos/${fox}`), as(null).get(`/photos/${fox}`)]);
    const place = seen[0]?.body.place as { lat: number; lon: number; cellDegrees: number };
    expect(place.cellDegrees).toBe(0.2);
    expect(cellOf(place)).toEqual(cellOf(EXACT));
    expect(place).not.toMatchObject(EXACT);
    for (const res of seen) {
      expect(res.body.place).toEqual(place);
      expect(res.body.exactPlace).toBeUndefined();
      expect(holdsExact(res.body)).toBe(false);
    }
    const mine = (await as(owner.token).get(`/photos/${fox}`)).body;
    expect(mine).toMatchObject({ exactPlace: EXACT, place, placePrivacy: 'open' });

    const hidden = (await as(null).get(`/photos/${leopard}`)).body;
    expect(hidden.place).toBeNull();
    expect(hidden.species).toEqual({ commonName: 'Snow leopard', scientificName: 'Panthera uncia', sensitive: true });
    expect((await as(owner.token).get(`/photos/${leopard}`)).body).toMatchObject({ place: null, exactPlace: EXACT, placeNotice: expect.stringContaining('CITES Appendix I') });

    // The map: the fox's cell counts it; nothing of the leopard.
    const cells = (await as(null).get('/map/cells?public=true')).body as { cellDegrees: number; cells: Array<{ lat: number; lon: number; count: number; cover: { id: string; thumbnailUrl: string } }> };
    expect(cells.cellDegrees).toBe(0.2);
    const corner = cellCorner(cellOf(EXACT));
    const cell = cells.cells.find((c) => c.lat === corner.lat && c.lon === corner.lon);
    expect(cell?.count).toBeGreaterThanOrEqual(1);
    const inCell = ((await as(null).get(`/photos?public=true&cell=${corner.lat},${corner.lon}&pageSize=48`)).body.photos as Array<{ id: string }>).map((p) => p.id);
    expect(inCell).toContain(fox);
    expect(inCell).not.toContain(leopard);
    expect(JSON.stringify(cells)).not.toContain(leopard);

    // Nothing announced carries the exact point.
    await t.bus.idle();
    for (const event of events) expect(holdsExact(event.payload)).toBe(false);
  });

  it('hides the place of free text that names a CITES Appendix I species the checklist lacks ("Cross River gorilla"), and tells the owner why; keeps the name the photographer typed, also through an edit', async () => {
    const owner = member();
    const gorilla = await published(owner.token, 'Silverback in the mist', { species: 'Cross River gorilla' });
    for (const viewer of [null, member().token]) {
      const seen = (await as(viewer).get(`/photos/${gorilla}`)).body;
      expect(seen.species).toEqual({ commonName: 'Cross River gorilla', scientificName: null, sensitive: true });
      expect(seen.place).toBeNull();
      expect(holdsExact(seen)).toBe(false);
    }
    const mine = (await as(owner.token).get(`/photos/${gorilla}`)).body;
    expect(mine).toMatchObject({ place: null, exactPlace: EXACT, placeNotice: expect.stringContaining('CITES Appendix I') });
    expect(mine.placeNotice).toContain('Cross River gorilla');
    const cells = (await as(null).get('/map/cells?public=true')).body;
    expect(JSON.stringify(cells)).not.toContain(gorilla);
    // The name the photographer used, not the checklist's first one.
    const bear = await upload(owner.token, 'Bear on the ice', { species: 'polar bear' });
    expect(bear.body.photo.species).toEqual({ commonName: 'Polar bear', scientificName: 'Ursus maritimus', sensitive: false });
    // The photo page's editor sends the scientific name back: the chosen name stays; a name typed anew replaces it.
    const bearId = bear.body.photo.id as string;
    const edited = await as(owner.token).put(`/photos/${bearId}/nature`).send({ species: 'Ursus maritimus', labels: ['captive'] });
    expect(edited.body.photo.species).toEqual({ commonName: 'Polar bear', scientificName: 'Ursus maritimus', sensitive: false });
    const renamed = await as(owner.token).put(`/photos/${bearId}/nature`).send({ species: 'Ice bear' });
    expect(renamed.body.photo.species).toMatchObject({ commonName: 'Ice bear', scientificName: 'Ursus maritimus' });
    expect((await as(null).get('/species?q=polar%20bear')).body.species[0]).toEqual({ commonName: 'Polar bear', scientificName: 'Ursus maritimus', sensitive: false });
  });

  it('keeps the public point across privacy changes, drops it for a sensitive species named later, and draws a new one only for a new place', async () => {
    const owner = member();
    const id = await published(owner.token, 'Badger at the edge', { species: 'Eurasian badger' });
    const first = (await as(null).get(`/photos/${id}`)).body.place;
    expect(first).not.toBeNull();

    const hidden = await as(owner.token).put(`/photos/${id}/nature`).send({ placePrivacy: 'private' });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ message: 'Photo details updated', photo: { placePrivacy: 'private', place: null } });
    expect((await as(null).get(`/photos/${id}`)).body.place).toBeNull();
    await as(owner.token).put(`/photos/${id}/nature`).send({ placePrivacy: 'open' });
    expect((await as(null).get(`/photos/${id}`)).body.place).toEqual(first);

    // Naming a CITES Appendix I species drops the public point (not kept for later).
    await as(owner.token).put(`/photos/${id}/nature`).send({ species: 'Panthera uncia' });
    expect((await t.app.get(PhotosRepository).findById(id))?.publicPlace).toBeNull();
    expect((await as(null).get(`/photos/${id}`)).body.place).toBeNull();
    await as(owner.token).put(`/photos/${id}/nature`).send({ species: 'Meles meles' });
    const redrawn = (await as(null).get(`/photos/${id}`)).body.place;
    expect(cellOf(redrawn)).toEqual(cellOf(EXACT));

    // A new place (picked on the map) draws a point in its own cell.
    const moved = await as(owner.token).put(`/photos/${id}/nature`).send({ place: { lat: -33.8568, lon: 151.2153 } });
    expect(moved.body.photo.exactPlace).toEqual({ lat: -33.8568, lon: 151.2153 });
    expect(cellOf((await as(null).get(`/photos/${id}`)).body.place)).toEqual(cellOf({ lat: -33.8568, lon: 151.2153 }));

    // Only the owner edits; bad input changes nothing.
    expect((await as(member().token).put(`/photos/${id}/nature`).send({ labels: ['captive'] })).status).toBe(404);
    const bad = await as(owner.token).put(`/photos/${id}/nature`).send({ labels: ['wild'] });
    expect(bad.status).toBe(400);
    expect((await t.app.get(PhotosRepository).findById(id))?.labels).toEqual([]);
  });

  it('leaves captive photos out of the wild gallery and off the home page; finds photos by species and by what the critique saw', async () => {
    const owner = member();
    const admin = member(true);
    const captive = await published(owner.token, 'Deer park', { species: 'Roe deer', labels: 'captive' });
    const wild = await published(owner.token, 'Deer meadow', { species: 'Capreolus capreolus' });
    const kingfisher = await published(owner.token, 'Kingfisher perch');

    const ids = async (query: string) => ((await as(null).get(`/photos?public=true&pageSize=48&${query}`)).body.photos as Array<{ id: string }>).map((p) => p.id);
    expect(await ids('species=Capreolus%20capreolus')).toEqual(expect.arrayContaining([captive, wild]));
    const wildOnly = await ids('species=capreolus%20CAPREOLUS&wild=true');
    expect(wildOnly).toContain(wild);
    expect(wildOnly).not.toContain(captive);
    expect(await ids('search=roe%20deer')).toEqual(expect.arrayContaining([captive, wild]));
    expect(await ids('search=bird')).toContain(kingfisher);

    const refused = await as(admin.token).post(`/admin/photos/${captive}/toggle-featured`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Only wild, unbaited, camera-made photos can be featured. This photo is labelled captive.');
    expect((await as(admin.token).post(`/admin/photos/${wild}/toggle-featured`)).body.isFeatured).toBe(true);
    // Labelled captive later: it leaves the home page, announced.
    await as(owner.token).put(`/photos/${wild}/nature`).send({ labels: ['baited'] });
    expect((await t.app.get(PhotosRepository).findById(wild))?.isFeatured).toBe(false);
    await t.bus.idle();
    expect(events.filter((e) => e.key === wild).map((e) => e.type)).toEqual(expect.arrayContaining(['photos.photo.details-changed.v1', 'photos.photo.featured-changed.v1']));
    expect(events.find((e) => e.key === wild && e.type === 'photos.photo.details-changed.v1')?.payload).toMatchObject({ labels: ['baited'], speciesScientificName: 'Capreolus capreolus', hasPlace: true, placeShown: true });
  });

  it('lists one photographer’s photos in a map cell, as their page’s map counts them; only for a public page', async () => {
    const photographer = member();
    const theirs = await published(photographer.token, 'Fox by the lake');
    const others = await published(member().token, 'Fox by the same lake');
    const corner = cellCorner(cellOf(EXACT));
    const inCell = `/photos?public=true&pageSize=48&cell=${corner.lat},${corner.lon}`;
    const ids = async (query: string) => ((await as(null).get(query)).body.photos as Array<{ id: string }>).map((p) => p.id);

    // No public page: their photos cannot be listed by their name.
    const unknown = await as(null).get(`${inCell}&photographer=${photographer.identity.userId}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Photographer Not Found');
    expect((await as(null).get(`${inCell}&photographer=not-an-id`)).status).toBe(400);

    await t.app.get(PhotographersRepository).applyPreference(photographer.identity.userId, true, { firstName: 'Nat', lastName: 'Uralist', at: new Date() });
    expect(await ids(inCell)).toEqual(expect.arrayContaining([theirs, others]));
    expect(await ids(`${inCell}&photographer=${photographer.identity.userId}`)).toEqual([theirs]);
    const cells = (await as(null).get(`/map/cells?public=true&photographer=${photographer.identity.userId}`)).body.cells as Array<{ lat: number; lon: number; count: number }>;
    expect(cells).toEqual([expect.objectContaining({ lat: corner.lat, lon: corner.lon, count: 1 })]);
  });

  it('suggests species from the bundled checklist', async () => {
    const res = await as(null).get('/species?q=snow%20leo');
    expect(res.status).toBe(200);
    expect(res.body.species[0]).toEqual({ commonName: 'Snow leopard', scientificName: 'Panthera uncia', sensitive: true });
    expect((await as(null).get('/species?q=fox&limit=50')).status).toBe(400);
  });
});
