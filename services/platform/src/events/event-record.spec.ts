import { eventCodec, EventDecodeError, examplePayload } from '@wildframe/contracts';
import { MAX_RETRY_DELAY_MS, retryDelay } from './delivery';
import { buildRecord, deadLetterRecord, MalformedEventError, readDeadLetter, readRecord } from './event-record';

const codec = eventCodec();

describe('event records (the wire form shared by both adapters)', () => {
  it('carries CloudEvents attributes as ce_* headers, the key and the protobuf bytes', () => {
    const payload = examplePayload('auth.user.registered.v1');
    const { id, record } = buildRecord(codec, 'auth.user.registered.v1', payload, {
      key: payload.userId,
      subject: payload.userId,
      headers: { 'x-request-id': 'req-9' },
    });
    expect(record.key).toBe(payload.userId);
    expect(record.headers).toEqual({
      ce_id: id,
      ce_source: '/services/auth',
      ce_type: 'auth.user.registered.v1',
      ce_time: expect.any(String),
      ce_subject: payload.userId,
      ce_specversion: '1.0',
      'content-type': 'application/protobuf',
      'x-request-id': 'req-9',
    });
    expect(codec.decode('auth.user.registered.v1', record.value)).toEqual(payload);
  });

  it('refuses envelope headers from the publisher, whatever their case', () => {
    const payload = examplePayload('auth.user.deleted.v1');
    for (const name of ['ce_type', 'CE_ID', 'Content-Type', 'x-dlq-error']) {
      expect(() => buildRecord(codec, 'auth.user.deleted.v1', payload, { key: 'u', headers: { [name]: 'x' } })).toThrow(
        `header '${name}' is reserved`,
      );
    }
    expect(() => buildRecord(codec, 'auth.user.deleted.v1', payload, { key: 'u', id: '' })).toThrow(/event id/);
  });

  it('reads a record back into an envelope with only the extra headers', () => {
    const payload = examplePayload('web.page.viewed.v1');
    const { id, record } = buildRecord(codec, 'web.page.viewed.v1', payload, { key: 's-1', headers: { 'x-request-id': 'r' } });
    const envelope = readRecord(codec, 'web.page.viewed.v1', record);
    expect(envelope).toEqual({
      id,
      type: 'web.page.viewed.v1',
      source: '/services/web',
      time: record.headers['ce_time'],
      key: 's-1',
      headers: { 'x-request-id': 'r' },
      payload,
    });
    expect('subject' in envelope).toBe(false);
  });

  it('refuses records that are not Wildframe events of that topic', () => {
    const { record } = buildRecord(codec, 'web.page.viewed.v1', examplePayload('web.page.viewed.v1'), { key: 's' });
    const without = (name: string) => ({ ...record, headers: Object.fromEntries(Object.entries(record.headers).filter(([n]) => n !== name)) });
    expect(() => readRecord(codec, 'web.page.viewed.v1', without('ce_id'))).toThrow(MalformedEventError);
    expect(() => readRecord(codec, 'web.page.viewed.v1', without('ce_time'))).toThrow(/header 'ce_time' is missing/);
    expect(() => readRecord(codec, 'photos.photo.viewed.v1', record)).toThrow(/header 'ce_type' is 'web\.page\.viewed\.v1'/);
    expect(() => readRecord(codec, 'web.page.viewed.v1', { ...record, headers: { ...record.headers, ce_specversion: '0.3' } })).toThrow(
      /specversion '0\.3'/,
    );
    expect(() => readRecord(codec, 'web.page.viewed.v1', { ...record, value: Buffer.from([0x0a, 0x09]) })).toThrow(EventDecodeError);
  });

  it('keeps the original headers and adds the failure on a dead letter, and reads it back', () => {
    const { record } = buildRecord(codec, 'web.page.viewed.v1', examplePayload('web.page.viewed.v1'), { key: 's' });
    const parked = deadLetterRecord('web.page.viewed.v1', 'analytics', record, {
      error: 'boom',
      attempts: 5,
      failedAt: '2025-01-01T00:00:00.000Z',
      partition: 2,
      offset: '41',
    });
    expect(parked.headers).toMatchObject({
      ...record.headers,
      'x-dlq-error': 'boom',
      'x-dlq-attempts': '5',
      'x-dlq-original-topic': 'web.page.viewed.v1',
      'x-dlq-group': 'analytics',
      'x-dlq-original-partition': '2',
      'x-dlq-original-offset': '41',
    });
    expect(readDeadLetter('web.page.viewed.v1.dlq.analytics', parked)).toEqual({
      topic: 'web.page.viewed.v1.dlq.analytics',
      originalTopic: 'web.page.viewed.v1',
      group: 'analytics',
      key: 's',
      headers: record.headers,
      value: record.value,
      error: 'boom',
      attempts: 5,
      failedAt: '2025-01-01T00:00:00.000Z',
    });
    expect(() => readDeadLetter('web.page.viewed.v1.dlq.other', parked)).toThrow(/came from/);
  });

  it('doubles the retry delay per attempt, up to a ceiling', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelay(200, attempt))).toEqual([200, 400, 800, 1600]);
    expect(retryDelay(200, 30)).toBe(MAX_RETRY_DELAY_MS);
  });
});
