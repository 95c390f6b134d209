import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { type PhotoGalleryAnswer, type PhotoSocialPreview, type PhotosApi } from '@wildframe/contracts';
import { describeWithServer, type TestServer } from '@wildframe/platform/testing';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { galleryRendererFrom } from './gallery-render';
import { bootWebTestGateway } from '../testing/web-test-gateway';

const FIRST_PAGE_QUERY = 'public=true&sort=newest&page=1&pageSize=12';
const PAGE = { photos: [{ title: 'Grey heron at dawn' }, { title: 'Fox & "cubs"' }], total: 2, page: 1, pageSize: 12, totalPages: 1 };

/**
 * A web build's folder: index.html, the prerendered gallery, and a stand-in for the server bundle
 * the frontend build writes (dist/ssr/gallery-render.cjs, app/server-render.tsx), which lists the
 * titles it was given. The real bundle is exercised at the end of this file.
 */
function webFolder(withRenderer: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'gateway-ssr-'));
  const page = (root: string) => `<!doctype html><html lang="en"><head><title>Wildframe</title></head><body><div id="root">${root}</div></body></html>`;
  writeFileSync(join(dir, 'index.html'), page(''));
  mkdirSync(join(dir, 'prerendered'));
  writeFileSync(join(dir, 'prerendered', 'gallery.html'), page('<p>Loading photos</p>'));
  if (withRenderer) {
    mkdirSync(join(dir, 'ssr'));
    writeFileSync(join(dir, 'ssr', 'gallery.html'), page('<!--ssr-outlet-->'));
    writeFileSync(
      join(dir, 'ssr', 'gallery-render.cjs'),
      `exports.galleryApiQuery = (search) => (search === '' || search === '?sort=newest' ? '${FIRST_PAGE_QUERY}' : null);
let renders = 0;
exports.renderGallery = async (search, page) => ({
  markup: '<ul data-search="' + search + '" data-render="' + ++renders + '">' + page.photos.map((photo) => '<li>' + photo.title + '</li>').join('') + '</ul>',
  state: '<script type="application/json" id="server-state">' + JSON.stringify({ api: page.total }) + '</script>',
});
`,
    );
  }
  return dir;
}

/** The in-process photos service (standalone shape): answers as told, recording what it was asked. */
class FakePhotosApi implements PhotosApi {
  readonly asked: Array<{ query: string; clientIp: string }> = [];
  answer: () => Promise<PhotoGalleryAnswer> = async () => ({ body: JSON.stringify(PAGE), shared: true });

  async socialPreview(): Promise<PhotoSocialPreview | null> {
    return null;
  }

  publicGallery(query: string, clientIp: string): Promise<PhotoGalleryAnswer> {
    this.asked.push({ query, clientIp });
    return this.answer();
  }
}

const root = (html: string) => /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1];

