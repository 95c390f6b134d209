import 'reflect-metadata';
import { IdentityRegistry, loadConfig } from '@wildframe/platform';
import type { EventEnvelope, Identity } from '@wildframe/platform';
import { createServiceTestApp, describeEachBackend, ServiceTestApp } from '@wildframe/platform/testing';
import request from 'supertest';
import { contactConfigSchema } from './contact.config';
import { ContactModule } from './contact.module';
import { ContactMessagesRepository } from './repositories/contact-messages.repository';

const HOUR_MS = 60 * 60_000;

/** The HTTP API on each backend (the module picks its adapters by the DATABASE_URL's scheme). */
describeEachBackend('contact API', (backend) => {
  let t: ServiceTestApp;
  /** What is stored, read through the port (either backend). */
  let repository: ContactMessagesRepository;
  const events: EventEnvelope[] = [];
  const identities = new Map<string, Identity>();
  let userCounter = 0;

  /** Identities come from a stand-in resolver, as the auth service would give them. */
  function signedIn(isAdmin = false): { token: string; identity: Identity } {
    userCounter++;
    const identity: Identity = {
      userId: `00000000-0000-4000-8000-${String(userCounter).padStart(12, '0')}`,
      email: `user${userCounter}@example.com`,
      firstName: `First${userCounter}`,
      lastName: 'Last',
      plan: 'explorer',
      isAdmin,
    };
    const token = `token-${userCounter}`;
    identities.set(token, identity);
    return { token, identity };
  }

  beforeAll(async () => {
    t = await createServiceTestApp(({ DATABASE_URL }) => [ContactModule.register(loadConfig('contact', contactConfigSchema, { DATABASE_URL }))], {
      databaseUrl: backend.url,
      subscribe: (bus) => {
        for (const topic of ['contact.message.received.v1', 'contact.message.status-changed.v1'] as const) {
          bus.subscribe(topic, 'test-observer', async (event) => void events.push(event as EventEnvelope));
        }
      },
    });
    t.app.get(IdentityRegistry).register({ resolve: async (token) => identities.get(token) ?? null });
    repository = t.app.get(ContactMessagesRepository, { strict: false });
  });
  afterAll(async () => {
    await t.close();
  });

  let ipCounter = 0;
  /** Each test sends from its own address, so the per-address limit of one does not touch another. */
  const freshIp = () => `10.30.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  let ip: string;
  beforeEach(() => {
    ip = freshIp();
  });

  const as = (token: string | null) => {
    const auth = <T extends request.Test>(req: T): T => (token ? req.set('Authorization', `Bearer ${token}`) : req).set('X-Forwarded-For', ip);
    return {
      get: (path: string) => auth(request(t.server).get(`/api${path}`)),
      post: (path: string) => auth(request(t.server).post(`/api${path}`)),
      patch: (path: string) => auth(request(t.server).patch(`/api${path}`)),
      delete: (path: string) => auth(request(t.server).delete(`/api${path}`)),
    };
  };

  const form = (overrides: Record<string, unknown> = {}) => ({
    name: 'Rachel Carson',
    email: 'Rachel@Example.com',
    subject: 'Upload keeps failing',
    message: 'My heron photo fails to upload every time I try.',
    category: 'support',
    ...overrides,
  });

  async function send(overrides: Record<string, unknown> = {}, token: string | null = null): Promise<string> {
    const res = await as(token).post('/contact').send(form(overrides));
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  const allStored = async () => (await repository.listWithResponses()).map((entry) => entry.message);

  async function stored(id: string) {
    const message = (await allStored()).find((m) => m.id === id);
    return message && { ...message, user_id: message.userId, ip_address: message.ipAddress };
  }

  async function auditOf(id: string) {
    return (await repository.auditTrail(id)).map((entry) => ({
      action: entry.action,
      old_value: entry.oldValue,
      new_value: entry.newValue,
      changed_by: entry.changedBy,
      reason: entry.reason,
    }));
  }

  /** Resolves once the clock has moved on, so two messages get different creation times. */
  async function clockTick(): Promise<void> {
    const start = Date.now();
    while (Date.now() - start < 3) await new Promise((resolve) => setImmediate(resolve));
  }

  describe('POST /api/contact', () => {
    it('stores a guest message as pending, medium priority, with the sender address, and announces it', async () => {
      const res = await as(null).post('/contact').send(form());
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ id: expect.any(String), status: 'pending', message: 'Message sent successfully!' });
      expect(await stored(res.body.id)).toMatchObject({
        name: 'Rachel Carson',
        email: 'rachel@example.com',
        subject: 'Upload keeps failing',
        category: 'support',
        status: 'pending',
        priority: 'medium',
        user_id: null,
        ip_address: ip,
      });
      await t.bus.idle();
      expect(events.find((e) => e.type === 'contact.message.received.v1' && e.key === res.body.id)?.payload).toEqual({
        messageId: res.body.id,
        category: 'support',
        userId: '',
        at: t.clock.now().toISOString(),
      });
    });

    it('keeps the account of a signed-in sender', async () => {
      const member = signedIn();
      const id = await send({ category: 'feature-request' }, member.token);
      expect(await stored(id)).toMatchObject({ user_id: member.identity.userId, category: 'feature-request' });
    });

    it.each([
      ['an empty name', 'Name is required', { name: '' }],
      ['a blank name', 'Name is required', { name: '   ' }],
      ['no name', 'Name is required', { name: undefined }],
      ['a 101-character name', 'Name must be 100 characters or less', { name: 'n'.repeat(101) }],
      ['a malformed e-mail', 'Please enter a valid email address', { email: 'not-an-email' }],
      ['an empty e-mail', 'Please enter a valid email address', { email: '' }],
      ['an empty subject', 'Subject is required', { subject: '' }],
      ['a 161-character subject', 'Subject must be 160 characters or less', { subject: 's'.repeat(161) }],
      ['a 9-character message', 'Message must be at least 10 characters', { message: 'Too short' }],
      ['a message short once trimmed', 'Message must be at least 10 characters', { message: '         x          ' }],
      ['no message', 'Message must be at least 10 characters', { message: undefined }],
      ['a 2001-character message', 'Message must be 2000 characters or less', { message: 'm'.repeat(2001) }],
      ['an unknown category', 'Please choose a category', { category: 'complaint' }],
      ['no category', 'Please choose a category', { category: undefined }],
      // PostgreSQL text cannot hold NUL: refused up front instead of failing in the database.
      ['a NUL in the message', 'Input must not contain NUL characters', { message: 'My heron photo\u0000 fails every time.' }],
      ['a NUL in the name', 'Input must not contain NUL characters', { name: 'Rachel\u0000' }],
    ])('refuses %s with "%s" and stores nothing', async (_case, message, override) => {
      const before = (await allStored()).length;
      const res = await as(null).post('/contact').send(form(override));
      expect(res.body).toEqual({ statusCode: 400, message });
      expect((await allStored()).length).toBe(before);
    });

    it('accepts the longest allowed values', async () => {
      const id = await send({ name: 'n'.repeat(100), subject: 's'.repeat(160), message: 'm'.repeat(2000), category: 'bug-report' });
      expect(await stored(id)).toMatchObject({ category: 'bug-report' });
    });

    it('takes 5 messages per address per hour, then answers 429 until the hour has passed', async () => {
      for (let i = 0; i < 5; i++) await send({ subject: `Message ${i}` });
      // Refused submissions and other addresses do not count against the limit.
      expect((await as(null).post('/contact').send(form({ message: 'short' }))).status).toBe(400);
      const sixth = await as(null).post('/contact').send(form({ subject: 'Message 6' }));
      expect(sixth.body).toEqual({ statusCode: 429, message: 'Too many messages. Please try again later.' });
      expect((await allStored()).filter((m) => m.subject === 'Message 6')).toEqual([]);
      const elsewhere = ip;
      ip = freshIp();
      await send();
      ip = elsewhere;
      t.clock.advance(HOUR_MS + 1000);
      await send({ subject: 'An hour later' });
    });

    it('holds the limit when many messages arrive at once', async () => {
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => as(null).post('/contact').send(form({ subject: `Burst ${i}` }))));
      expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    });
  });

  describe('admin endpoints', () => {
    const ID = '00000000-0000-4000-8000-00000000abcd';
    const endpoints: Array<[string, (c: ReturnType<typeof as>) => request.Test]> = [
      ['GET /admin/contact-messages', (c) => c.get('/admin/contact-messages')],
      ['PATCH /admin/contact-messages/:id/status', (c) => c.patch(`/admin/contact-messages/${ID}/status`).send({ status: 'resolved' })],
      ['POST /admin/contact-messages/:id/response', (c) => c.post(`/admin/contact-messages/${ID}/response`).send({ responseText: 'Hi', isPublic: true })],
      ['PATCH /admin/contact-messages/:id/archive', (c) => c.patch(`/admin/contact-messages/${ID}/archive`).send({})],
      ['DELETE /admin/contact-messages/:id', (c) => c.delete(`/admin/contact-messages/${ID}`).send({})],
    ];

    it.each(endpoints)('%s answers 401 to anonymous callers and 403 to members', async (_name, call) => {
      expect((await call(as(null))).body).toEqual({ statusCode: 401, message: 'Not authenticated' });
      expect((await call(as(signedIn().token))).body).toEqual({ statusCode: 403, message: 'Access Denied' });
    });

    it('lists every message newest first with its responses', async () => {
      const admin = signedIn(true);
      const first = await send({ subject: 'First of two' });
      await clockTick();
      const second = await send({ subject: 'Second of two' });
      await as(admin.token).post(`/admin/contact-messages/${first}/response`).send({ responseText: 'Thanks, looking into it.', isPublic: true });
      const res = await as(admin.token).get('/admin/contact-messages');
      expect(res.status).toBe(200);
      const ids = (res.body as Array<{ id: string }>).map((m) => m.id);
      expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
      expect(res.body.find((m: { id: string }) => m.id === first)).toMatchObject({
        id: first,
        name: 'Rachel Carson',
        email: 'rachel@example.com',
        subject: 'First of two',
        message: 'My heron photo fails to upload every time I try.',
        category: 'support',
        status: 'pending',
        priority: 'medium',
        userId: null,
        ipAddress: ip,
        createdAt: expect.any(String),
        responses: [{ id: expect.any(String), responseText: 'Thanks, looking into it.', isPublic: true, respondedBy: admin.identity.userId, createdAt: expect.any(String) }],
      });
      expect(res.body.find((m: { id: string }) => m.id === second).responses).toEqual([]);
    });

    it('cycles the status with an audit row and an event per change; the same status again records nothing', async () => {
      const admin = signedIn(true);
      const id = await send();
      for (const status of ['in_progress', 'resolved', 'pending']) {
        const res = await as(admin.token).patch(`/admin/contact-messages/${id}/status`).send({ status, reason: `Moved to ${status}` });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ id, status, message: 'Status updated' });
      }
      expect((await as(admin.token).patch(`/admin/contact-messages/${id}/status`).send({ status: 'pending' })).status).toBe(200);
      expect(await auditOf(id)).toEqual([
        { action: 'status_changed', old_value: 'pending', new_value: 'in_progress', changed_by: admin.identity.userId, reason: 'Moved to in_progress' },
        { action: 'status_changed', old_value: 'in_progress', new_value: 'resolved', changed_by: admin.identity.userId, reason: 'Moved to resolved' },
        { action: 'status_changed', old_value: 'resolved', new_value: 'pending', changed_by: admin.identity.userId, reason: 'Moved to pending' },
      ]);
      await t.bus.idle();
      expect(events.filter((e) => e.type === 'contact.message.status-changed.v1' && e.key === id).map((e) => e.payload)).toEqual([
        { messageId: id, oldStatus: 'pending', newStatus: 'in_progress', changedBy: admin.identity.userId, at: expect.any(String) },
        { messageId: id, oldStatus: 'in_progress', newStatus: 'resolved', changedBy: admin.identity.userId, at: expect.any(String) },
        { messageId: id, oldStatus: 'resolved', newStatus: 'pending', changedBy: admin.identity.userId, at: expect.any(String) },
      ]);
    });

    it('refuses an unknown status, a long reason and an unknown message, changing nothing', async () => {
      const admin = signedIn(true);
      const id = await send();
      expect((await as(admin.token).patch(`/admin/contact-messages/${id}/status`).send({ status: 'done' })).body).toEqual({ statusCode: 400, message: 'Please choose a valid status' });
      expect((await as(admin.token).patch(`/admin/contact-messages/${id}/status`).send({ status: 'resolved', reason: 'r'.repeat(501) })).body).toEqual({
        statusCode: 400,
        message: 'Reason must be 500 characters or less',
      });
      for (const unknown of ['00000000-0000-4000-8000-0000000fffff', 'not-a-uuid']) {
        expect((await as(admin.token).patch(`/admin/contact-messages/${unknown}/status`).send({ status: 'resolved' })).body).toEqual({ statusCode: 404, message: 'Message not found' });
      }
      expect(await stored(id)).toMatchObject({ status: 'pending' });
      expect(await auditOf(id)).toEqual([]);
    });

    it('adds responses with an audit row each', async () => {
      const admin = signedIn(true);
      const id = await send();
      const res = await as(admin.token).post(`/admin/contact-messages/${id}/response`).send({ responseText: '  Fixed in the latest release.  ', isPublic: true });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ responseText: 'Fixed in the latest release.', isPublic: true, respondedBy: admin.identity.userId });
      const privateNote = await as(admin.token).post(`/admin/contact-messages/${id}/response`).send({ responseText: 'Internal note' });
      expect(privateNote.body.isPublic).toBe(false);
      expect((await as(admin.token).post(`/admin/contact-messages/${id}/response`).send({ responseText: ' ' })).body).toEqual({ statusCode: 400, message: 'Response is required' });
      expect((await as(admin.token).post(`/admin/contact-messages/${id}/response`).send({ responseText: 'x'.repeat(5001) })).body).toEqual({
        statusCode: 400,
        message: 'Response must be 5000 characters or less',
      });
      expect((await as(admin.token).post('/admin/contact-messages/00000000-0000-4000-8000-0000000fffff/response').send({ responseText: 'Hello' })).status).toBe(404);
      expect(await auditOf(id)).toEqual([
        { action: 'response_added', old_value: null, new_value: 'Fixed in the latest release.', changed_by: admin.identity.userId, reason: null },
        { action: 'response_added', old_value: null, new_value: 'Internal note', changed_by: admin.identity.userId, reason: null },
      ]);
    });

    it('archives once with an audit row and an event; archiving again is refused', async () => {
      const admin = signedIn(true);
      const id = await send();
      await as(admin.token).patch(`/admin/contact-messages/${id}/status`).send({ status: 'in_progress' });
      const res = await as(admin.token).patch(`/admin/contact-messages/${id}/archive`).send({ reason: 'Answered by e-mail' });
      expect(res.body).toEqual({ id, status: 'archived', message: 'Message archived' });
      const again = await as(admin.token).patch(`/admin/contact-messages/${id}/archive`).send({ reason: 'twice' });
      expect(again.body).toEqual({ statusCode: 409, message: 'This message is already archived' });
      expect((await auditOf(id)).slice(1)).toEqual([{ action: 'archived', old_value: 'in_progress', new_value: 'archived', changed_by: admin.identity.userId, reason: 'Answered by e-mail' }]);
      await t.bus.idle();
      expect(events.some((e) => e.type === 'contact.message.status-changed.v1' && e.key === id && (e.payload as { newStatus: string }).newStatus === 'archived')).toBe(true);
    });

    it('deletes a message and its responses; the audit trail keeps the deletion', async () => {
      const admin = signedIn(true);
      const id = await send();
      await as(admin.token).post(`/admin/contact-messages/${id}/response`).send({ responseText: 'Will do', isPublic: true });
      const res = await as(admin.token).delete(`/admin/contact-messages/${id}`).send({ reason: 'Spam' });
      expect(res.body).toEqual({ message: 'Message deleted' });
      expect(await stored(id)).toBeUndefined();
      expect((await as(admin.token).get('/admin/contact-messages')).body.some((m: { id: string }) => m.id === id)).toBe(false);
      expect(await auditOf(id)).toEqual([
        { action: 'response_added', old_value: null, new_value: 'Will do', changed_by: admin.identity.userId, reason: null },
        { action: 'deleted', old_value: 'pending', new_value: null, changed_by: admin.identity.userId, reason: 'Spam' },
      ]);
      expect((await as(admin.token).delete(`/admin/contact-messages/${id}`)).body).toEqual({ statusCode: 404, message: 'Message not found' });
    });
  });
});
