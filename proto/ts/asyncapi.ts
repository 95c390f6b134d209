import * as protobuf from 'protobufjs';
import { EVENT_CATALOGUE, EVENT_KEYS, TOPICS, type Topic } from './catalogue';
import { eventCodec, type EventCodec } from './codec';
import { examplePayload } from './examples';
import {
  CE_HEADERS,
  CLOUDEVENTS_SPEC_VERSION,
  CONTENT_TYPE_HEADER,
  deadLetterTopic,
  DLQ_HEADERS,
  EVENT_CONTENT_TYPE,
  eventSource,
  REQUEST_ID_HEADER,
} from './wire';

/**
 * The Kafka topics as a public interface: an AsyncAPI 3 document built from the catalogue
 * (topics, keys), the `.proto` files (payload schemas, descriptions) and the wire conventions
 * (CloudEvents headers, dead-letter topics). `npm run asyncapi` writes it to proto/asyncapi.json;
 * asyncapi.spec.ts fails when the checked-in file is stale and validates it with @asyncapi/parser.
 */

export const ASYNCAPI_FILE = 'proto/asyncapi.json';

type JsonSchema = Record<string, unknown>;

const SCALARS: Record<string, JsonSchema> = {
  string: { type: 'string' },
  bool: { type: 'boolean' },
  double: { type: 'number' },
  float: { type: 'number' },
  int32: { type: 'integer', format: 'int32' },
  sint32: { type: 'integer', format: 'int32' },
  sfixed32: { type: 'integer', format: 'int32' },
  uint32: { type: 'integer', minimum: 0 },
  fixed32: { type: 'integer', minimum: 0 },
  // 64-bit integers decode to decimal strings (protobufjs `longs: String`).
  int64: { type: 'string', pattern: '^-?[0-9]+$' },
  sint64: { type: 'string', pattern: '^-?[0-9]+$' },
  sfixed64: { type: 'string', pattern: '^-?[0-9]+$' },
  uint64: { type: 'string', pattern: '^[0-9]+$' },
  fixed64: { type: 'string', pattern: '^[0-9]+$' },
  bytes: { type: 'string', contentEncoding: 'base64' },
};

function describe(comment: string | null | undefined): { description?: string } {
  const text = comment?.trim();
  return text ? { description: text.replace(/\s*\n\s*/g, ' ') } : {};
}

function fieldSchema(field: protobuf.Field): JsonSchema {
  let item: JsonSchema;
  const resolved = field.resolvedType;
  if (resolved instanceof protobuf.Type) item = messageSchema(resolved);
  else if (resolved instanceof protobuf.Enum) item = { type: 'string', enum: Object.keys(resolved.values) };
  else {
    const scalar = SCALARS[field.type];
    if (scalar === undefined) throw new Error(`No JSON Schema for protobuf type '${field.type}' (field ${field.fullName})`);
    item = { ...scalar };
  }
  if (field instanceof protobuf.MapField) return { type: 'object', additionalProperties: item, ...describe(field.comment) };
  if (field.repeated) return { type: 'array', items: item, ...describe(field.comment) };
  return { ...item, ...describe(field.comment) };
}

/**
 * A protobuf message as JSON Schema, in the form consumers see after decoding: camelCase field
 * names, every field present (proto3 defaults), nothing else.
 */
export function messageSchema(type: protobuf.Type): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const field of type.fieldsArray) properties[field.name] = fieldSchema(field);
  return {
    type: 'object',
    additionalProperties: false,
    required: type.fieldsArray.map((field) => field.name),
    properties,
  };
}

