import { existsSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import * as protobuf from 'protobufjs';
import { EVENT_CATALOGUE, isTopic, type EventPayloads, type Topic } from './catalogue';

/**
 * Encodes and decodes event payloads with the protobuf messages of the catalogue.
 *
 * The `.proto` files are read at run time (once per process), never copied into TypeScript, so
 * the `.proto` files stay the only definition. Where they are found:
 *  1. `<this file's dir>/../wildframe` — `proto/ts/` → `proto/wildframe` in the source tree, and
 *     `dist/proto/ts/` → `dist/proto/wildframe` in a build: the build must copy `proto/wildframe`
 *     to `dist/proto/wildframe` (next to the compiled `dist/proto/ts`), and an image must ship it;
 *  2. `<this file's dir>/../../../proto/wildframe` — a compiled `dist/proto/ts/` still inside the
 *     work tree falls back to the source `.proto` files (a build that forgot to copy them).
 * A bundle that moves this file elsewhere passes the directory explicitly: `new EventCodec(dir)`.
 */

/** The payload does not match the topic's contract; nothing was encoded. */
export class InvalidEventPayloadError extends Error {
  constructor(
    readonly topic: string,
    readonly messageName: string,
    /** Dotted path of the offending field (camelCase), or undefined for the payload as a whole. */
    readonly field: string | undefined,
    readonly reason: string,
  ) {
    super(
      `Invalid payload for topic '${topic}' (${messageName})` +
        (field === undefined ? `: ${reason}` : `: field '${field}' ${reason}`),
    );
    this.name = 'InvalidEventPayloadError';
  }
}

/** The bytes are not a valid encoding of the topic's message. */
export class EventDecodeError extends Error {
  constructor(
    readonly topic: string,
    reason: string,
  ) {
    super(`Cannot decode event of topic '${topic}': ${reason}`);
    this.name = 'EventDecodeError';
  }
}

/** The topic is not in the catalogue. */
export class UnknownTopicError extends Error {
  constructor(readonly topic: string) {
    super(`Unknown event topic '${topic}': it is not in the catalogue (proto/ts/catalogue.ts)`);
    this.name = 'UnknownTopicError';
  }
}

const PROTO_PACKAGE_DIR = 'wildframe';
const ENVELOPE_FILE = path.join(PROTO_PACKAGE_DIR, 'events', 'v1', 'envelope.proto');

/** Directories (each holding `wildframe/`) searched for the `.proto` files, in order. */
export function protoRootCandidates(fromDir: string = __dirname): string[] {
  return [path.resolve(fromDir, '..'), path.resolve(fromDir, '..', '..', '..', 'proto')];
}

/** The first candidate directory holding the contracts; throws listing the places searched. */
export function resolveProtoRoot(fromDir: string = __dirname): string {
  const candidates = protoRootCandidates(fromDir);
  const found = candidates.find((dir) => existsSync(path.join(dir, ENVELOPE_FILE)));
  if (found === undefined) {
    throw new Error(
      `Event contracts not found: no ${ENVELOPE_FILE} under ${candidates.join(' or ')}. ` +
        `A build must copy proto/wildframe next to the compiled proto/ts (dist/proto/wildframe).`,
    );
  }
  return found;
}

function listProtoFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return listProtoFiles(full);
      return entry.isFile() && entry.name.endsWith('.proto') ? [full] : [];
    })
    .sort();
}

const TO_OBJECT_OPTIONS: protobuf.IConversionOptions = { longs: String, enums: String, defaults: true };

export class EventCodec {
  /** The loaded protobuf definitions (every `.proto` under `<protoRoot>/wildframe`). */
  readonly root: protobuf.Root;
  private readonly types = new Map<Topic, protobuf.Type>();

  constructor(readonly protoRoot: string = resolveProtoRoot()) {
    const root = new protobuf.Root();
    // Imports are written relative to the proto root (`import "wildframe/events/v1/…"`).
    root.resolvePath = (_origin, target) => (path.isAbsolute(target) ? target : path.join(protoRoot, target));
    // alternateCommentMode keeps the `//` comments, which proto/asyncapi.json uses as descriptions.
    root.loadSync(listProtoFiles(path.join(protoRoot, PROTO_PACKAGE_DIR)), { keepCase: false, alternateCommentMode: true });
    root.resolveAll();
    this.root = root;
    for (const [topic, messageName] of Object.entries(EVENT_CATALOGUE) as [Topic, string][]) {
      const type = root.lookup(messageName);
      if (!(type instanceof protobuf.Type)) {
        throw new Error(`Catalogue topic '${topic}' names message ${messageName}, which no .proto file defines`);
      }
      this.types.set(topic, type);
    }
  }

