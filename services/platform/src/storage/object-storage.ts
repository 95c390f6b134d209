import type { Readable } from 'node:stream';

/** What storage knows about one stored object. */
export interface ObjectInfo {
  key: string;
  /** Size in bytes. */
  size: number;
  /** Always set by the adapters here: `application/octet-stream` when the writer gave none. */
  contentType?: string;
  /**
   * Opaque validator, unquoted, that changes whenever the content changes (strong ETag material:
   * the HTTP edge adds the quotes). Equal content stored the same way through one adapter gives an
   * equal etag; values are not comparable across adapters.
   */
  etag: string;
  lastModified: Date;
  metadata: Record<string, string>;
}

export interface PutOptions {
  /** A media type such as `image/jpeg`; printable ASCII. Defaults to `application/octet-stream`. */
  contentType?: string;
  /**
   * Small string metadata kept with the object. Names are lower-case ASCII letters, digits and '-'
   * (S3 lower-cases names, so anything else would not read back the same); values are printable
   * ASCII without leading or trailing spaces (they travel as HTTP headers); 2 KiB in total.
   * Encode anything else (e.g. a user's file name) with `encodeURIComponent`.
   */
  metadata?: Record<string, string>;
}

export interface StoredObject extends ObjectInfo {
  /** The content. Read it to the end or destroy it: it holds a file or a connection open. */
  body: Readable;
}

/** Thrown by `get` when no object has that key. */
export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored object with key '${key}'`);
    this.name = 'ObjectNotFoundError';
  }
}

/** Thrown for a key that could escape its namespace or is otherwise unusable. */
export class InvalidObjectKeyError extends Error {
  constructor(
    readonly key: string,
    readonly reason: string,
  ) {
    super(`Invalid object key '${key}': ${reason}`);
    this.name = 'InvalidObjectKeyError';
  }
}

/** Thrown by `put` for a content type or metadata that could not be stored and read back as given. */
export class InvalidObjectMetadataError extends Error {
  constructor(readonly reason: string) {
    super(`Invalid object metadata: ${reason}`);
    this.name = 'InvalidObjectMetadataError';
  }
}

/**
 * Object storage port. Keys are '/'-separated relative paths (e.g. `originals/<uuid>.jpg`); the
 * rules are in `object-key.ts` and every method refuses a bad key with `InvalidObjectKeyError`
 * before touching anything.
 * Writes are atomic: a reader sees the old object or the new one, never a partial one.
 */
export interface ObjectStorage {
  /**
   * Stores `body` under `key`, replacing any object there. A stream body is consumed to its end;
   * if the put fails midway the stream has been destroyed and the previous object is untouched.
   */
  put(key: string, body: Buffer | Readable, options?: PutOptions): Promise<ObjectInfo>;
  get(key: string): Promise<StoredObject>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Idempotent: deleting a missing key succeeds. */
  delete(key: string): Promise<void>;
  /**
   * Every object whose key starts with `prefix` (a plain string prefix, not only a folder), sorted
   * by key in UTF-8 byte order, as S3 lists them. Reads every object's metadata: meant for
   * maintenance work on a bounded prefix (a photo's derivatives), not for paging through a bucket.
   */
  list(prefix: string): Promise<ObjectInfo[]>;
}

export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');
