import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, type BigIntStats } from 'node:fs';
import { lstat, mkdir, open, readdir, readFile, rename, rm, rmdir, stat, unlink, type FileHandle } from 'node:fs/promises';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { assertValidKeyPrefix, assertValidObjectKey, objectKeyProblem, sortByKey } from './object-key';
import {
  InvalidObjectKeyError,
  ObjectNotFoundError,
  type ObjectInfo,
  type ObjectStorage,
  type PutOptions,
  type StoredObject,
} from './object-storage';
import { DEFAULT_CONTENT_TYPE, normalisePutOptions } from './put-options';
import { bufferChunks, mapWithConcurrency } from './stream-chunks';

/**
 * What the sidecar remembers about one version of an object's content. `ino` ties the record to
 * the data file it describes (the temp file's inode survives the rename into place).
 */
interface VersionRecord {
  ino: string;
  size: number;
  etag: string;
  contentType: string;
  metadata: Record<string, string>;
}

/**
 * The sidecar holds the new version and the one it replaces. It is renamed into place before the
 * data file, so whichever data file a reader finds (old or new, even after a crash between the two
 * renames) has its record here: content and metadata never disagree.
 */
interface Sidecar {
  format: 1;
  versions: VersionRecord[];
}

const LIST_CONCURRENCY = 16;
const RENAME_ATTEMPTS = 5;
/** Commits retried when a concurrent delete pruned the folders prepared for the put. */
const PUT_ATTEMPTS = 3;

/**
 * Object storage in a local folder, for the standalone shape:
 *
 * - `<root>/objects/<key>`: the content as a plain file, so an operator can open or back it up;
 * - `<root>/meta/<key>`: a JSON sidecar (content type, metadata, etag), never listed as an object;
 * - `<root>/tmp/`: writes in progress, renamed into place when complete (same filesystem, so the
 *   rename is atomic) after an fsync, so a crash never leaves a partial object.
 *
 * The etag is the hex SHA-256 of the content, computed while streaming: stable across restarts and
 * copies of the folder, and usable as a strong HTTP ETag.
 *
 * Limits of a filesystem: one key cannot be both an object and a folder (`a` and `a/b`), such a put
 * is refused with `InvalidObjectKeyError`; on case-insensitive filesystems (default macOS, Windows)
 * keys differing only in case share one file. Writes to one key are serialised within the process;
 * two processes must not share a root.
 */
export class FilesystemObjectStorage implements ObjectStorage {
  private readonly objectsRoot: string;
  private readonly metaRoot: string;
  private readonly tempRoot: string;
  private layoutReady: Promise<void> | undefined;

  constructor(rootDir: string) {
    const root = path.resolve(rootDir);
    this.objectsRoot = path.join(root, 'objects');
    this.metaRoot = path.join(root, 'meta');
    this.tempRoot = path.join(root, 'tmp');
  }

  async put(key: string, body: Buffer | Readable, options?: PutOptions): Promise<ObjectInfo> {
    assertValidObjectKey(key);
    const { contentType, metadata } = normalisePutOptions(options);
    await this.ensureLayout();
    await this.prepareFolders(key);
    const tempPath = this.newTempPath();
    try {
      const written = await writeDurably(tempPath, body);
      const record: VersionRecord = { ...written, contentType, metadata };
      for (let attempt = 1; ; attempt++) {
        try {
          return await withKeyLock(this.objectPath(key), () => this.commit(key, tempPath, record));
        } catch (error) {
          // A delete of the folder's last object prunes empty folders; if that happened between
          // preparing ours and committing, prepare them again (the temp file is elsewhere).
          if (!hasCode(error, 'ENOENT') || attempt >= PUT_ATTEMPTS || !(await exists(tempPath))) throw error;
          await this.prepareFolders(key);
        }
      }
    } finally {
      // After a successful commit the temp file has become the object and this is a no-op.
      await rm(tempPath, { force: true });
    }
  }

