import * as protobuf from 'protobufjs';
import { ENVELOPE_MESSAGE, EVENT_CATALOGUE, TOPICS, type Topic } from './catalogue';
import { eventCodec } from './codec';
import { EXAMPLE_PAYLOADS } from './examples';

// These tests hold the TypeScript side to the .proto files: the catalogue names real messages,
// every proto field is in the typed example (and so in the TS interface, via `satisfies`) with
// the JS type protobufjs gives it, and every proto message is reachable from the catalogue.

const codec = eventCodec();

/** JS type protobufjs's toObject({ longs: String, enums: String, defaults: true }) gives a scalar. */
function jsTypeOf(protoType: string): string {
  switch (protoType) {
    case 'string':
    case 'int64':
    case 'uint64':
    case 'sint64':
    case 'fixed64':
    case 'sfixed64':
      return 'string';
    case 'bool':
      return 'boolean';
    case 'double':
    case 'float':
    case 'int32':
    case 'uint32':
    case 'sint32':
    case 'fixed32':
    case 'sfixed32':
      return 'number';
    case 'bytes':
      return 'Buffer';
    default:
      throw new Error(`No JS type known for proto type '${protoType}'`);
  }
}

/** Problems found comparing a plain value with a message type, field by field (empty = matches). */
function mismatches(type: protobuf.Type, value: unknown, at: string): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${at}: object expected`];
  const record = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of Object.keys(record)) {
    if (type.fields[key] === undefined) problems.push(`${at}.${key}: not a field of ${type.fullName}`);
  }
  for (const field of type.fieldsArray) {
    const fieldAt = `${at}.${field.name}`;
    if (!(field.name in record)) {
      problems.push(`${fieldAt}: missing (proto field ${field.name} ${field.type})`);
      continue;
    }
    const checkOne = (item: unknown, itemAt: string): void => {
      if (field.resolvedType instanceof protobuf.Type) problems.push(...mismatches(field.resolvedType, item, itemAt));
      else if (field.resolvedType instanceof protobuf.Enum) {
        if (typeof item !== 'string') problems.push(`${itemAt}: enum name (string) expected`);
      } else {
        const expected = jsTypeOf(field.type);
        const actual = Buffer.isBuffer(item) ? 'Buffer' : typeof item;
        if (actual !== expected) problems.push(`${itemAt}: ${expected} expected for proto ${field.type}, got ${actual}`);
        if (expected === 'number' && /int|fixed/.test(field.type) && !Number.isInteger(item)) {
          problems.push(`${itemAt}: integer expected for proto ${field.type}`);
        }
      }
    };
    const fieldValue = record[field.name];
    if (field.map) {
      if (typeof fieldValue !== 'object' || fieldValue === null) problems.push(`${fieldAt}: map (object) expected`);
      else for (const [key, item] of Object.entries(fieldValue)) checkOne(item, `${fieldAt}.${key}`);
    } else if (field.repeated) {
      if (!Array.isArray(fieldValue)) problems.push(`${fieldAt}: array expected`);
      else fieldValue.forEach((item, index) => checkOne(item, `${fieldAt}[${index}]`));
    } else {
      checkOne(fieldValue, fieldAt);
    }
  }
  return problems;
}

function allMessageTypes(namespace: protobuf.NamespaceBase): protobuf.Type[] {
  return namespace.nestedArray.flatMap((nested) => {
    if (nested instanceof protobuf.Type) return [nested, ...allMessageTypes(nested)];
    if (nested instanceof protobuf.Namespace) return allMessageTypes(nested);
    return [];
  });
}

/** A message type and every message type its fields use, recursively. */
function reachableTypes(type: protobuf.Type, seen = new Set<protobuf.Type>()): Set<protobuf.Type> {
  if (seen.has(type)) return seen;
  seen.add(type);
  for (const field of type.fieldsArray) {
    if (field.resolvedType instanceof protobuf.Type) reachableTypes(field.resolvedType, seen);
  }
  return seen;
}

describe('event catalogue', () => {
  it('follows the topic naming rule <service>.<entity>.<event>.v<major>', () => {
    const badNames = TOPICS.filter((topic) => !/^[a-z]+\.[a-z]+(-[a-z]+)*\.[a-z]+(-[a-z]+)*\.v\d+$/.test(topic));
    expect(badNames).toEqual([]);
    // The message lives in the package of the service that owns the topic.
    const wrongPackage = TOPICS.filter((topic) => !EVENT_CATALOGUE[topic].startsWith(`wildframe.${topic.split('.')[0]}.v`));
    expect(wrongPackage).toEqual([]);
  });

  it.each(TOPICS)('%s names a message defined in the .proto files', (topic) => {
    expect(codec.root.lookup(EVENT_CATALOGUE[topic])).toBeInstanceOf(protobuf.Type);
  });

  it.each(TOPICS)('%s: the typed example has every proto field with its JS type, and nothing else', (topic) => {
    expect(mismatches(codec.typeOf(topic), EXAMPLE_PAYLOADS[topic], topic)).toEqual([]);
  });

  it.each(TOPICS)('%s: the example round-trips through the codec unchanged', (topic: Topic) => {
    const example = EXAMPLE_PAYLOADS[topic];
    const decoded = codec.decode(topic, codec.encode(topic, example));
    expect(decoded).toEqual(example);
    expect(decoded).not.toBe(example);
  });

  it('covers every proto message: each is a topic payload, part of one, or the envelope', () => {
    const covered = new Set<protobuf.Type>();
    for (const topic of TOPICS) reachableTypes(codec.typeOf(topic), covered);
    const envelope = codec.root.lookupType(ENVELOPE_MESSAGE);
    const uncovered = allMessageTypes(codec.root)
      .filter((type) => type !== envelope && !covered.has(type) && !type.fullName.startsWith('.google.'))
      // Map fields generate no named type in protobufjs, so nothing else needs excluding.
      .map((type) => type.fullName.slice(1));
    expect(uncovered).toEqual([]);
  });

  it('gives every topic its own message', () => {
    const names = Object.values(EVENT_CATALOGUE);
    expect(new Set(names).size).toBe(names.length);
  });

  it('documents every CloudEvents attribute carried as a header in the envelope message', () => {
    const envelope = codec.root.lookupType(ENVELOPE_MESSAGE);
    const fields = Object.fromEntries(envelope.fieldsArray.map((field) => [field.name, field.type]));
    expect(fields).toMatchObject({
      id: 'string',
      source: 'string',
      type: 'string',
      time: 'string',
      subject: 'string',
      specversion: 'string',
      requestId: 'string',
      key: 'string',
      data: 'bytes',
    });
  });
});
