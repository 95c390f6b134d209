import { examplePayload } from '@wildframe/contracts';
import {
  createEventOutbox,
  InProcessEventBus,
  MongoServiceDatabase,
  openServiceDatabase,
  pendingEvent,
  type AnyServiceDatabase,
  type EventEnvelope,
  type EventOutbox,
} from '@wildframe/platform';
import { describeEachBackend } from '@wildframe/platform/testing';
import { contactDatabase } from '../contact.database';
import type { ContactMessage, ContactStatus } from '../domain/contact-message';
import { ContactMessagesRepository, type NewContactMessage, type SubmissionLimit } from './contact-messages.repository';
import { MongoContactMessages } from './mongo/contact-messages.mongo';
import { PostgresContactMessages } from './postgres/contact-messages.postgres';

const ADMIN = '7d5c1c60-8f7a-4d8e-9a55-0f8e7a1b2c3d';
const WINDOW_MS = 60 * 60_000;

class Refused extends Error {}

/** The repository contract, the same on PostgreSQL and on MongoDB (FerretDB here). */
describeEachBackend('contact repositories', (backend) => {
  let database: AnyServiceDatabase;
  let repository: ContactMessagesRepository;
  let outbox: EventOutbox;
  let bus: InProcessEventBus;
  const received: EventEnvelope<'contact.message.received.v1'>[] = [];
  const statusChanged: EventEnvelope<'contact.message.status-changed.v1'>[] = [];

  beforeAll(async () => {
    database = await openServiceDatabase({
      ...contactDatabase,
      url: backend.url,
      runMigrations: true,
    });
    repository = database instanceof MongoServiceDatabase ? new MongoContactMessages(database) : new PostgresContactMessages(database);
    bus = new InProcessEventBus({ logger: { info: () => undefined, warn: () => undefined, error: () => undefined } });
    bus.subscribe('contact.message.received.v1', 'contract', async (event) => void received.push(event));
    bus.subscribe('contact.message.status-changed.v1', 'contract', async (event) => void statusChanged.push(event));
    await bus.start();
    outbox = createEventOutbox(database, bus, { logger: { warn: () => undefined } });
  });
  afterAll(async () => {
    await outbox.stop();
    await bus.stop();
    await database.close();
  });

  /** Publishes what the writes stored and waits for the subscribers. */
  const publish = async () => {
    await outbox.flush();
    await outbox.idle();
    await bus.idle();
  };

  const newMessage = (ip: string, subject = 'Hello'): NewContactMessage => ({
    name: 'Ada',
    email: 'ada@example.org',
    subject,
    message: 'A message long enough.',
    category: 'feedback',
    userId: null,
    ipAddress: ip,
  });
  const limit = (ip: string, at: Date, max = 3): SubmissionLimit => ({
    ipAddress: ip,
    at,
    windowStart: new Date(at.getTime() - WINDOW_MS),
    max,
    refuse: () => new Refused('too many'),
  });
  const announceReceived = (message: ContactMessage) => [
    pendingEvent(
      'contact.message.received.v1',
      examplePayload('contact.message.received.v1', { messageId: message.id, category: message.category, userId: '' }),
      { key: message.id, subject: message.id },
    ),
  ];
  const announceStatus = (before: ContactMessage, after: ContactMessage) => [
    pendingEvent(
      'contact.message.status-changed.v1',
      examplePayload('contact.message.status-changed.v1', { messageId: after.id, oldStatus: before.status, newStatus: after.status, changedBy: ADMIN }),
      { key: after.id, subject: after.id },
    ),
  ];
  const submit = (ip: string, at = new Date(), subject?: string) => repository.submit(newMessage(ip, subject), limit(ip, at), announceReceived);
  const setStatus = (id: string, status: ContactStatus) =>
    repository.changeStatus(id, (current) => (current.status === status ? null : status), 'status_changed', { changedBy: ADMIN, reason: null }, announceStatus);
  const listed = async (id: string) => (await repository.listWithResponses()).find((entry) => entry.message.id === id);

  it('stores a submission as pending and medium priority, and announces it exactly once with its id', async () => {
    const before = received.length;
    const stored = await submit('198.51.100.1');
    expect(stored).toMatchObject({ status: 'pending', priority: 'medium', name: 'Ada', ipAddress: '198.51.100.1', userId: null, assignedTo: null });
    expect(stored.createdAt).toBeInstanceOf(Date);
    expect((await listed(stored.id))?.message).toEqual(stored);
    await publish();
    await publish();
    const mine = received.slice(before).filter((event) => event.payload.messageId === stored.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.key).toBe(stored.id);
  });

  it('lets no more than the limit through when one address submits in parallel, announcing only what was stored', async () => {
    const ip = '198.51.100.2';
    const at = new Date();
    const before = received.length;
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => repository.submit(newMessage(ip, `Parallel ${i}`), limit(ip, at), announceReceived)));
    const stored = results.filter((result): result is PromiseFulfilledResult<ContactMessage> => result.status === 'fulfilled').map((result) => result.value);
    const refused = results.filter((result) => result.status === 'rejected');
    expect(stored).toHaveLength(3);
    expect(refused).toHaveLength(5);
    for (const result of refused) expect((result as PromiseRejectedResult).reason).toBeInstanceOf(Refused);
    const all = await repository.listWithResponses();
    expect(all.filter((entry) => entry.message.ipAddress === ip)).toHaveLength(3);
    await publish();
    expect(received.slice(before).map((event) => event.payload.messageId).sort()).toEqual(stored.map((message) => message.id).sort());
    // Another address is not held to this one's window.
    await expect(submit('198.51.100.3', at)).resolves.toMatchObject({ status: 'pending' });
  });

  it('counts submissions in a sliding window: allowed again once the earlier ones are older than the window', async () => {
    const ip = '198.51.100.4';
    const start = new Date('2026-01-01T10:00:00Z');
    for (let i = 0; i < 3; i++) await repository.submit(newMessage(ip), limit(ip, new Date(start.getTime() + i * 60_000)), announceReceived);
    const later = new Date(start.getTime() + 30 * 60_000);
    await expect(repository.submit(newMessage(ip), limit(ip, later), announceReceived)).rejects.toBeInstanceOf(Refused);
    // One hour after the first: exactly one slot is free.
    const afterFirst = new Date(start.getTime() + WINDOW_MS + 30_000);
    await expect(repository.submit(newMessage(ip), limit(ip, afterFirst), announceReceived)).resolves.toMatchObject({ status: 'pending' });
    await expect(repository.submit(newMessage(ip), limit(ip, afterFirst), announceReceived)).rejects.toBeInstanceOf(Refused);
  });

  it('does not give an address its allowance back when a message is deleted', async () => {
    const ip = '198.51.100.5';
    const at = new Date();
    const first = await repository.submit(newMessage(ip), limit(ip, at, 1), announceReceived);
    await repository.delete(first.id, { changedBy: ADMIN, reason: null });
    await expect(repository.submit(newMessage(ip), limit(ip, at, 1), announceReceived)).rejects.toBeInstanceOf(Refused);
  });

  it('changes a status with its audit entry and one event; the same status again writes and announces nothing', async () => {
    const message = await submit('198.51.100.6');
    await publish();
    const before = statusChanged.length;
    const change = await setStatus(message.id, 'in_progress');
    expect(change?.before.status).toBe('pending');
    expect(change?.after.status).toBe('in_progress');
    expect(change?.after.updatedAt.getTime()).toBeGreaterThanOrEqual(message.updatedAt.getTime());
    const unchanged = await setStatus(message.id, 'in_progress');
    expect(unchanged?.after).toEqual(unchanged?.before);
    expect(await repository.auditTrail(message.id)).toEqual([
      expect.objectContaining({ messageId: message.id, action: 'status_changed', oldValue: 'pending', newValue: 'in_progress', changedBy: ADMIN, reason: null }),
    ]);
    await publish();
    expect(statusChanged.slice(before).map((event) => [event.payload.messageId, event.payload.oldStatus, event.payload.newStatus])).toEqual([
      [message.id, 'pending', 'in_progress'],
    ]);
  });

  it('writes nothing when the decision refuses', async () => {
    const message = await submit('198.51.100.7');
    const refuse = () => {
      throw new Refused('already archived');
    };
    await expect(repository.changeStatus(message.id, refuse, 'archived', { changedBy: ADMIN, reason: 'r' }, announceStatus)).rejects.toBeInstanceOf(Refused);
    expect((await listed(message.id))?.message.status).toBe('pending');
    expect(await repository.auditTrail(message.id)).toEqual([]);
  });

  it('keeps the trail equal to the data when admins change one message in parallel: one audit entry and one event per real change', async () => {
    const message = await submit('198.51.100.8');
    await publish();
    const before = statusChanged.length;
    const targets: ContactStatus[] = ['in_progress', 'resolved', 'archived', 'pending', 'in_progress', 'resolved'];
    const results = await Promise.all(targets.map((status) => setStatus(message.id, status)));
    const changes = results.filter((result) => result !== undefined && result.before.status !== result.after.status);
    const trail = await repository.auditTrail(message.id);
    expect(trail).toHaveLength(changes.length);
    // The entries chain: each starts where the previous ended, and the last is the stored status.
    for (let i = 1; i < trail.length; i++) expect(trail[i]?.oldValue).toBe(trail[i - 1]?.newValue);
    expect(trail[0]?.oldValue).toBe('pending');
    expect((await listed(message.id))?.message.status).toBe(trail.at(-1)?.newValue ?? 'pending');
    await publish();
    const events = statusChanged.slice(before).filter((event) => event.payload.messageId === message.id);
    expect(events.map((event) => [event.payload.oldStatus, event.payload.newStatus])).toEqual(trail.map((entry) => [entry.oldValue, entry.newValue]));
  });

  it('adds responses with an audit entry each, listed oldest first with their message', async () => {
    const message = await submit('198.51.100.9');
    const first = await repository.addResponse(message.id, { responseText: 'First answer', isPublic: false }, { changedBy: ADMIN, reason: null });
    const second = await repository.addResponse(message.id, { responseText: 'Second answer', isPublic: true }, { changedBy: ADMIN, reason: null });
    expect(first).toMatchObject({ messageId: message.id, responseText: 'First answer', respondedBy: ADMIN, isPublic: false });
    const entry = await listed(message.id);
    expect(entry?.responses.map((response) => [response.id, response.responseText])).toEqual([
      [first?.id, 'First answer'],
      [second?.id, 'Second answer'],
    ]);
    expect(entry?.message.updatedAt.getTime()).toBeGreaterThanOrEqual(message.updatedAt.getTime());
    expect((await repository.auditTrail(message.id)).map((audit) => [audit.action, audit.newValue])).toEqual([
      ['response_added', 'First answer'],
      ['response_added', 'Second answer'],
    ]);
  });

  it('deletes a message with its responses; the trail keeps the deletion; a second delete finds nothing', async () => {
    const message = await submit('198.51.100.10');
    await repository.addResponse(message.id, { responseText: 'Answer', isPublic: false }, { changedBy: ADMIN, reason: null });
    const deleted = await repository.delete(message.id, { changedBy: ADMIN, reason: 'spam' });
    expect(deleted?.id).toBe(message.id);
    expect(await listed(message.id)).toBeUndefined();
    expect(await repository.addResponse(message.id, { responseText: 'Late', isPublic: false }, { changedBy: ADMIN, reason: null })).toBeUndefined();
    expect(await setStatus(message.id, 'resolved')).toBeUndefined();
    expect(await repository.delete(message.id, { changedBy: ADMIN, reason: null })).toBeUndefined();
    expect((await repository.auditTrail(message.id)).map((audit) => [audit.action, audit.oldValue, audit.reason])).toEqual([
      ['response_added', null, null],
      ['deleted', 'pending', 'spam'],
    ]);
  });

  it('answers undefined for unknown and malformed ids, changing nothing', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect(await setStatus(id, 'resolved')).toBeUndefined();
      expect(await repository.addResponse(id, { responseText: 'x', isPublic: false }, { changedBy: ADMIN, reason: null })).toBeUndefined();
      expect(await repository.delete(id, { changedBy: ADMIN, reason: null })).toBeUndefined();
      expect(await repository.auditTrail(id)).toEqual([]);
    }
  });

  it('lists newest first', async () => {
    const older = await submit('198.51.100.11', new Date(), 'Older');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newer = await submit('198.51.100.11', new Date(), 'Newer');
    const ids = (await repository.listWithResponses()).map((entry) => entry.message.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(backend.driver === 'mongo' ? database instanceof MongoServiceDatabase : !(database instanceof MongoServiceDatabase)).toBe(true);
  });
});
