import { randomUUID } from 'node:crypto';
import {
  CE_HEADERS,
  CLOUDEVENTS_SPEC_VERSION,
  CONTENT_TYPE_HEADER,
  DLQ_HEADERS,
  EVENT_CONTENT_TYPE,
  eventSource,
  isTopic,
  UnknownTopicError,
  type EventCodec,
  type EventPayloads,
  type Topic,
} from '@wildframe/contracts';
import { deadLetterTopic, type EventEnvelope, type PublishOptions } from './event-bus';

/**
 * The wire form of an event, shared by both adapters so the in-process bus hands handlers exactly
 * what Kafka would: key = aggregate id, value = protobuf bytes, headers = CloudEvents attributes
 * (Kafka protocol binding, binary content mode) plus the publisher's extra headers.
 */
export interface EventRecord {
  key: string;
  value: Buffer;
  headers: Record<string, string>;
}

// The wire names are the contracts' (proto/ts/wire.ts), part of the public interface of the topics.
export { CE_HEADERS, CONTENT_TYPE_HEADER, DLQ_HEADERS, EVENT_CONTENT_TYPE, REQUEST_ID_HEADER } from '@wildframe/contracts';

/** An event parked on `<topic>.dlq.<group>` after its handler kept failing. */
export interface DeadLetter {
  /** The dead-letter topic, `<topic>.dlq.<group>`. */
  topic: string;
  originalTopic: string;
  group: string;
  key: string;
  /** The original record's headers (CloudEvents attributes, request id, …). */
  headers: Record<string, string>;
  /** The original payload bytes. */
  value: Buffer;
  /** Message of the last error. */
  error: string;
  /** Delivery attempts made before parking (0 when the record could not even be read). */
  attempts: number;
  failedAt: string;
}

/** The record could not be turned into an envelope; retrying cannot help. */
export class MalformedEventError extends Error {
  constructor(
    readonly topic: string,
    reason: string,
  ) {
    super(`Malformed event on topic '${topic}': ${reason}`);
    this.name = 'MalformedEventError';
  }
}

const RESERVED_HEADER = /^(ce_|x-dlq-)|^content-type$/i;


/** Validates and encodes one publication. Throws before anything is sent when it is invalid. */
export function buildRecord<T extends Topic>(
  codec: EventCodec,
  topic: T,
  payload: EventPayloads[T],
  options: PublishOptions,
): { id: string; record: EventRecord } {
  if (!isTopic(topic)) throw new UnknownTopicError(topic);
  if (typeof options?.key !== 'string' || options.key === '') {
    throw new Error(`Cannot publish to '${topic}': a non-empty key (the aggregate id) is required`);
  }
  if (options.id !== undefined && (typeof options.id !== 'string' || options.id === '')) {
    throw new Error(`Cannot publish to '${topic}': the event id must be a non-empty string`);
  }
  const extra = options.headers ?? {};
  for (const [name, value] of Object.entries(extra)) {
    if (RESERVED_HEADER.test(name)) {
      throw new Error(`Cannot publish to '${topic}': header '${name}' is reserved for the event envelope`);
    }
    if (typeof value !== 'string') {
      throw new Error(`Cannot publish to '${topic}': header '${name}' must be a string`);
    }
  }
  const value = codec.encode(topic, payload);
  const id = options.id ?? randomUUID();
  const headers: Record<string, string> = {
    ...extra,
    [CE_HEADERS.id]: id,
    [CE_HEADERS.source]: eventSource(topic),
    [CE_HEADERS.type]: topic,
    [CE_HEADERS.time]: new Date().toISOString(),
    [CE_HEADERS.specversion]: CLOUDEVENTS_SPEC_VERSION,
    [CONTENT_TYPE_HEADER]: EVENT_CONTENT_TYPE,
  };
  if (options.subject !== undefined) headers[CE_HEADERS.subject] = options.subject;
  return { id, record: { key: options.key, value, headers } };
}

/**
 * Reads a record into a fresh envelope (the payload is decoded anew on every call, so handlers
 * never share objects). Throws `MalformedEventError` or the codec's `EventDecodeError`.
 */
export function readRecord<T extends Topic>(codec: EventCodec, topic: T, record: EventRecord): EventEnvelope<T> {
  const { headers } = record;
  const required = (name: string): string => {
    const value = headers[name];
    if (value === undefined || value === '') throw new MalformedEventError(topic, `header '${name}' is missing`);
    return value;
  };
  const type = required(CE_HEADERS.type);
  if (type !== topic) throw new MalformedEventError(topic, `header '${CE_HEADERS.type}' is '${type}'`);
  const specversion = required(CE_HEADERS.specversion);
  if (specversion !== '1.0') throw new MalformedEventError(topic, `unsupported CloudEvents specversion '${specversion}'`);
  const extra: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!RESERVED_HEADER.test(name)) extra[name] = value;
  }
  const envelope: EventEnvelope<T> = {
    id: required(CE_HEADERS.id),
    type: topic,
    source: required(CE_HEADERS.source),
    time: required(CE_HEADERS.time),
    key: record.key,
    headers: extra,
    payload: codec.decode(topic, record.value),
  };
  const subject = headers[CE_HEADERS.subject];
  if (subject !== undefined) envelope.subject = subject;
  return envelope;
}

/** The record parked on the dead-letter topic: the original plus the failure headers. */
export function deadLetterRecord(
  topic: string,
  group: string,
  record: EventRecord,
  failure: { error: string; attempts: number; failedAt: string; partition?: number; offset?: string },
): EventRecord {
  const headers: Record<string, string> = {
    ...record.headers,
    [DLQ_HEADERS.error]: failure.error,
    [DLQ_HEADERS.attempts]: String(failure.attempts),
    [DLQ_HEADERS.originalTopic]: topic,
    [DLQ_HEADERS.group]: group,
    [DLQ_HEADERS.failedAt]: failure.failedAt,
  };
  if (failure.partition !== undefined) headers[DLQ_HEADERS.originalPartition] = String(failure.partition);
  if (failure.offset !== undefined) headers[DLQ_HEADERS.originalOffset] = failure.offset;
  return { key: record.key, value: record.value, headers };
}

/** Reads a record of a dead-letter topic back into a `DeadLetter`. */
export function readDeadLetter(dlqTopic: string, record: EventRecord): DeadLetter {
  const original: Record<string, string> = {};
  for (const [name, value] of Object.entries(record.headers)) {
    if (!name.startsWith('x-dlq-')) original[name] = value;
  }
  const originalTopic = record.headers[DLQ_HEADERS.originalTopic] ?? '';
  const group = record.headers[DLQ_HEADERS.group] ?? '';
  if (originalTopic !== '' && group !== '' && deadLetterTopic(originalTopic, group) !== dlqTopic) {
    throw new Error(`Record on '${dlqTopic}' says it came from '${originalTopic}' for group '${group}'`);
  }
  return {
    topic: dlqTopic,
    originalTopic,
    group,
    key: record.key,
    headers: original,
    value: record.value,
    error: record.headers[DLQ_HEADERS.error] ?? '',
    attempts: Number(record.headers[DLQ_HEADERS.attempts] ?? 0),
    failedAt: record.headers[DLQ_HEADERS.failedAt] ?? '',
  };
}
