import { createCipheriv, createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  InvalidObjectKeyError,
  InvalidObjectMetadataError,
  ObjectNotFoundError,
  type ObjectInfo,
  type ObjectStorage,
  type PutOptions,
} from './object-storage';

export interface ObjectStorageFixture {
  /** A storage that holds no objects yet. */
  storage: ObjectStorage;
  cleanup(): Promise<void>;
}

export interface ObjectStorageContractOptions {
  /**
   * Why the backend under test cannot keep racing writes to one key apart, which skips that test
   * (visibly). For test servers only: s3rver writes an object in place, where S3 itself is atomic.
   */
  racingWritesUnsupported?: string;
}

/**
 * The behaviour every ObjectStorage adapter must have, written once and run against each adapter
 * (see the `*-object-storage.spec.ts` files). `factory` is called before every test and must give
 * an empty storage. Etag values are compared within one adapter only: adapters compute them
 * differently.
 */
export function describeObjectStorageContract(
  name: string,
  factory: () => Promise<ObjectStorageFixture>,
  options: ObjectStorageContractOptions = {},
): void {
  describe(`${name} (ObjectStorage contract)`, () => {
    let fixture: ObjectStorageFixture | undefined;
    let storage: ObjectStorage;

    beforeEach(async () => {
      fixture = await factory();
      storage = fixture.storage;
    });

    afterEach(async () => {
      await fixture?.cleanup();
      fixture = undefined;
    });

    describe('put and get', () => {
      it('returns the bytes, size, content type and metadata a Buffer was put with', async () => {
        const bytes = Buffer.concat([Buffer.from([0, 255, 0, 13, 10]), pseudoRandomBytes('buffer', 4096)]);
        const options: PutOptions = {
          contentType: 'image/jpeg',
          metadata: { 'owner-id': 'user-123', 'original-name': encodeURIComponent('Fox in snow.jpg') },
        };

        const put = await storage.put('photos/original.jpg', bytes, options);
        const got = await storage.get('photos/original.jpg');

        expectSameBytes(await readAll(got.body), bytes);
        for (const info of [put, got, await storage.head('photos/original.jpg')]) {
          expect(info).toMatchObject({ key: 'photos/original.jpg', size: bytes.length, ...options });
          expect(info?.lastModified).toBeInstanceOf(Date);
        }
        expect(put.etag).toMatch(/^[^"\s]+$/);
        expect(got.etag).toBe(put.etag);
      });

      it('defaults the content type to application/octet-stream and the metadata to none', async () => {
        await storage.put('plain.bin', Buffer.from('x'));

        expect(await storage.head('plain.bin')).toMatchObject({ contentType: 'application/octet-stream', metadata: {} });
      });

      it('stores empty objects from a Buffer and from a stream', async () => {
        await storage.put('empty/buffer', Buffer.alloc(0));
        await storage.put('empty/stream', Readable.from([]));

        for (const key of ['empty/buffer', 'empty/stream']) {
          const got = await storage.get(key);
          expect(await readAll(got.body)).toEqual(Buffer.alloc(0));
          expect(got.size).toBe(0);
        }
      });

      it('round-trips a multi-megabyte stream byte for byte', async () => {
        // Large enough to span several parts where an adapter uploads in parts, and cut into
        // chunks that do not line up with any power of two.
        const size = 19 * 1024 * 1024 + 12_345;
        const expected = sha256(pseudoRandomBytes('large', size));

        const put = await storage.put('large/stream.bin', pseudoRandomStream('large', size, 65_536 + 7), {
          contentType: 'application/x-test',
        });
        const got = await storage.get('large/stream.bin');
        const bytes = await readAll(got.body);

        expect({ size: bytes.length, sha256: sha256(bytes) }).toEqual({ size, sha256: expected });
        expect(put.size).toBe(size);
        expect(got).toMatchObject({ size, etag: put.etag, contentType: 'application/x-test' });
      }, 60_000);

      it('stores a stream of strings as their UTF-8 bytes', async () => {
        await storage.put('text/greeting.txt', Readable.from(['héllo ', 'wörld 🦊']), { contentType: 'text/plain; charset=utf-8' });

        const got = await storage.get('text/greeting.txt');
        expect((await readAll(got.body)).toString('utf8')).toBe('héllo wörld 🦊');
        expect(got.size).toBe(Buffer.byteLength('héllo wörld 🦊'));
      });

      it('overwriting replaces content, content type and metadata, and changes the etag', async () => {
        const first = await storage.put('doc', Buffer.from('version one'), { contentType: 'text/plain', metadata: { a: '1' } });
        const second = await storage.put('doc', pseudoRandomStream('v2', 300_000, 10_000), {
          contentType: 'application/x-second',
          metadata: { b: '2' },
        });

        const got = await storage.get('doc');
        expectSameBytes(await readAll(got.body), pseudoRandomBytes('v2', 300_000));
        expect(second.etag).not.toBe(first.etag);
        expect(got).toMatchObject({ etag: second.etag, size: 300_000, contentType: 'application/x-second' });
        expect(got.metadata).toEqual({ b: '2' });
      });

      it('gives equal content an equal etag and different content of the same size a different one', async () => {
        const a = await storage.put('etag/a', Buffer.from('same bytes'));
        const b = await storage.put('etag/b', Buffer.from('same bytes'));
        const c = await storage.put('etag/c', Buffer.from('diff bytes'));

        expect(b.etag).toBe(a.etag);
        expect(c.etag).not.toBe(a.etag);
        expect((await storage.head('etag/a'))?.etag).toBe(a.etag);
      });

      if (options.racingWritesUnsupported) console.warn(`SKIPPED: ${name}: racing puts to one key — ${options.racingWritesUnsupported}`);
      const racing = options.racingWritesUnsupported ? it.skip : it;
      racing(`leaves one complete version when puts to one key race${options.racingWritesUnsupported ? ` (skipped: ${options.racingWritesUnsupported})` : ''}`, async () => {
        const contents = Array.from({ length: 8 }, (_, n) => pseudoRandomBytes(`race-${n}`, 200_000));
        const puts = await Promise.all(
          contents.map((content, n) => storage.put('race', Readable.from([content]), { metadata: { writer: String(n) } })),
        );

        const got = await storage.get('race');
        const bytes = await readAll(got.body);
        const winner = contents.findIndex((content) => content.equals(bytes));
        expect(winner).toBeGreaterThanOrEqual(0);
        expect(got).toMatchObject({ etag: puts[winner].etag, metadata: { writer: String(winner) } });
        expect(await storage.head('race')).toMatchObject({ etag: puts[winner].etag, metadata: { writer: String(winner) } });
      });
    });

    describe('missing objects', () => {
      it('head returns null and get throws ObjectNotFoundError naming the key', async () => {
        await storage.put('present/child', Buffer.from('x'));

        for (const key of ['absent', 'present', 'present/child/deeper']) {
          expect(await storage.head(key)).toBeNull();
          const error: unknown = await storage.get(key).catch((caught: unknown) => caught);
          expect(error).toBeInstanceOf(ObjectNotFoundError);
          expect(error).toMatchObject({ key });
        }
      });
    });

    describe('delete', () => {
      it('removes the object and only that object', async () => {
        for (const key of ['d/x', 'd/y', 'd/sub/z']) await storage.put(key, Buffer.from(key));

        await storage.delete('d/x');

        expect(await storage.head('d/x')).toBeNull();
        await expect(storage.get('d/x')).rejects.toBeInstanceOf(ObjectNotFoundError);
        expect(keysOf(await storage.list('d/'))).toEqual(['d/sub/z', 'd/y']);
      });

      it('is idempotent', async () => {
        await storage.put('gone', Buffer.from('x'));

        await storage.delete('gone');
        await expect(storage.delete('gone')).resolves.toBeUndefined();
        await expect(storage.delete('never/existed')).resolves.toBeUndefined();
      });

      it('lets a name that was a folder hold an object once the folder is emptied', async () => {
        await storage.put('folder/inner/leaf', Buffer.from('leaf'));
        await storage.delete('folder/inner/leaf');

        await storage.put('folder', Buffer.from('now an object'));

        expect(keysOf(await storage.list(''))).toEqual(['folder']);
      });
    });

    describe('list', () => {
      const keys = [
        'list/a/b/c/one.txt',
        'list/a/b/c/two.txt',
        'list/a/b/three.txt',
        'list/a/bb/four.txt',
        'list/ab.txt',
        'list/b/five.txt',
        'other/six.txt',
      ];

      beforeEach(async () => {
        // Reversed, so that insertion order cannot pass for sorting.
        for (const key of [...keys].reverse()) await storage.put(key, Buffer.from(`content of ${key}`), { metadata: { k: 'v' } });
      });

      it('returns the objects under a folder prefix, at every depth, sorted', async () => {
        expect(keysOf(await storage.list('list/a/'))).toEqual([
          'list/a/b/c/one.txt',
          'list/a/b/c/two.txt',
          'list/a/b/three.txt',
          'list/a/bb/four.txt',
        ]);
        expect(keysOf(await storage.list('list/a/b/c/'))).toEqual(['list/a/b/c/one.txt', 'list/a/b/c/two.txt']);
      });

      it('treats the prefix as a plain string prefix, not only a folder', async () => {
        expect(keysOf(await storage.list('list/a/b'))).toEqual([
          'list/a/b/c/one.txt',
          'list/a/b/c/two.txt',
          'list/a/b/three.txt',
          'list/a/bb/four.txt',
        ]);
        expect(keysOf(await storage.list('list/a'))).toEqual([...keys.slice(0, 4), 'list/ab.txt']);
        expect(keysOf(await storage.list('list/a/b/c/t'))).toEqual(['list/a/b/c/two.txt']);
        expect(keysOf(await storage.list('list/a/b/three.txt'))).toEqual(['list/a/b/three.txt']);
      });

      it("lists everything for '' and nothing for a prefix nothing matches", async () => {
        expect(keysOf(await storage.list(''))).toEqual(keys);
        expect(await storage.list('list/z')).toEqual([]);
        expect(await storage.list('nothing/here/')).toEqual([]);
      });

      it('describes each object as head does', async () => {
        const listed = await storage.list('list/b/');

        expect(listed).toHaveLength(1);
        const head = await storage.head('list/b/five.txt');
        expect(listed[0]).toMatchObject({
          key: 'list/b/five.txt',
          size: Buffer.byteLength('content of list/b/five.txt'),
          etag: head?.etag,
          contentType: 'application/octet-stream',
          metadata: { k: 'v' },
        });
      });
    });

    it('sorts listings by UTF-8 bytes, as S3 does', async () => {
      const expected = ['sort/B', 'sort/a', 'sort/a-b', 'sort/b/c', 'sort/é', 'sort/｡', 'sort/😀'];
      for (const key of ['sort/😀', 'sort/a-b', 'sort/｡', 'sort/B', 'sort/é', 'sort/b/c', 'sort/a']) {
        await storage.put(key, Buffer.from(key));
      }

      // UTF-16 order would put '😀' (a surrogate pair) before '｡' (U+FF61).
      expect(keysOf(await storage.list('sort/'))).toEqual(expected);
    });

    it('lists every object when there are more than fit in one page', async () => {
      const many = Array.from({ length: 25 }, (_, index) => `many/${String(index).padStart(2, '0')}`);
      await Promise.all(many.map((key) => storage.put(key, Buffer.from(key))));

      expect(keysOf(await storage.list('many/'))).toEqual(many);
    });

    describe('keys', () => {
      it('accepts spaces, Unicode and URL-special characters', async () => {
        const keys = [
          'with space/my photo (1).jpg',
          'unicode/café/北海道 🦊.jpg',
          "specials/a+b=c&d?e#f%20g~h!'*,;:@$.txt",
          'dots/.hidden',
          'dots/...',
          'dots/a..b',
        ];
        for (const key of keys) await storage.put(key, Buffer.from(`body of ${key}`));

        for (const key of keys) {
          const got = await storage.get(key);
          expect((await readAll(got.body)).toString()).toBe(`body of ${key}`);
          expect(got.key).toBe(key);
        }
        expect(keysOf(await storage.list(''))).toEqual([...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
        for (const key of keys) await storage.delete(key);
        expect(await storage.list('')).toEqual([]);
      });

      it.each([
        ['empty', ''],
        ['absolute', '/etc/passwd'],
        ['parent segment', 'a/../b'],
        ['leading parent segment', '../escape'],
        ['only a parent segment', '..'],
        ['current segment', 'a/./b'],
        ['empty segment', 'a//b'],
        ['trailing slash', 'folder/'],
        ['backslash', 'a\\b'],
        ['NUL', 'nul\0byte'],
        ['newline', 'new\nline'],
        ['lone surrogate', 'broken\ud800'],
        ['overlong segment', 'x'.repeat(256)],
        ['overlong key', `${'abcdefghi/'.repeat(103)}x`],
      ])('refuses a key with %s and writes nothing', async (_case, key) => {
        await expect(storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(storage.head(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);

        expect(await storage.list('')).toEqual([]);
      });

      it('refuses list prefixes that cannot start a valid key', async () => {
        for (const prefix of ['/abs', '../', 'a/../', 'a//', 'a\\', 'a\0']) {
          await expect(storage.list(prefix)).rejects.toBeInstanceOf(InvalidObjectKeyError);
        }
      });

      it('accepts a prefix whose last, unfinished segment looks like a dot segment', async () => {
        await storage.put('a/..b', Buffer.from('x'));
        await storage.put('..c', Buffer.from('y'));

        expect(keysOf(await storage.list('a/..'))).toEqual(['a/..b']);
        expect(keysOf(await storage.list('..'))).toEqual(['..c']);
        expect(keysOf(await storage.list('a/.'))).toEqual(['a/..b']);
      });
    });

    it.each<[string, PutOptions]>([
      ['an upper-case metadata name', { metadata: { OwnerId: 'u1' } }],
      ['an underscore in a metadata name', { metadata: { owner_id: 'u1' } }],
      ['a non-ASCII metadata value', { metadata: { title: 'Renard roux à l’aube' } }],
      ['a metadata value with surrounding spaces', { metadata: { title: ' padded ' } }],
      ['metadata over 2 KiB', { metadata: { big: 'x'.repeat(2100) } }],
      ['a content type with a line break', { contentType: 'text/plain\r\nx-injected: 1' }],
      ['a content type that is not a media type', { contentType: 'jpeg' }],
    ])('refuses %s and writes nothing', async (_case, options) => {
      await expect(storage.put('meta/key', Buffer.from('x'), options)).rejects.toBeInstanceOf(InvalidObjectMetadataError);

      expect(await storage.head('meta/key')).toBeNull();
    });
  });
}

export function keysOf(infos: readonly ObjectInfo[]): string[] {
  return infos.map((info) => info.key);
}

export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/** Compares by length and digest: Jest's deep equality walks a Buffer byte by byte, slowly. */
export function expectSameBytes(actual: Buffer, expected: Buffer): void {
  expect({ size: actual.length, sha256: sha256(actual) }).toEqual({ size: expected.length, sha256: sha256(expected) });
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Deterministic bytes (AES-CTR keystream of the seed): the same seed and size give the same bytes. */
export function pseudoRandomBytes(seed: string, size: number): Buffer {
  return keystream(seed).update(Buffer.alloc(size));
}

/**
 * The same bytes as `pseudoRandomBytes(seed, size)`, generated while being read, `chunkSize` at a
 * time, as a byte stream (not object mode) like an HTTP request body.
 */
export function pseudoRandomStream(seed: string, size: number, chunkSize: number): Readable {
  const cipher = keystream(seed);
  let remaining = size;
  return new Readable({
    read() {
      const length = Math.min(chunkSize, remaining);
      remaining -= length;
      this.push(length > 0 ? cipher.update(Buffer.alloc(length)) : null);
    },
  });
}

function keystream(seed: string) {
  const key = createHash('sha256').update(seed).digest().subarray(0, 16);
  return createCipheriv('aes-128-ctr', key, Buffer.alloc(16));
}
