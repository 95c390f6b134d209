import 'reflect-metadata';
import { ANALYSIS_API } from '@wildframe/contracts';
import type { AnalysisApi } from '@wildframe/contracts';
import { AnalysisModule, analysisConfigSchema } from '@wildframe/analysis';
import { PhotosModule, photosConfigSchema, UploadLeftoversJob } from '@wildframe/photos';
import { loadConfig, LocalServiceRegistry } from '@wildframe/platform';
import { createServiceTestApp } from '@wildframe/platform/testing';
import type { ServiceTestApp } from '@wildframe/platform/testing';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';

/**
 * What a crash between an upload's critique and its photo leaves: a rating in analysis for a photo
 * photos never stored. Photos' clean-up finds the upload it recorded as in progress, announces its
 * end, and analysis removes the rating (that a stored photo's upload is only closed, with nothing
 * announced, is photos' own test: upload-admission.api.spec.ts).
 */
describe('a rating of a photo that never existed', () => {
  let t: ServiceTestApp;
  let db: Client;

  beforeAll(async () => {
    t = await createServiceTestApp(({ DATABASE_URL, STORAGE_DIR }) => [
      PhotosModule.register(loadConfig('photos', photosConfigSchema, { DATABASE_URL, STORAGE_DIR })),
      // No photo is rated here: the analysis workers need not start.
      AnalysisModule.register(loadConfig('analysis', analysisConfigSchema, { DATABASE_URL, ANALYSIS_WARM_UP: 'false' })),
    ]);
    db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await t.close();
  });

  /** A rating as analysis stores it after a critique. */
  const rate = (photoId: string) =>
    db.query(
      `INSERT INTO analysis.ratings (photo_id, overall_rating, composition, lighting, clarity, creativity, feedback, ai_model, category)
       VALUES ($1, 7.0, 7.0, 7.0, 7.0, 7.0, 'Measured.', 'local:test', 'wildlife')`,
      [photoId],
    );

  it('is removed by the clean-up after the crash, at start or by the sweep', async () => {
    const analysis = t.app.get(LocalServiceRegistry).get<AnalysisApi>(ANALYSIS_API) as AnalysisApi;
    const neverStored = randomUUID();
    // The process asked for the critique (photos recorded it), analysis stored the rating, then the process died.
    await db.query('INSERT INTO photos.uploads_in_progress (photo_id, started_at) VALUES ($1, $2)', [neverStored, t.clock.now()]);
    await rate(neverStored);
    expect(await analysis.getRating(neverStored)).toMatchObject({ overallRating: '7.0' });

    t.clock.advance(2 * 3600_000);
    expect((await t.app.get(UploadLeftoversJob).run()).abandoned).toBe(1);
    await t.bus.idle();
    expect(await analysis.getRating(neverStored)).toBeNull();
    expect((await db.query('SELECT count(*)::int AS n FROM photos.uploads_in_progress')).rows[0]).toEqual({ n: 0 });
  });
});