function headersSchema(topic: Topic): JsonSchema {
  return {
    type: 'object',
    description:
      'CloudEvents 1.0 attributes as Kafka record headers (Kafka protocol binding, binary content mode), ' +
      'plus the request id, the W3C trace context and any extension header the publisher set.',
    required: [CE_HEADERS.id, CE_HEADERS.source, CE_HEADERS.type, CE_HEADERS.time, CE_HEADERS.specversion, CONTENT_TYPE_HEADER],
    properties: {
      [CE_HEADERS.id]: { type: 'string', description: 'Event id (a UUID): unique per event; consumers deduplicate on it.' },
      [CE_HEADERS.source]: { type: 'string', const: eventSource(topic), description: 'The publishing service.' },
      [CE_HEADERS.type]: { type: 'string', const: topic, description: 'Always the topic name.' },
      [CE_HEADERS.time]: { type: 'string', format: 'date-time', description: 'When the event happened (ISO-8601, UTC).' },
      [CE_HEADERS.subject]: { type: 'string', description: 'Optional; usually the aggregate id.' },
      [CE_HEADERS.specversion]: { type: 'string', const: CLOUDEVENTS_SPEC_VERSION },
      [CONTENT_TYPE_HEADER]: { type: 'string', const: EVENT_CONTENT_TYPE },
      [REQUEST_ID_HEADER]: { type: 'string', description: 'Id of the HTTP request that caused the event, when there was one.' },
      traceparent: {
        type: 'string',
        pattern: '^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$',
        description: 'W3C trace context of the publication (https://www.w3.org/TR/trace-context/): consumers continue this trace.',
      },
      tracestate: { type: 'string', description: 'W3C trace context vendor state, when the trace carries any.' },
    },
    additionalProperties: { type: 'string' },
  };
}

function deadLetterHeadersSchema(topic: Topic): JsonSchema {
  const original = headersSchema(topic);
  return {
    ...original,
    description: 'The original record headers, byte for byte, plus the x-dlq-* headers saying why and where it failed.',
    required: [...(original['required'] as string[]), DLQ_HEADERS.error, DLQ_HEADERS.attempts, DLQ_HEADERS.originalTopic, DLQ_HEADERS.group, DLQ_HEADERS.failedAt],
    properties: {
      ...(original['properties'] as Record<string, JsonSchema>),
      [DLQ_HEADERS.error]: { type: 'string', description: 'Message of the last error.' },
      [DLQ_HEADERS.attempts]: {
        type: 'string',
        pattern: '^[0-9]+$',
        description: 'Delivery attempts made before parking; 0 when the record could not even be read.',
      },
      [DLQ_HEADERS.originalTopic]: { type: 'string', const: topic },
      [DLQ_HEADERS.group]: { type: 'string', description: 'The consumer group that parked the event.' },
      [DLQ_HEADERS.failedAt]: { type: 'string', format: 'date-time' },
      [DLQ_HEADERS.originalPartition]: { type: 'string', pattern: '^[0-9]+$' },
      [DLQ_HEADERS.originalOffset]: { type: 'string', pattern: '^[0-9]+$' },
    },
  };
}

