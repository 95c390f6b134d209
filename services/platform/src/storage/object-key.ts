import { InvalidObjectKeyError } from './object-storage';

/** S3's limit on a whole key. */
export const MAX_OBJECT_KEY_BYTES = 1024;
/** Most filesystems' limit on one path segment (NAME_MAX); applied to every adapter so they agree. */
export const MAX_KEY_SEGMENT_BYTES = 255;

// In a `u` regex this only matches unpaired surrogates, which UTF-8 cannot encode: two such keys
// would be stored under the same bytes.
const LONE_SURROGATE = /[\ud800-\udfff]/u;

// C0 controls (NUL included) and DEL: they break file names, S3's XML listings and log lines.
function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function characterProblem(value: string): string | null {
  if (value.startsWith('/')) return 'must be relative (no leading /)';
  if (value.includes('\\')) return 'must not contain a backslash';
  if (hasControlCharacter(value)) return 'must not contain control characters (NUL included)';
  if (LONE_SURROGATE.test(value)) return 'must be well-formed Unicode';
  if (Buffer.byteLength(value, 'utf8') > MAX_OBJECT_KEY_BYTES) {
    return `must be at most ${MAX_OBJECT_KEY_BYTES} bytes in UTF-8`;
  }
  return null;
}

// Empty, '.' and '..' segments would name the same file as another key (or a file outside the
// storage root) on a filesystem, so no adapter accepts them.
function segmentProblem(segment: string): string | null {
  if (segment === '') return 'must not contain empty segments (//)';
  if (segment === '.' || segment === '..') return "must not contain '.' or '..' segments";
  if (Buffer.byteLength(segment, 'utf8') > MAX_KEY_SEGMENT_BYTES) {
    return `each segment must be at most ${MAX_KEY_SEGMENT_BYTES} bytes in UTF-8`;
  }
  return null;
}

/** Why `key` is not a usable object key, or null when it is. */
export function objectKeyProblem(key: string): string | null {
  if (key === '') return 'must not be empty';
  const problem = characterProblem(key);
  if (problem) return problem;
  if (key.endsWith('/')) return "must not end with '/' (a folder is not an object)";
  for (const segment of key.split('/')) {
    const bad = segmentProblem(segment);
    if (bad) return bad;
  }
  return null;
}

export function assertValidObjectKey(key: string): void {
  const problem = objectKeyProblem(key);
  if (problem) throw new InvalidObjectKeyError(key, problem);
}

/**
 * A list prefix is any string that can start a valid key: '' lists everything, `photos/a` matches
 * `photos/a1.jpg` and `photos/a/b.jpg`. Every complete segment (followed by '/') must be valid,
 * because the filesystem adapter walks into those folders.
 */
export function assertValidKeyPrefix(prefix: string): void {
  if (prefix === '') return;
  const problem = characterProblem(prefix);
  if (problem) throw new InvalidObjectKeyError(prefix, problem);
  const completeSegments = prefix.split('/').slice(0, -1);
  for (const segment of completeSegments) {
    const bad = segmentProblem(segment);
    if (bad) throw new InvalidObjectKeyError(prefix, bad);
  }
}

/** A namespace (`photos/`) is a valid key followed by '/', so `namespace + key` is a valid key shape. */
export function assertValidNamespace(namespace: string): void {
  if (!namespace.endsWith('/')) {
    throw new InvalidObjectKeyError(namespace, "a namespace must end with '/'");
  }
  assertValidObjectKey(namespace.slice(0, -1));
}

/** Orders keys by their UTF-8 bytes, as S3 does (JavaScript's `<` compares UTF-16 code units). */
export function sortByKey<T extends { key: string }>(items: readonly T[]): T[] {
  return items
    .map((item) => ({ item, bytes: Buffer.from(item.key, 'utf8') }))
    .sort((a, b) => Buffer.compare(a.bytes, b.bytes))
    .map(({ item }) => item);
}