describe('the gallery drawn on the server with its first page (standalone: photos in-process)', () => {
  let webDir: string;
  let app: NestExpressApplication;
  let photos: FakePhotosApi;

  beforeEach(async () => {
    webDir = webFolder(true);
    photos = new FakePhotosApi();
    app = await bootWebTestGateway({ webDir }, photos);
  });

  afterEach(async () => {
    await app.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('sends /gallery with the photos in the HTML and the data for the store beside it', async () => {
    const res = await request(app.getHttpServer()).get('/gallery').set('X-Forwarded-For', '203.0.113.9');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(root(res.text)).toBe('<ul data-search="" data-render="1"><li>Grey heron at dawn</li><li>Fox & "cubs"</li></ul>');
    expect(res.text).toContain('</div><script type="application/json" id="server-state">{"api":2}</script>');
    // Asked as the visitor: their address, so a guest's own liked flags come with the page.
    expect(photos.asked).toEqual([{ query: FIRST_PAGE_QUERY, clientIp: '203.0.113.9' }]);
  });

  it('draws an address that shows the same first page, and leaves other pages to the app', async () => {
    const same = await request(app.getHttpServer()).get('/gallery?sort=newest');
    expect(root(same.text)).toContain('<ul data-search="?sort=newest" data-render="1"><li>Grey heron at dawn</li>');
    const other = await request(app.getHttpServer()).get('/gallery?page=2');
    expect(root(other.text)).toBe('');
    expect(photos.asked).toHaveLength(1);
  });

  it('sends the prerendered page when the photos answer fails', async () => {
    photos.answer = () => Promise.reject(new Error('database down'));
    const res = await request(app.getHttpServer()).get('/gallery');
    expect(res.status).toBe(200);
    expect(root(res.text)).toBe('<p>Loading photos</p>');
    expect(res.text).not.toContain('server-state');
  });

  it('sends the prerendered page when the photos answer takes longer than 300 ms', async () => {
    photos.answer = () => new Promise<never>(() => undefined);
    const startedAt = Date.now();
    const res = await request(app.getHttpServer()).get('/gallery');
    expect(root(res.text)).toBe('<p>Loading photos</p>');
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(300);
    expect(Date.now() - startedAt).toBeLessThan(2000);
  });

  it('asks for the photos each time, and draws again only when the answer every visitor gets changed', async () => {
    const first = await request(app.getHttpServer()).get('/gallery');
    const again = await request(app.getHttpServer()).get('/gallery');
    expect(photos.asked).toHaveLength(2);
    expect(root(again.text)).toBe(root(first.text));

    photos.answer = async () => ({ body: JSON.stringify({ ...PAGE, photos: [{ title: 'Just made public' }] }), shared: true });
    const changed = await request(app.getHttpServer()).get('/gallery');
    expect(root(changed.text)).toBe('<ul data-search="" data-render="2"><li>Just made public</li></ul>');

    // A guest's own copy (their liked flags) is drawn for them and never reused for anyone.
    photos.answer = async () => ({ body: JSON.stringify({ ...PAGE, photos: [{ title: 'Liked by this guest' }] }), shared: false });
    expect(root((await request(app.getHttpServer()).get('/gallery')).text)).toContain('data-render="3"><li>Liked by this guest');
    expect(root((await request(app.getHttpServer()).get('/gallery')).text)).toContain('data-render="4"><li>Liked by this guest');
  });

  it('never serves the server bundle itself', async () => {
    const res = await request(app.getHttpServer()).get('/ssr/gallery-render.cjs');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('galleryApiQuery');
  });
});

describe('the gallery without a renderer in the web build', () => {
  it('sends the prerendered page and does not ask for photos', async () => {
    const webDir = webFolder(false);
    const photos = new FakePhotosApi();
    const app = await bootWebTestGateway({ webDir }, photos);
    try {
      const res = await request(app.getHttpServer()).get('/gallery');
      expect(root(res.text)).toBe('<p>Loading photos</p>');
      expect(photos.asked).toEqual([]);
    } finally {
      await app.close();
      rmSync(webDir, { recursive: true, force: true });
    }
  });
});

describe('the gallery drawn on the server in the distributed shape (photos over HTTP)', () => {
  let photosServer: Server;
  let status = 200;
  const asked: Array<{ url: string; forwardedFor: unknown }> = [];
  let webDir: string;
  let app: NestExpressApplication;

  beforeAll(async () => {
    photosServer = createServer((req, res) => {
      asked.push({ url: req.url ?? '', forwardedFor: req.headers['x-forwarded-for'] });
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'public, no-cache' });
      res.end(JSON.stringify(status === 200 ? PAGE : { statusCode: status, message: 'Internal server error' }));
    });
    await new Promise<void>((done) => photosServer.listen(0, '127.0.0.1', done));
    const photosUrl = `http://127.0.0.1:${(photosServer.address() as AddressInfo).port}`;
    webDir = webFolder(true);
    app = await bootWebTestGateway({ webDir, upstreams: { photos: photosUrl } });
  });

  afterAll(async () => {
    await app.close();
    await new Promise((done) => photosServer.close(done));
    rmSync(webDir, { recursive: true, force: true });
  });

  it('sends the prerendered page when the photos service fails', async () => {
    status = 500;
    const res = await request(app.getHttpServer()).get('/gallery');
    expect(root(res.text)).toBe('<p>Loading photos</p>');
    status = 200;
    asked.splice(0);
  });

  it('asks the photos service for the first page as the visitor, and draws it', async () => {
    const res = await request(app.getHttpServer()).get('/gallery').set('X-Forwarded-For', '198.51.100.7');
    expect(root(res.text)).toContain('<li>Grey heron at dawn</li>');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.url).toBe(`/api/photos?${FIRST_PAGE_QUERY}`);
    expect(String(asked[0]?.forwardedFor)).toMatch(/^198\.51\.100\.7, /);
  });
});