  /** The protobuf message type of a topic's payload. */
  typeOf(topic: Topic): protobuf.Type {
    const type = isTopic(topic) ? this.types.get(topic) : undefined;
    if (type === undefined) throw new UnknownTopicError(topic);
    return type;
  }

  /**
   * Encodes a payload after checking it against the contract: every field present with the
   * contract's type, no field the contract does not know (a typo would otherwise vanish silently).
   */
  encode<T extends Topic>(topic: T, payload: EventPayloads[T]): Buffer {
    const type = this.typeOf(topic);
    const messageName = EVENT_CATALOGUE[topic];
    checkShape(topic, messageName, type, payload);
    const problem = type.verify(payload as unknown as Record<string, unknown>);
    if (problem !== null) {
      const match = /^([\w.[\]]+): (.*)$/.exec(problem);
      throw new InvalidEventPayloadError(topic, messageName, match?.[1], match?.[2] ?? problem);
    }
    const bytes = type.encode(type.fromObject(payload as unknown as Record<string, unknown>)).finish();
    return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /**
   * A payload stored before fields were added to its message (an outbox entry written by the
   * previous version, published after an upgrade), with those fields at their proto3 defaults, as
   * a reader of the old bytes sees them. Fields present are left as they are; `encode` still checks
   * them. Anything that is not an object is returned unchanged (and refused by `encode`).
   */
  withAddedFields<T extends Topic>(topic: T, stored: unknown): EventPayloads[T] {
    if (!isPlainObject(stored)) return stored as EventPayloads[T];
    const type = this.typeOf(topic);
    const defaults = type.toObject(type.create(), TO_OBJECT_OPTIONS);
    const filled: Record<string, unknown> = { ...stored };
    for (const field of type.fieldsArray) {
      if (filled[field.name] === undefined && defaults[field.name] != null) filled[field.name] = defaults[field.name];
    }
    return filled as unknown as EventPayloads[T];
  }

  /** Decodes bytes into a fresh plain object with every field (defaults for absent ones). */
  decode<T extends Topic>(topic: T, bytes: Uint8Array): EventPayloads[T] {
    const type = this.typeOf(topic);
    let message: protobuf.Message;
    try {
      // A plain Uint8Array view, not a Buffer: protobufjs's Buffer reader silently truncates a
      // string whose length runs past the end, its plain reader reports it.
      message = type.decode(protobuf.Reader.create(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
    } catch (error) {
      throw new EventDecodeError(topic, error instanceof Error ? error.message : String(error));
    }
    return type.toObject(message, TO_OBJECT_OPTIONS) as EventPayloads[T];
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

/** Unknown and missing fields, recursively; `verify` checks the types of the fields present. */
function checkShape(topic: string, messageName: string, type: protobuf.Type, value: unknown, at?: string): void {
  const pathOf = (name: string): string => (at === undefined ? name : `${at}.${name}`);
  if (!isPlainObject(value)) {
    throw new InvalidEventPayloadError(topic, messageName, at, 'must be an object');
  }
  for (const key of Object.keys(value)) {
    if (type.fields[key] === undefined) {
      throw new InvalidEventPayloadError(topic, messageName, pathOf(key), 'is not in the contract');
    }
  }
  for (const field of type.fieldsArray) {
    const fieldPath = pathOf(field.name);
    const fieldValue = value[field.name];
    if (fieldValue === undefined || fieldValue === null) {
      throw new InvalidEventPayloadError(topic, messageName, fieldPath, 'is missing');
    }
    if (!(field.resolvedType instanceof protobuf.Type)) continue;
    const nested = field.resolvedType;
    if (field.map) {
      if (isPlainObject(fieldValue)) {
        for (const [key, item] of Object.entries(fieldValue)) checkShape(topic, messageName, nested, item, `${fieldPath}.${key}`);
      }
    } else if (field.repeated) {
      if (Array.isArray(fieldValue)) {
        fieldValue.forEach((item, index) => checkShape(topic, messageName, nested, item, `${fieldPath}[${index}]`));
      }
    } else {
      checkShape(topic, messageName, nested, fieldValue, fieldPath);
    }
  }
}

let defaultCodec: EventCodec | undefined;

/** The process-wide codec, loading the `.proto` files on first use. */
export function eventCodec(): EventCodec {
  defaultCodec ??= new EventCodec();
  return defaultCodec;
}

/** Encodes a payload for a topic; throws `InvalidEventPayloadError` naming the field when it does not match. */
export function encodeEvent<T extends Topic>(topic: T, payload: EventPayloads[T]): Buffer {
  return eventCodec().encode(topic, payload);
}

/** Decodes a topic's payload bytes into a plain object with all defaults. */
export function decodeEvent<T extends Topic>(topic: T, bytes: Uint8Array): EventPayloads[T] {
  return eventCodec().decode(topic, bytes);
}
