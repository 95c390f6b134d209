import { IdentityRegistry, LocalServiceRegistry, loadConfig } from '@wildframe/platform';
import type { EventEnvelope, Identity } from '@wildframe/platform';
import type { Topic } from '@wildframe/contracts';
import { createServiceTestApp, ServiceTestApp } from '@wildframe/platform/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { photosConfigSchema } from '../photos.config';
import { PhotosModule } from '../photos.module';

const fixture = (name: string) => readFileSync(join(__dirname, '..', '..', 'test-fixtures', name));
export const TIGER = fixture('wildlife_mammal_tiger_in_snow_puzzlejigsaw.jpg');

/**
 * The photos service over HTTP for the community features' API tests: members are stand-in
 * identities (the gateway's job), analysis a stand-in that rates by nothing but answers, so the
 * tests exercise photos' own code and database.
 */
export interface CommunityTestApp {
  t: ServiceTestApp;
  events: EventEnvelope[];
  member(isAdmin?: boolean): { token: string; identity: Identity };
  as(token: string | null): {
    get(path: string): request.Test;
    put(path: string): request.Test;
    delete(path: string): request.Test;
    post(path: string): request.Test;
  };
  /** Uploads a photo as the member; public unless said otherwise. */
  photo(token: string, options?: { isPublic?: boolean; title?: string }): Promise<{ id: string; slug: string }>;
  close(): Promise<void>;
}

export async function communityTestApp(observe: readonly Topic[]): Promise<CommunityTestApp> {
  const events: EventEnvelope[] = [];
  const identities = new Map<string, Identity>();
  let counter = 0;
  const t = await createServiceTestApp(({ DATABASE_URL, STORAGE_DIR }) => [PhotosModule.register(loadConfig('photos', photosConfigSchema, { DATABASE_URL, STORAGE_DIR, ANALYSIS_DEADLINE_MS: '1500' }))], {
    subscribe: (bus) => {
      for (const topic of observe) bus.subscribe(topic, 'test-observer', async (event) => void events.push(event as EventEnvelope));
    },
  });
  t.app.get(IdentityRegistry).register({ resolve: async (token) => identities.get(token) ?? null });
  // No engine: photos are stored without a rating ("temporarily unavailable"), which is all these tests need.
  t.app.get(LocalServiceRegistry).register('analysis', {
    analyze: async () => {
      throw new Error('no analysis in these tests');
    },
  });
  const with_ = (req: request.Test, token: string | null) => (token ? req.set('Authorization', `Bearer ${token}`) : req);
  const as = (token: string | null) => ({
    get: (path: string) => with_(request(t.server).get(`/api${path}`), token),
    put: (path: string) => with_(request(t.server).put(`/api${path}`), token),
    delete: (path: string) => with_(request(t.server).delete(`/api${path}`), token),
    post: (path: string) => with_(request(t.server).post(`/api${path}`), token),
  });
  return {
    t,
    events,
    member(isAdmin = false) {
      counter++;
      const identity: Identity = { userId: `00000000-0000-4000-9000-${String(counter).padStart(12, '0')}`, email: `m${counter}@example.com`, firstName: `Member${counter}`, lastName: 'Tester', plan: 'enthusiast', isAdmin };
      identities.set(`member-${counter}`, identity);
      return { token: `member-${counter}`, identity };
    },
    as,
    async photo(token, options = {}) {
      const res = await as(token)
        .post('/photos/upload')
        .set('X-Forwarded-For', `10.9.0.${++counter % 250}`)
        .field('title', options.title ?? 'Tiger in snow')
        .field('description', 'A tiger walking through fresh snow.')
        .field('category', 'wildlife')
        .attach('photo', TIGER, 'tiger.jpg');
      if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
      const photo = res.body.photo as { id: string; slug: string };
      if (options.isPublic !== false) await as(token).post(`/photos/${photo.id}/toggle-public`).expect(200);
      return photo;
    },
    close: () => t.close(),
  };
}