// The bundle the frontend build writes (npx nx run frontend:build), when this checkout has one.
const builtWeb = join(__dirname, '../../../../frontend/dist');
// Like a test server: skipped with its reason when absent, a failure where tests are required (CI).
const webBuild: TestServer<string> = existsSync(join(builtWeb, 'ssr', 'gallery-render.cjs'))
  ? { available: true, facts: builtWeb }
  : { available: false, reason: `no ${builtWeb}/ssr/gallery-render.cjs (build the frontend first: npx nx run frontend:build)` };
describeWithServer('the web build’s gallery renderer', webBuild, () => {
  const card = {
    id: '3f1c2a9e-0000-4000-8000-000000000001',
    slug: 'grey-heron-at-dawn',
    title: 'Grey heron <at> dawn',
    category: 'wildlife',
    likes: 3,
    views: 40,
    username: 'ann',
    userFirstName: null,
    userLastName: null,
    overallRating: '7.5',
    thumbnailUrl: '/api/photos/3f1c2a9e-0000-4000-8000-000000000001/image?size=thumb',
    imageUrl: '/api/photos/3f1c2a9e-0000-4000-8000-000000000001/image?size=display',
    width: 2400,
    height: 1600,
    dominantColor: '#556655',
    uploadedAt: '2026-01-01T00:00:00.000Z',
    isFeatured: false,
    isPublic: true,
    photographerId: null,
    liked: false,
  };
  const page = {
    photos: Array.from({ length: 5 }, (_, index) => ({ ...card, id: card.id.replace(/1$/, String(index)), slug: `${card.slug}-${index}`, title: `${card.title} ${index}` })),
    total: 5,
    page: 1,
    pageSize: 12,
    totalPages: 1,
  };

  it('draws the first page: titles, and images whose first row is fetched first and the rest deferred', async () => {
    const renderer = galleryRendererFrom(builtWeb);
    expect(renderer?.apiQuery('')).toBe(FIRST_PAGE_QUERY);
    expect(renderer?.apiQuery('?category=wildlife')).toBeNull();
    const html = (await renderer?.render('', page)) ?? '';
    expect(html).toContain('<h1');
    for (let index = 0; index < 5; index++) expect(html).toContain(`Grey heron &lt;at&gt; dawn ${index}</a>`);
    const images = html.match(/<img [^>]*>/g) ?? [];
    const eager = images.filter((tag) => tag.includes('loading="eager"'));
    expect(eager).toHaveLength(3);
    for (const tag of eager) {
      expect(tag).toContain('fetchPriority="high"');
      expect(tag).toContain(`srcSet="${card.thumbnailUrl} 640w, ${card.imageUrl} 2048w"`);
    }
    // The other two: a placeholder until scrolled near, and the image itself for readers without scripts.
    expect(html.match(/<noscript><img [^>]*loading="lazy"[^>]*><\/noscript>/g)).toHaveLength(2);
    const state = /<script type="application\/json" id="server-state">([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    const queries = (JSON.parse(state) as { api: { queries: Record<string, { status: string; data: unknown }> } }).api.queries;
    expect(Object.values(queries)).toEqual([expect.objectContaining({ status: 'fulfilled', data: page })]);
  });
});
