import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { builtEntrypoint, freePort, startProcess, waitForStatus, type RunningProcess } from './testing/child-process';

/**
 * The built gateway entrypoint (configured as the chart does) proxies request bodies byte for byte to a service running as
 * another OS process: JSON, urlencoded and multipart, small to ~10 MB, with and without a
 * content-length. A body parsed before the proxy would never reach the service (it would wait
 * for it until the client gave up), so each case also has a deadline.
 */

/** A stand-in service: answers what it received (size, digest, framing). Runs as its own process. */
const ECHO_UPSTREAM = `
const { createServer } = require('node:http');
const { createHash } = require('node:crypto');
const server = createServer((req, res) => {
  const hash = createHash('sha256');
  let bytes = 0;
  req.on('data', (chunk) => { hash.update(chunk); bytes += chunk.length; });
  req.on('end', () => {
    res.setHeader('content-type', 'application/json');
    res.statusCode = 201;
    res.end(JSON.stringify({
      method: req.method, url: req.url, bytes, sha256: hash.digest('hex'),
      contentType: req.headers['content-type'] ?? null,
      contentLength: req.headers['content-length'] ?? null,
      chunked: /chunked/.test(req.headers['transfer-encoding'] ?? ''),
    }));
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('echo listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

interface Echo {
  method: string;
  url: string;
  bytes: number;
  sha256: string;
  contentType: string | null;
  contentLength: string | null;
  chunked: boolean;
}

const sha256 = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');

describe('gateway entrypoint forwards request bodies untouched', () => {
  let upstream: ReturnType<typeof spawn>;
  let gateway: RunningProcess;
  let gatewayUrl: string;

  beforeAll(async () => {
    const upstreamPort = await freePort();
    upstream = spawn(process.execPath, ['-e', ECHO_UPSTREAM], { env: { PORT: String(upstreamPort) }, stdio: 'ignore' });
    const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
    const port = await freePort();
    gateway = startProcess(builtEntrypoint('gateway'), {
      PORT: String(port),
      LISTEN_HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      IDENTITY_SECRET: 'gateway-bodies-identity-secret-0123456789',
      AUTH_URL: upstreamUrl,
      PHOTOS_URL: upstreamUrl,
      ANALYSIS_URL: upstreamUrl,
      BILLING_URL: upstreamUrl,
      CONTACT_URL: upstreamUrl,
      PAYMENT_PROVIDER: 'stripe',
    });
    gatewayUrl = `http://127.0.0.1:${port}`;
    await waitForStatus(`${gatewayUrl}/api/health`, 200);
    // The stand-in answers through the gateway once it listens.
    await waitForStatus(`${gatewayUrl}/api/plans`, 201);
  }, 60_000);

  afterAll(async () => {
    gateway?.child.kill('SIGTERM');
    await gateway?.exited;
    upstream?.kill('SIGTERM');
  });

  async function post(path: string, body: NonNullable<RequestInit['body']>, headers: Record<string, string> = {}, streamed = false): Promise<Echo> {
    const res = await fetch(`${gatewayUrl}${path}`, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(20_000),
      ...(streamed ? { duplex: 'half' } : {}),
    } as RequestInit);
    expect(res.status).toBe(201);
    return (await res.json()) as Echo;
  }

  const json = (size: number): Buffer => {
    const filler = 'x'.repeat(Math.max(0, size - 40));
    return Buffer.from(JSON.stringify({ email: 'ada@example.com', filler }));
  };

  it.each([
    ['small JSON', '/api/auth/login', json(60)],
    ['~1 MB JSON', '/api/contact', json(1024 * 1024)],
  ])('%s', async (_name, path, body) => {
    const echo = await post(path, body, { 'content-type': 'application/json' });
    expect(echo).toMatchObject({ method: 'POST', url: path, bytes: body.length, sha256: sha256(body), contentLength: String(body.length), contentType: 'application/json' });
  });

  it.each([
    ['small urlencoded', 64],
    ['~1 MB urlencoded', 1024 * 1024],
  ])('%s', async (_name, size) => {
    const body = Buffer.from(new URLSearchParams({ email: 'ada@example.com', message: 'a b&c='.repeat(Math.ceil(size / 6)) }).toString());
    const echo = await post('/api/auth/login', body, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(echo).toMatchObject({ bytes: body.length, sha256: sha256(body), contentType: 'application/x-www-form-urlencoded' });
  });

  it.each([
    ['small multipart', 1024],
    ['~1 MB multipart', 1024 * 1024],
    ['~10 MB multipart', 10 * 1024 * 1024],
  ])('%s', async (_name, size) => {
    const boundary = `----wildframe${randomBytes(8).toString('hex')}`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHeron\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="heron.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      randomBytes(size),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const echo = await post('/api/photos', body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(echo).toMatchObject({ url: '/api/photos', bytes: body.length, sha256: sha256(body), contentLength: String(body.length) });
  }, 30_000);

  it.each([
    ['chunked JSON', 'application/json', json(256 * 1024)],
    ['chunked multipart (~5 MB)', 'multipart/form-data; boundary=x', randomBytes(5 * 1024 * 1024)],
  ])('%s (no content-length)', async (_name, contentType, body) => {
    const pieces = 16;
    const step = Math.ceil(body.length / pieces);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < body.length; i += step) controller.enqueue(body.subarray(i, i + step));
        controller.close();
      },
    });
    const echo = await post('/api/photos', stream, { 'content-type': contentType }, true);
    expect(echo).toMatchObject({ bytes: body.length, sha256: sha256(body), contentLength: null, chunked: true });
  }, 30_000);

  it('sends a Content-Security-Policy that admits Stripe.js when PAYMENT_PROVIDER=stripe', async () => {
    const header = (await fetch(`${gatewayUrl}/api/health`)).headers.get('content-security-policy') ?? '';
    const directives = header.split(';').map((directive) => directive.trim());
    expect(directives).toContain("script-src 'self' https://js.stripe.com");
    expect(directives).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com");
    expect(directives).toContain("connect-src 'self' https://api.stripe.com");
  });

  it("still parses the bodies of the gateway's own routes (page views)", async () => {
    const res = await fetch(`${gatewayUrl}/api/analytics/page-view`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/gallery', referrer: '', sessionId: 'abc' }),
      signal: AbortSignal.timeout(10_000),
    });
    expect(res.status).toBe(202);
    const bad = await fetch(`${gatewayUrl}/api/analytics/page-view`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: 'gallery', referrer: '', sessionId: 'abc' }),
      signal: AbortSignal.timeout(10_000),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ statusCode: 400, message: "path must start with '/'" });
  });
});
