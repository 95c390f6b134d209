import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { type PhotoGalleryAnswer, type PhotoSocialPreview, type PhotosApi } from '@wildframe/contracts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { bootWebTestGateway } from '../testing/web-test-gateway';
import { escapeHtml, injectIntoHead, photoKeyFromPath } from './social-preview';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Wildframe</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;


/** Public photos by slug or id; anything else is private or missing (null). */
class FakePhotosApi implements PhotosApi {
  readonly asked: string[] = [];
  failWith: Error | null = null;

  constructor(private readonly previews: Record<string, PhotoSocialPreview>) {}

  async socialPreview(slugOrId: string): Promise<PhotoSocialPreview | null> {
    this.asked.push(slugOrId);
    if (this.failWith) throw this.failWith;
    return this.previews[slugOrId] ?? null;
  }

  async publicGallery(): Promise<PhotoGalleryAnswer> {
    throw new Error('this web folder has no gallery renderer: never asked');
  }
}

const heron: PhotoSocialPreview = {
  title: 'Grey heron at dawn',
  description: 'Standing still in the reeds before sunrise.',
  imagePath: '/api/photos/3f1c2a9e-0000-4000-8000-000000000001/image?size=social',
};

const tricky: PhotoSocialPreview = {
  title: `"Fox" & <script>alert('x')</script>`,
  description: `It's <b>bold</b> & "quoted"`,
  imagePath: '/api/photos/7a0c/image?size=social&x="><script>',
};

const ogTags = (html: string) => html.match(/<meta (?:property="og:[^"]+"|name="twitter:card")[^>]*>/g) ?? [];

describe('photo pages: social preview tags', () => {
  let webDir: string;
  let app: NestExpressApplication;
  let photos: FakePhotosApi;

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'gateway-web-'));
    writeFileSync(join(webDir, 'index.html'), INDEX_HTML);
    photos = new FakePhotosApi({
      'grey-heron-at-dawn': heron,
      '3f1c2a9e-0000-4000-8000-000000000001': heron,
      'fox-and-script': tricky,
    });
    app = await bootWebTestGateway({ webDir, ownHosts: ['wildframe.example', 'photos.example.org', '127.0.0.1'] }, photos);
  });

  afterAll(async () => {
    await app.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    photos.asked.splice(0);
    photos.failWith = null;
  });

  it('adds Open Graph and Twitter card tags for a public photo at /photos/:slug', async () => {
    const res = await request(app.getHttpServer()).get('/photos/grey-heron-at-dawn').set('Host', 'wildframe.example');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(photos.asked).toEqual(['grey-heron-at-dawn']);
    expect(ogTags(res.text)).toEqual([
      '<meta property="og:type" content="article" />',
      '<meta property="og:title" content="Grey heron at dawn" />',
      '<meta property="og:description" content="Standing still in the reeds before sunrise." />',
      '<meta property="og:url" content="http://wildframe.example/photos/grey-heron-at-dawn" />',
      '<meta property="og:image" content="http://wildframe.example/api/photos/3f1c2a9e-0000-4000-8000-000000000001/image?size=social" />',
      '<meta property="og:image:width" content="1200" />',
      '<meta property="og:image:height" content="630" />',
      '<meta name="twitter:card" content="summary_large_image" />',
    ]);
    // Inside the head, and the rest of the page untouched.
    expect(res.text.indexOf('og:title')).toBeLessThan(res.text.indexOf('</head>'));
    expect(res.text).toContain('<div id="root"></div>');
  });

  it('does the same at /photo/:id, with the scheme and host the proxy reports', async () => {
    const res = await request(app.getHttpServer())
      .get('/photo/3f1c2a9e-0000-4000-8000-000000000001')
      .set('X-Forwarded-Proto', 'https')
      .set('X-Forwarded-Host', 'photos.example.org');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<meta property="og:url" content="https://photos.example.org/photo/3f1c2a9e-0000-4000-8000-000000000001" />');
    expect(res.text).toContain(
      '<meta property="og:image" content="https://photos.example.org/api/photos/3f1c2a9e-0000-4000-8000-000000000001/image?size=social" />',
    );
  });

  it('uses PUBLIC_ORIGIN when configured, whatever Host the request names', async () => {
    const configured = await bootWebTestGateway({ webDir, publicOrigin: 'https://wildframe.example.org' }, photos);
    try {
      const res = await request(configured.getHttpServer()).get('/photos/grey-heron-at-dawn').set('Host', 'attacker.example').set('X-Forwarded-Host', 'attacker.example');
      expect(res.text).toContain('<meta property="og:url" content="https://wildframe.example.org/photos/grey-heron-at-dawn" />');
      expect(res.text).toContain('<meta property="og:image" content="https://wildframe.example.org/api/photos/3f1c2a9e-0000-4000-8000-000000000001/image?size=social" />');
      expect(res.text).not.toContain('attacker.example');
    } finally {
      await configured.close();
    }
  });

  it('without PUBLIC_ORIGIN, writes no links from a Host that is not one of the site’s own names', async () => {
    const photo = await request(app.getHttpServer()).get('/photos/grey-heron-at-dawn').set('Host', 'attacker.example');
    expect(photo.status).toBe(200);
    expect(ogTags(photo.text)).toEqual([]);
    expect(photos.asked).toEqual([]);
    const forwarded = await request(app.getHttpServer()).get('/photos/grey-heron-at-dawn').set('X-Forwarded-Host', 'attacker.example');
    expect(ogTags(forwarded.text)).toEqual([]);
    const home = await request(app.getHttpServer()).get('/').set('Host', 'attacker.example');
    expect(home.status).toBe(200);
    expect(home.text).not.toContain('attacker.example');
    expect(home.text).not.toContain('og:url');
  });

  it('answers a malformed Host with 400 in the error envelope, on every page', async () => {
    for (const host of ['bad host', 'a/b', 'user@wildframe.example', '[::1', '[not-v6]', 'wildframe.example:99999']) {
      for (const path of ['/', '/photos/grey-heron-at-dawn', '/gallery', '/api/site/config']) {
        const res = await request(app.getHttpServer()).get(path).set('Host', host);
        expect({ host, path, status: res.status, body: res.body }).toEqual({ host, path, status: 400, body: { statusCode: 400, message: 'Invalid Host header' } });
      }
    }
    const forwarded = await request(app.getHttpServer()).get('/').set('X-Forwarded-Host', 'bad host');
    expect(forwarded.status).toBe(400);
    expect((await request(app.getHttpServer()).get('/').set('Host', '[::1]:3000')).status).toBe(200);
  });

  it('HTML-escapes every injected value', async () => {
    const res = await request(app.getHttpServer()).get('/photos/fox-and-script').set('Host', 'wildframe.example');
    expect(res.text).not.toContain('<script>');
    expect(res.text).not.toContain('<b>');
    expect(res.text).toContain('<meta property="og:title" content="&quot;Fox&quot; &amp; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;" />');
    expect(res.text).toContain('<meta property="og:description" content="It&#39;s &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;" />');
    expect(res.text).toContain('content="http://wildframe.example/api/photos/7a0c/image?size=social&amp;x=%22%3E%3Cscript%3E"');
  });

  it('serves the plain page for a private or missing photo', async () => {
    const res = await request(app.getHttpServer()).get('/photos/someone-elses-private-photo');
    expect(res.status).toBe(200);
    expect(photos.asked).toEqual(['someone-elses-private-photo']);
    expect(res.text).toBe(INDEX_HTML);
  });

  it('serves the plain page when the photos service fails', async () => {
    photos.failWith = new Error('database unavailable');
    const res = await request(app.getHttpServer()).get('/photos/grey-heron-at-dawn');
    expect(res.status).toBe(200);
    expect(res.text).toBe(INDEX_HTML);
  });

  it('asks nothing for other pages', async () => {
    // The home page has tags of its own (web-app.middleware.spec.ts), asked of no one.
    const home = await request(app.getHttpServer()).get('/');
    expect(home.status).toBe(200);
    for (const path of ['/gallery', '/photos', '/photos/a/b', '/my-photos']) {
      const res = await request(app.getHttpServer()).get(path);
      expect({ path, status: res.status, plain: res.text === INDEX_HTML }).toEqual({ path, status: 200, plain: true });
    }
    expect(photos.asked).toEqual([]);
  });
});