/** `photos.photo.liked.v1` → `PhotosPhotoLikedV1`: ids for messages and operations. */
function pascal(topic: string): string {
  return topic
    .split(/[.-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

const ref = (path: string): { $ref: string } => ({ $ref: path });

export function buildAsyncApiDocument(codec: EventCodec = eventCodec()): Record<string, unknown> {
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const messages: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};

  for (const topic of TOPICS) {
    const type = codec.typeOf(topic);
    const keyField = EVENT_KEYS[topic];
    const id = pascal(topic);
    const payloadName = `${id}Payload`;
    schemas[payloadName] = { ...messageSchema(type), ...describe(type.comment) };
    const key = {
      type: 'string',
      description: `The aggregate id: the payload's \`${keyField}\`. Events with one key keep their order (one partition).`,
    };
    messages[id] = {
      name: type.name,
      title: topic,
      summary: describe(type.comment).description ?? topic,
      contentType: EVENT_CONTENT_TYPE,
      headers: headersSchema(topic),
      payload: ref(`#/components/schemas/${payloadName}`),
      bindings: { kafka: { key, bindingVersion: '0.5.0' } },
      'x-protobuf-message': EVENT_CATALOGUE[topic],
      examples: [
        {
          name: 'example',
          summary: 'Decoded payload; on the wire it is the protobuf encoding.',
          headers: {
            [CE_HEADERS.id]: '0b5c2f9e-3f7a-4a55-9d1f-6f2f3b0a1c7e',
            [CE_HEADERS.source]: eventSource(topic),
            [CE_HEADERS.type]: topic,
            [CE_HEADERS.time]: '2025-01-31T12:00:00.000Z',
            [CE_HEADERS.specversion]: CLOUDEVENTS_SPEC_VERSION,
            [CONTENT_TYPE_HEADER]: EVENT_CONTENT_TYPE,
          },
          payload: examplePayload(topic),
        },
      ],
    };
    channels[topic] = {
      address: topic,
      title: topic,
      description: `Key: the ${keyField} of the payload. ce_source: ${eventSource(topic)}.`,
      messages: { [id]: ref(`#/components/messages/${id}`) },
      bindings: { kafka: { topic, bindingVersion: '0.5.0' } },
    };
    operations[`send${id}`] = {
      action: 'send',
      title: `Publish ${topic}`,
      channel: ref(`#/channels/${topic}`),
      messages: [ref(`#/channels/${topic}/messages/${id}`)],
    };

    const dlqChannel = `${topic}.dlq`;
    const dlqId = `${id}DeadLetter`;
    messages[dlqId] = {
      name: `${type.name}DeadLetter`,
      title: `${topic} (parked)`,
      summary: `A ${topic} event a consumer group could not handle, parked after its retries.`,
      contentType: EVENT_CONTENT_TYPE,
      headers: deadLetterHeadersSchema(topic),
      payload: ref(`#/components/schemas/${payloadName}`),
      bindings: { kafka: { key, bindingVersion: '0.5.0' } },
      'x-protobuf-message': EVENT_CATALOGUE[topic],
    };
    channels[dlqChannel] = {
      address: deadLetterTopic(topic, '{consumer}'),
      title: `${topic} dead letters`,
      description:
        `Where consumer group {consumer} parks a ${topic} event its handler kept failing on (or could not read), ` +
        'with the original key, value and headers. Nothing consumes it automatically: replay by hand after a fix.',
      parameters: { consumer: { description: 'The consumer group, e.g. photos, analysis, auth-plans, billing-accounts.' } },
      messages: { [dlqId]: ref(`#/components/messages/${dlqId}`) },
    };
    operations[`park${id}`] = {
      action: 'send',
      title: `A consumer group parks a ${topic} event it cannot handle`,
      channel: ref(`#/channels/${dlqChannel}`),
      messages: [ref(`#/channels/${dlqChannel}/messages/${dlqId}`)],
    };
  }

  return {
    asyncapi: '3.0.0',
    id: 'urn:wildframe:events',
    info: {
      title: 'Wildframe events',
      version: '1.0.0',
      description:
        'The Kafka topics of Wildframe, generated from proto/ts/catalogue.ts and proto/wildframe/**/*.proto ' +
        '(npm run asyncapi). Every record: key = aggregate id, value = the protobuf message named by ' +
        'x-protobuf-message, CloudEvents attributes as ce_* headers. Topic names end in .v<major>: a breaking ' +
        'change gets a new topic. Example consumer: npm run events:tail -- --topic photos.photo.liked.v1',
      license: { name: 'UNLICENSED' },
    },
    defaultContentType: EVENT_CONTENT_TYPE,
    servers: {
      kafka: {
        host: '{brokers}',
        protocol: 'kafka',
        description: "The cluster the services use: KAFKA_BROKERS (the chart's kafka.brokers).",
        variables: { brokers: { default: 'kafka:9092', description: 'host:port of a broker' } },
      },
    },
    channels,
    operations,
    components: { schemas, messages },
  };
}

/** The document as checked in: stable key order, two-space indent, final newline. */
export function renderAsyncApiDocument(codec?: EventCodec): string {
  return `${JSON.stringify(buildAsyncApiDocument(codec), null, 2)}\n`;
}
