import 'reflect-metadata';
import { Module } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createHttpApp, InProcessEventBus, loadConfig, ManualClock, PlatformModule, type EventEnvelope } from '@wildframe/platform';
import { Writable } from 'node:stream';
import request from 'supertest';
import { PAGE_VIEWS_PER_MINUTE } from './analytics/page-view.controller';
import { gatewayConfigSchema } from './gateway.config';
import { GatewayModule } from './gateway.module';

const silent = new Writable({ write: (_chunk, _encoding, done) => done() });

async function bootGateway(env: Record<string, string>) {
  const bus = new InProcessEventBus();
  const received: Array<EventEnvelope<'web.page.viewed.v1'>> = [];
  bus.subscribe('web.page.viewed.v1', 'gateway-spec', async (event) => {
    received.push(event);
  });
  @Module({
    imports: [
      // A clock that stands still: a minute's window never ends in the middle of a test.
      PlatformModule.forRoot({ logging: { service: 'gateway', level: 'warn', destination: silent }, eventBus: bus, clock: new ManualClock() }),
      GatewayModule.register(loadConfig('gateway', gatewayConfigSchema, env)),
    ],
  })
  class TestGatewayModule {}
  // The test client on loopback stands in for the ingress: it chooses client addresses.
  const app: NestExpressApplication = await createHttpApp(TestGatewayModule, { trustProxy: ['loopback'] });
  await app.init();
  return { app, received };
}

/** Polls until `check` passes or the deadline is reached (deliveries are asynchronous). */
async function eventually(check: () => void, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

describe('gateway API', () => {
  let app: NestExpressApplication;
  let received: Array<EventEnvelope<'web.page.viewed.v1'>>;
  let nextIp = 1;
  /** Each test speaks from its own address, so the per-address limit of one does not touch another. */
  const freshIp = () => `10.1.0.${nextIp++}`;

  beforeAll(async () => {
    ({ app, received } = await bootGateway({}));
  });

  afterAll(() => app.close());

  beforeEach(() => received.splice(0));

  const postPageView = (body: unknown, ip = freshIp()) =>
    request(app.getHttpServer()).post('/api/analytics/page-view').set('x-forwarded-for', ip).send(body as object);

  describe('POST /api/analytics/page-view', () => {
    it('publishes web.page.viewed.v1 keyed by the session, stamped with server time, and answers 202', async () => {
      const before = Date.now();
      const res = await postPageView({ path: '/gallery', referrer: 'https://example.org/', sessionId: 'abc123-session' });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ accepted: true });
      await eventually(() => expect(received).toHaveLength(1));
      const [event] = received;
      if (!event) throw new Error('no event received');
      expect(event.type).toBe('web.page.viewed.v1');
      expect(event.key).toBe('abc123-session');
      expect(event.payload).toEqual({
        path: '/gallery',
        referrer: 'https://example.org/',
        sessionId: 'abc123-session',
        at: expect.any(String),
      });
      const at = Date.parse(event.payload.at);
      expect(at).toBeGreaterThanOrEqual(before - 1);
      expect(at).toBeLessThanOrEqual(Date.now() + 1);
    });

    it('accepts an empty referrer', async () => {
      const res = await postPageView({ path: '/', referrer: '', sessionId: 's1' });
      expect(res.status).toBe(202);
      await eventually(() => expect(received.map((e) => e.payload.referrer)).toEqual(['']));
    });

    it.each([
      [{ referrer: '', sessionId: 's1' }, 'path is required'],
      [{ path: 'gallery', referrer: '', sessionId: 's1' }, "path must start with '/'"],
      [{ path: `/${'a'.repeat(2048)}`, referrer: '', sessionId: 's1' }, 'path must be 2048 characters or less'],
      [{ path: '/', sessionId: 's1' }, 'referrer must be a string (empty when unknown)'],
      [{ path: '/', referrer: 'r'.repeat(2049), sessionId: 's1' }, 'referrer must be 2048 characters or less'],
      [{ path: '/', referrer: '' }, 'sessionId is required'],
      [{ path: '/', referrer: '', sessionId: 's'.repeat(65) }, 'sessionId must be 64 characters or less'],
      [{ path: '/', referrer: '', sessionId: 'ansel@example.org' }, 'sessionId may contain only letters, digits, - and _'],
      [{ path: '/', referrer: '', sessionId: 's1', email: 'ansel@example.org' }, 'Unknown field: email'],
    ])('refuses %j with 400 "%s" and publishes nothing', async (body, message) => {
      const res = await postPageView(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, message });
      // A valid view after the refused one is the first and only event to arrive.
      await postPageView({ path: '/marker', referrer: '', sessionId: 'marker' });
      await eventually(() => expect(received.map((e) => e.payload.path)).toEqual(['/marker']));
    });

    it('refuses a body that is not an object', async () => {
      const res = await request(app.getHttpServer())
        .post('/api/analytics/page-view')
        .set('x-forwarded-for', freshIp())
        .set('content-type', 'application/json')
        .send('["/"]');
      expect(res.status).toBe(400);
      expect(res.body.statusCode).toBe(400);
    });

    it(`answers 429 after ${PAGE_VIEWS_PER_MINUTE} page views a minute from one address, others unaffected`, async () => {
      const ip = freshIp();
      for (let i = 0; i < PAGE_VIEWS_PER_MINUTE; i++) {
        const res = await postPageView({ path: `/p${i}`, referrer: '', sessionId: 'busy' }, ip);
        expect(res.status).toBe(202);
      }
      const limited = await postPageView({ path: '/one-too-many', referrer: '', sessionId: 'busy' }, ip);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ statusCode: 429, message: 'Too many page views. Please slow down.' });
      expect((await postPageView({ path: '/', referrer: '', sessionId: 'calm' })).status).toBe(202);
    });
  });

  it('counts page views of one IPv6 /64 together: a new address in the network is no new allowance', async () => {
    for (let i = 0; i < PAGE_VIEWS_PER_MINUTE; i++) {
      expect((await postPageView({ path: `/v6-${i}`, referrer: '', sessionId: 'v6' }, `2001:db8:77:1::${(i % 9000) + 1}`)).status).toBe(202);
    }
    expect((await postPageView({ path: '/v6-more', referrer: '', sessionId: 'v6' }, '2001:db8:77:1:abcd::1')).status).toBe(429);
    expect((await postPageView({ path: '/v6-other', referrer: '', sessionId: 'v6' }, '2001:db8:77:2::1')).status).toBe(202);
  });

  describe('GET /api/site/config', () => {
    it('gives the default contact e-mail when none is configured', async () => {
      const res = await request(app.getHttpServer()).get('/api/site/config');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ contactEmail: 'support@wildframe.app' });
    });

    it('gives the configured contact and support e-mails', async () => {
      const configured = await bootGateway({ CONTACT_EMAIL: 'hello@wildframe.test', SUPPORT_EMAIL: 'help@wildframe.test' });
      try {
        const res = await request(configured.app.getHttpServer()).get('/api/site/config');
        expect(res.body).toEqual({ contactEmail: 'hello@wildframe.test', supportEmail: 'help@wildframe.test' });
      } finally {
        await configured.app.close();
      }
    });

    it('refuses to start with a contact e-mail that is not one', () => {
      expect(() => loadConfig('gateway', gatewayConfigSchema, { CONTACT_EMAIL: 'not-an-email' })).toThrow(
        /CONTACT_EMAIL: must be an e-mail address \(got 'not-an-email'\)/,
      );
    });
  });
});