describe('photo pages without a photos service in the process (distributed shape)', () => {
  let webDir: string;
  let app: NestExpressApplication;

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'gateway-web-'));
    writeFileSync(join(webDir, 'index.html'), INDEX_HTML);
    app = await bootWebTestGateway({ webDir }, null);
  });

  afterAll(async () => {
    await app.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('serves the plain page', async () => {
    const res = await request(app.getHttpServer()).get('/photos/grey-heron-at-dawn');
    expect(res.status).toBe(200);
    expect(res.text).toBe(INDEX_HTML);
  });
});

describe('social preview helpers', () => {
  it('finds the photo key of photo page paths only', () => {
    expect(photoKeyFromPath('/photos/grey-heron-at-dawn')).toBe('grey-heron-at-dawn');
    expect(photoKeyFromPath('/photo/3f1c2a9e-0000-4000-8000-000000000001/')).toBe('3f1c2a9e-0000-4000-8000-000000000001');
    expect(photoKeyFromPath('/photos/caf%C3%A9')).toBe('café');
    expect(photoKeyFromPath('/photos/%E0%A4%A')).toBeNull();
    expect(photoKeyFromPath('/photos/')).toBeNull();
    expect(photoKeyFromPath('/photos/a/b')).toBeNull();
    expect(photoKeyFromPath('/gallery')).toBeNull();
    expect(photoKeyFromPath('/photographers/x')).toBeNull();
  });

  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
  });

  it('leaves a document without a head alone', () => {
    expect(injectIntoHead('<p>no head</p>', '<meta />')).toBe('<p>no head</p>');
    expect(injectIntoHead('<head></HEAD>', '<meta />')).toBe('<head>    <meta />\n  </HEAD>');
  });
});
