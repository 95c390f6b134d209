// Helpers for the photo specs (photos*.spec.ts). Photos are real (services/photos/test-fixtures,
// credits in its CREDITS.md) and go through the real upload API; only states the real server
// cannot be brought into quickly (a full gallery, a failing server) are answered in the browser,
// and each spec says so.
import { expect, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const FIXTURES = resolve(__dirname, '../../services/photos/test-fixtures');

export const PHOTO_FILES = {
  kingfisher: resolve(FIXTURES, 'wildlife_bird_kingfisher_gcompris.webp'),
  tiger: resolve(FIXTURES, 'wildlife_mammal_tiger_in_snow_puzzlejigsaw.jpg'),
  canyon: resolve(FIXTURES, 'landscape_grand_canyon_kphotoalbum.jpg'),
  /** 480x360: below the 800x600 minimum. */
  smallHill: resolve(FIXTURES, 'landscape_coastal_hill_scratch.jpg'),
} as const;

/** A title no other test (or earlier run against the same data) has used. */
export function uniqueTitle(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

export interface UploadedPhoto {
  id: string;
  slug: string;
  title: string;
  isPublic: boolean;
}

/** Uploads through the API as the holder of `sessionToken` (or as a guest). */
export async function uploadThroughApi(
  request: APIRequestContext,
  sessionToken: string | null,
  fields: { title: string; description: string; category?: 'wildlife' | 'landscape'; file: string },
): Promise<UploadedPhoto> {
  const response = await request.post('/api/photos/upload', {
    headers: sessionToken ? { Authorization: `Bearer ${sessionToken}` } : {},
    multipart: {
      title: fields.title,
      description: fields.description,
      ...(fields.category ? { category: fields.category } : {}),
      photo: { name: fields.file.split('/').pop() ?? 'photo.jpg', mimeType: mimeOf(fields.file), buffer: readFileSync(fields.file) },
    },
    timeout: 120_000,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { photo: UploadedPhoto }).photo;
}

export async function makePublicThroughApi(request: APIRequestContext, sessionToken: string, photoId: string): Promise<void> {
  const response = await request.post(`/api/photos/${photoId}/toggle-public`, { headers: { Authorization: `Bearer ${sessionToken}` } });
  expect(response.status(), await response.text()).toBe(200);
  expect(((await response.json()) as { isPublic: boolean }).isPublic).toBe(true);
}

function mimeOf(path: string): string {
  if (path.endsWith('.webp')) return 'image/webp';
  if (path.endsWith('.png')) return 'image/png';
  return 'image/jpeg';
}

export function json(route: Route, status: number, body: unknown) {
  return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
}

/** A PhotoCard as the API sends it, for specs that answer the gallery themselves. */
export function cardFixture(index: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    slug: `sample-photo-${index}`,
    title: `Sample photo ${index}`,
    category: index % 2 ? 'wildlife' : 'landscape',
    likes: index,
    views: index * 3,
    username: 'Ansel Adams',
    userFirstName: 'Ansel',
    userLastName: 'Adams',
    overallRating: '7.5',
    thumbnailUrl: '/favicon.svg',
    imageUrl: '/favicon.svg',
    width: 1600,
    height: 1200,
    dominantColor: '#556b2f',
    uploadedAt: '2025-06-04T10:00:00.000Z',
    isFeatured: false,
    isPublic: true,
    photographerId: null,
    ...overrides,
  };
}

/** Signs the page in by storing the token before the app starts. */
export async function useSession(page: Page, sessionToken: string): Promise<void> {
  await page.addInitScript((token) => window.localStorage.setItem('sessionToken', token), sessionToken);
}

/**
 * At its first start the standalone app adds demo photos in the background, each analysed by the
 * real engine; while that runs the server answers slowly (an upload's critique may miss its
 * deadline) and new featured photos keep arriving. Specs that time the server or need a critique
 * start once it is done (its progress file in DATA_DIR says so). Without demo content there is no
 * such file to wait for.
 */
export async function demoContentSettled(): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) return;
  const progress = join(dataDir, 'demo-content.json');
  const started = Date.now();
  for (;;) {
    if (existsSync(progress)) {
      if ((JSON.parse(readFileSync(progress, 'utf8')) as { done?: boolean }).done) return;
    } else if (Date.now() - started > 10_000) {
      return;
    }
    if (Date.now() - started > 240_000) throw new Error('The demo content was still being added after 4 minutes');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Nothing wider than the screen (a phone must not scroll sideways). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