  async get(key: string): Promise<StoredObject> {
    assertValidObjectKey(key);
    let handle: FileHandle;
    try {
      handle = await open(this.objectPath(key), 'r');
    } catch (error) {
      if (hasCode(error, 'ENOENT', 'ENOTDIR', 'EISDIR')) throw new ObjectNotFoundError(key);
      throw error;
    }
    try {
      // Describing the open file, not the path, keeps the info and the body of one version even if
      // a put replaces the object meanwhile.
      const stats = await handle.stat({ bigint: true });
      if (!stats.isFile()) throw new ObjectNotFoundError(key);
      const info = await this.describe(key, stats);
      return { ...info, body: handle.createReadStream() };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    assertValidObjectKey(key);
    const stats = await statOrNull(this.objectPath(key));
    if (!stats?.isFile()) return null;
    return this.describe(key, stats);
  }

  async delete(key: string): Promise<void> {
    assertValidObjectKey(key);
    const objectPath = this.objectPath(key);
    const metaPath = this.metaPath(key);
    // Data first: once it is gone the object is gone for every reader; a sidecar left by a crash
    // here is ignored by reads and cleared by a later put that needs its place.
    await withKeyLock(objectPath, async () => {
      // A concurrent delete of a sibling may have pruned the folder already: nothing left to sync.
      if (await unlinkFileIfPresent(objectPath)) await fsyncDirectory(path.dirname(objectPath), { missingOk: true });
      await unlinkFileIfPresent(metaPath);
    });
    await pruneEmptyFolders(path.dirname(objectPath), this.objectsRoot);
    await pruneEmptyFolders(path.dirname(metaPath), this.metaRoot);
  }

  async list(prefix: string): Promise<ObjectInfo[]> {
    assertValidKeyPrefix(prefix);
    // Start in the deepest folder the prefix names in full: `photos/ab` starts in `photos/`.
    const cut = prefix.lastIndexOf('/');
    const keys: string[] = [];
    await this.collectKeys(cut === -1 ? '' : prefix.slice(0, cut), prefix, keys);
    const infos = await mapWithConcurrency(keys, LIST_CONCURRENCY, (key) => this.head(key));
    return sortByKey(infos.filter((info): info is ObjectInfo => info !== null));
  }

  private objectPath(key: string): string {
    return path.join(this.objectsRoot, ...key.split('/'));
  }

  private metaPath(key: string): string {
    return path.join(this.metaRoot, ...key.split('/'));
  }

  private newTempPath(): string {
    return path.join(this.tempRoot, `${randomUUID()}.tmp`);
  }

  private ensureLayout(): Promise<void> {
    this.layoutReady ??= Promise.all(
      [this.objectsRoot, this.metaRoot, this.tempRoot].map((dir) => mkdir(dir, { recursive: true })),
    ).then(
      () => undefined,
      (error: unknown) => {
        this.layoutReady = undefined;
        throw error;
      },
    );
    return this.layoutReady;
  }

  /** Creates the key's parent folders and refuses a key that collides with a folder or an object. */
  private async prepareFolders(key: string): Promise<void> {
    const conflict = new InvalidObjectKeyError(
      key,
      'this filesystem store cannot hold both an object and a folder of the same name (a and a/b)',
    );
    for (const [root, target] of [
      [this.objectsRoot, this.objectPath(key)],
      [this.metaRoot, this.metaPath(key)],
    ] as const) {
      try {
        await mkdir(path.dirname(target), { recursive: true });
      } catch (error) {
        if (!hasCode(error, 'ENOTDIR', 'EEXIST')) throw error;
        if (root !== this.metaRoot || !(await this.removeStaleSidecars(key))) throw conflict;
        await mkdir(path.dirname(target), { recursive: true });
      }
      if ((await statOrNull(target))?.isDirectory()) throw conflict;
    }
  }

  /** Removes sidecars left (by a crash during delete) on the key's ancestors; true if any was. */
  private async removeStaleSidecars(key: string): Promise<boolean> {
    const segments = key.split('/');
    let removed = false;
    for (let depth = 1; depth < segments.length; depth++) {
      const ancestor = segments.slice(0, depth).join('/');
      const objectPath = this.objectPath(ancestor);
      await withKeyLock(objectPath, async () => {
        if ((await statOrNull(objectPath))?.isFile()) return;
        if (await unlinkFileIfPresent(this.metaPath(ancestor))) removed = true;
      });
    }
    return removed;
  }

  private async commit(key: string, tempPath: string, record: VersionRecord): Promise<ObjectInfo> {
    const objectPath = this.objectPath(key);
    const metaPath = this.metaPath(key);
    const current = await statOrNull(objectPath);
    const previous = current?.isFile() ? matchingRecord(await this.readSidecar(metaPath), current, true) : null;
    await this.writeSidecar(metaPath, { format: 1, versions: previous ? [record, previous] : [record] });
    try {
      await renameIntoPlace(tempPath, objectPath);
    } catch (error) {
      if (hasCode(error, 'EISDIR', 'ENOTDIR', 'ENOTEMPTY', 'EEXIST')) {
        throw new InvalidObjectKeyError(key, 'a folder of the same name was created meanwhile');
      }
      throw error;
    }
    await fsyncDirectory(path.dirname(objectPath));
    return toInfo(key, await stat(objectPath, { bigint: true }), record);
  }

  private async describe(key: string, stats: BigIntStats): Promise<ObjectInfo> {
    const record = matchingRecord(await this.readSidecar(this.metaPath(key)), stats, false);
    if (record) return toInfo(key, stats, record);
    // No usable sidecar (a file dropped in by hand, a damaged sidecar): describe the bytes alone.
    const etag = await sha256OfFile(this.objectPath(key));
    return toInfo(key, stats, { ino: '', size: Number(stats.size), etag, contentType: DEFAULT_CONTENT_TYPE, metadata: {} });
  }

  private async readSidecar(metaPath: string): Promise<Sidecar | null> {
    let text: string;
    try {
      text = await readFile(metaPath, 'utf8');
    } catch (error) {
      if (hasCode(error, 'ENOENT', 'ENOTDIR', 'EISDIR')) return null;
      throw error;
    }
    try {
      const parsed: unknown = JSON.parse(text);
      return isSidecar(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }

  private async writeSidecar(metaPath: string, sidecar: Sidecar): Promise<void> {
    const tempPath = this.newTempPath();
    try {
      await writeDurably(tempPath, Buffer.from(JSON.stringify(sidecar)));
      await renameIntoPlace(tempPath, metaPath);
      await fsyncDirectory(path.dirname(metaPath));
    } finally {
      await rm(tempPath, { force: true });
    }
  }

  private async collectKeys(folderKey: string, prefix: string, into: string[]): Promise<void> {
    const folder = folderKey === '' ? this.objectsRoot : this.objectPath(folderKey);
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (hasCode(error, 'ENOENT', 'ENOTDIR')) return;
      throw error;
    }
    for (const entry of entries) {
      const key = folderKey === '' ? entry.name : `${folderKey}/${entry.name}`;
      if (entry.isDirectory() && (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`))) {
        await this.collectKeys(key, prefix, into);
      } else if (entry.isFile() && key.startsWith(prefix) && objectKeyProblem(key) === null) {
        into.push(key);
      }
    }
  }
}

/** Writes `body` to a new file, hashing and counting on the way, and syncs it to disk. */
async function writeDurably(filePath: string, body: Buffer | Readable): Promise<Pick<VersionRecord, 'ino' | 'size' | 'etag'>> {
  const handle = await open(filePath, 'wx');
  try {
    const hash = createHash('sha256');
    let size = 0;
    const chunks = Buffer.isBuffer(body) ? [body] : bufferChunks(body);
    for await (const chunk of chunks) {
      hash.update(chunk);
      size += chunk.length;
      await writeAll(handle, chunk);
    }
    await handle.sync();
    const stats = await handle.stat({ bigint: true });
    return { ino: stats.ino.toString(), size, etag: hash.digest('hex') };
  } finally {
    await handle.close();
  }
}

async function writeAll(handle: FileHandle, chunk: Buffer): Promise<void> {
  let offset = 0;
  while (offset < chunk.length) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset);
    offset += bytesWritten;
  }
}

/** rename(2), re-creating the destination folder if a concurrent delete pruned it meanwhile. */
async function renameIntoPlace(source: string, destination: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await rename(source, destination);
      return;
    } catch (error) {
      if (!hasCode(error, 'ENOENT') || attempt >= RENAME_ATTEMPTS || !(await statOrNull(source))) throw error;
      await mkdir(path.dirname(destination), { recursive: true });
    }
  }
}

/** Makes a rename or unlink in `dir` durable; some platforms cannot sync a folder, which is fine. */
async function fsyncDirectory(dir: string, options: { missingOk?: boolean } = {}): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (error) {
    if (options.missingOk && hasCode(error, 'ENOENT')) return;
    if (!hasCode(error, 'EISDIR', 'EPERM', 'EINVAL', 'ENOTSUP', 'EBADF')) throw error;
  } finally {
    await handle?.close();
  }
}

/** Removes empty folders from `dir` up to (not including) `root`; best effort, as it only tidies. */
async function pruneEmptyFolders(dir: string, root: string): Promise<void> {
  for (let current = dir; current.startsWith(root + path.sep); current = path.dirname(current)) {
    try {
      await rmdir(current);
    } catch (error) {
      if (!hasCode(error, 'ENOENT')) return;
    }
  }
}

async function exists(filePath: string): Promise<boolean> {
  return (await lstatOrNull(filePath)) !== null;
}

async function unlinkFileIfPresent(filePath: string): Promise<boolean> {
  const stats = await lstatOrNull(filePath);
  if (!stats?.isFile()) return false;
  try {
    await unlink(filePath);
    return true;
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return false;
    throw error;
  }
}

async function statOrNull(filePath: string): Promise<BigIntStats | null> {
  try {
    return await stat(filePath, { bigint: true });
  } catch (error) {
    if (hasCode(error, 'ENOENT', 'ENOTDIR')) return null;
    throw error;
  }
}

async function lstatOrNull(filePath: string): Promise<BigIntStats | null> {
  try {
    return await lstat(filePath, { bigint: true });
  } catch (error) {
    if (hasCode(error, 'ENOENT', 'ENOTDIR')) return null;
    throw error;
  }
}

async function sha256OfFile(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The record describing the data file `stats` came from: the one with its inode, else (when the
 * folder was copied or restored, which changes inodes) the newest one of the same size.
 */
function matchingRecord(sidecar: Sidecar | null, stats: BigIntStats, exactOnly: boolean): VersionRecord | null {
  if (!sidecar) return null;
  const size = Number(stats.size);
  const ino = stats.ino.toString();
  const exact = sidecar.versions.find((version) => version.ino === ino && version.size === size);
  if (exact || exactOnly) return exact ?? null;
  return sidecar.versions.find((version) => version.size === size) ?? null;
}

function toInfo(key: string, stats: BigIntStats, record: VersionRecord): ObjectInfo {
  return {
    key,
    size: Number(stats.size),
    contentType: record.contentType,
    etag: record.etag,
    // Built here rather than taken from `stats.mtime`, whose Date may come from another realm.
    lastModified: new Date(Number(stats.mtimeMs)),
    metadata: { ...record.metadata },
  };
}

function isSidecar(value: unknown): value is Sidecar {
  if (typeof value !== 'object' || value === null) return false;
  const { format, versions } = value as Partial<Record<keyof Sidecar, unknown>>;
  return format === 1 && Array.isArray(versions) && versions.every(isVersionRecord);
}

function isVersionRecord(value: unknown): value is VersionRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<Record<keyof VersionRecord, unknown>>;
  return (
    typeof record.ino === 'string' &&
    typeof record.size === 'number' &&
    typeof record.etag === 'string' &&
    typeof record.contentType === 'string' &&
    typeof record.metadata === 'object' &&
    record.metadata !== null &&
    Object.values(record.metadata).every((entry) => typeof entry === 'string')
  );
}

// Duck-typed rather than `instanceof Error`: errors from another realm (Jest's sandbox, a worker)
// fail that check.
function hasCode(error: unknown, ...codes: string[]): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && codes.includes(String(error.code));
}

// Serialises the commit and delete of one key within the process: two interleaved commits could
// otherwise pair one put's sidecar with the other put's data. Keyed by absolute path, so two
// instances over one root share it.
const keyLocks = new Map<string, Promise<void>>();

async function withKeyLock<T>(lockKey: string, task: () => Promise<T>): Promise<T> {
  const previous = keyLocks.get(lockKey) ?? Promise.resolve();
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  const mine = previous.then(() => done);
  keyLocks.set(lockKey, mine);
  await previous;
  try {
    return await task();
  } finally {
    release();
    if (keyLocks.get(lockKey) === mine) keyLocks.delete(lockKey);
  }
}
