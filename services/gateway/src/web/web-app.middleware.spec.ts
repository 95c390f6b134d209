import express from 'express';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { acceptedEncodings } from './precompressed-files';
import { webAppMiddleware } from './web-app.middleware';

describe('web app serving', () => {
  let webDir: string;
  let app: express.Express;
  const script = 'console.log("the app");'.repeat(100);

  beforeAll(() => {
    webDir = mkdtempSync(join(tmpdir(), 'wildframe-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><html><head><title>Wildframe</title></head><body><div id="root"></div></body></html>');
    writeFileSync(join(webDir, 'assets', 'app-abc123.js'), script);
    writeFileSync(join(webDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(webDir, 'assets', 'app-abc123.js.gz'), gzipSync(script));
    writeFileSync(join(webDir, 'assets', 'plain-def456.css'), 'body{}');
    app = express();
    app.use(webAppMiddleware(webDir, { publicOrigin: 'https://wildframe.example' }));
  });

  afterAll(() => rmSync(webDir, { recursive: true, force: true }));

  const raw = (path: string, acceptEncoding: string) =>
    request(app)
      .get(path)
      .set('Accept-Encoding', acceptEncoding)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

  it('sends the brotli copy of a hashed asset to browsers that take it, cached for a year', async () => {
    const res = await raw('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['vary']).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The client decodes the body; the length on the wire is the compressed copy's.
    expect(Number(res.headers['content-length'])).toBe(brotliCompressSync(script).length);
    expect((res.body as Buffer).toString()).toBe(script);
  });

  it('sends gzip when brotli is not taken, and the plain file when neither is', async () => {
    const gzip = await raw('/assets/app-abc123.js', 'gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(gzipSync(script).length);
    expect((gzip.body as Buffer).toString()).toBe(script);
    const plain = await raw('/assets/app-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect((plain.body as Buffer).toString()).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves a file the build did not compress as it is', async () => {
    const res = await raw('/assets/plain-def456.css', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect((res.body as Buffer).toString()).toBe('body{}');
  });

  it('never leaves the web folder through an encoded path', async () => {
    const res = await request(app).get('/assets/..%2F..%2Fetc%2Fpasswd.js').set('Accept-Encoding', 'br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.text).not.toContain('root:');
  });

  it('never serves a source map or the server render bundle, however the path is written', async () => {
    mkdirSync(join(webDir, 'ssr'), { recursive: true });
    writeFileSync(join(webDir, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
    writeFileSync(join(webDir, 'ssr', 'gallery-render.cjs'), 'module.exports = "server bundle";');
    for (const path of [
      '/assets/app-abc123.js.map',
      '/assets/app-abc123.js.ma%70',
      '/assets/app-abc123.js.%6D%61%70',
      '/assets/app-abc123.js.MAP',
      '/ssr/gallery-render.cjs',
      '/%73sr/gallery-render.cjs',
      '/%2Fssr/gallery-render.cjs',
      '/assets/..%2Fssr/gallery-render.cjs',
      '/assets/%2E%2E/ssr/gallery-render.cjs',
    ]) {
      const res = await request(app).get(path).set('Accept-Encoding', 'identity');
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.text).not.toContain('secret.ts');
      expect(res.text).not.toContain('server bundle');
    }
    expect((await request(app).get('/assets/app-%E0%A4%A.js')).status).toBe(400);
    // The bundle itself is still served.
    expect((await request(app).get('/assets/app-abc123.js').set('Accept-Encoding', 'identity')).text).toBe(script);
  });

  it('gives the home page social preview tags with absolute links, revalidated on each visit', async () => {
    const res = await request(app).get('/');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('<meta property="og:title" content="Wildframe — AI Feedback for Nature Photographers" />');
    expect(res.text).toContain('<meta property="og:image" content="https://wildframe.example/api/assets/homepage-hero-grand-teton" />');
    expect(res.text).toContain('<meta property="og:url" content="https://wildframe.example/" />');
    expect(res.text).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(res.text).toContain(
      '<meta name="wildframe:preload-image" content="/api/assets/homepage-hero-grand-teton?w=960" data-media="(max-width: 1024px)" />',
    );
    expect(res.text).toContain(
      '<meta name="wildframe:preload-image" content="/api/assets/homepage-hero-grand-teton?w=640 640w, /api/assets/homepage-hero-grand-teton?w=960 960w, /api/assets/homepage-hero-grand-teton?w=1200 1200w, /api/assets/homepage-hero-grand-teton 2400w" data-sizes="(min-width: 1280px) 1152px, 100vw" data-media="(min-width: 1025px)" />',
    );
    const other = await request(app).get('/gallery');
    expect(other.text).not.toContain('og:title');
  });

  it('sends index.html as its compressed copy, and the home page compressed per request', async () => {
    writeFileSync(join(webDir, 'index.html.br'), brotliCompressSync(readFileSync(join(webDir, 'index.html'))));
    const fallback = await raw('/gallery', 'br');
    expect(fallback.headers['content-encoding']).toBe('br');
    expect(fallback.headers['content-type']).toMatch(/text\/html/);
    expect((fallback.body as Buffer).toString()).toContain('<div id="root"></div>');
    const home = await raw('/', 'gzip');
    expect(home.headers['content-encoding']).toBe('gzip');
    expect((home.body as Buffer).toString()).toContain('og:title');
    rmSync(join(webDir, 'index.html.br'));
  });

  it('reads Accept-Encoding with q-values', () => {
    expect([...acceptedEncodings('gzip, deflate, br')]).toEqual(['gzip', 'deflate', 'br']);
    expect(acceptedEncodings('br;q=0, gzip;q=0.5').has('br')).toBe(false);
    expect(acceptedEncodings(undefined).size).toBe(0);
  });
});

describe('prerendered pages', () => {
  let webDir: string;
  let app: express.Express;
  const page = (root: string) => `<!doctype html><html><head><title>Wildframe</title></head><body><div id="root">${root}</div></body></html>`;

  beforeAll(() => {
    webDir = mkdtempSync(join(tmpdir(), 'wildframe-web-'));
    mkdirSync(join(webDir, 'prerendered'));
    writeFileSync(join(webDir, 'index.html'), page(''));
    writeFileSync(join(webDir, 'prerendered', 'index.html'), page('<h1>Home</h1>'));
    const gallery = page('<h1>Gallery</h1>');
    writeFileSync(join(webDir, 'prerendered', 'gallery.html'), gallery);
    writeFileSync(join(webDir, 'prerendered', 'gallery.html.br'), brotliCompressSync(gallery));
    app = express();
    app.use(webAppMiddleware(webDir, { publicOrigin: 'https://wildframe.example' }));
  });

  afterAll(() => rmSync(webDir, { recursive: true, force: true }));

  it('sends the home page its prerendered HTML, with the social preview tags', async () => {
    const res = await request(app).get('/');
    expect(res.text).toContain('<div id="root"><h1>Home</h1></div>');
    expect(res.text).toContain('og:title');
  });

  it('sends the gallery its prerendered HTML, as the build compressed it', async () => {
    const res = await request(app).get('/gallery').set('Accept-Encoding', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('<div id="root"><h1>Gallery</h1></div>');
  });

  it('sends the plain app for an address with a query (another page of the gallery) and for other routes', async () => {
    for (const path of ['/gallery?page=2', '/?ref=mail', '/pricing']) {
      const res = await request(app).get(path);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root"></div>');
    }
  });
});
