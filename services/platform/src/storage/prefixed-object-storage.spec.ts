import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { FilesystemObjectStorage } from './filesystem-object-storage';
import { describeObjectStorageContract, keysOf, readAll } from './object-storage.contract';
import { InvalidObjectKeyError, ObjectNotFoundError } from './object-storage';
import { PrefixedObjectStorage } from './prefixed-object-storage';

describeObjectStorageContract('PrefixedObjectStorage over FilesystemObjectStorage', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'wildframe-prefixed-storage-'));
  return {
    storage: new PrefixedObjectStorage(new FilesystemObjectStorage(root), 'photos/'),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
});

describe('PrefixedObjectStorage', () => {
  let root: string;
  let shared: FilesystemObjectStorage;
  let photos: PrefixedObjectStorage;
  let auth: PrefixedObjectStorage;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'wildframe-prefixed-storage-'));
    shared = new FilesystemObjectStorage(root);
    photos = new PrefixedObjectStorage(shared, 'photos/');
    auth = new PrefixedObjectStorage(shared, 'auth/');
  });

  afterEach(() => rm(root, { recursive: true, force: true }));

  it('keeps each namespace to its own objects, under its prefix in the shared storage', async () => {
    await photos.put('avatar.png', Buffer.from('a photo'));
    await auth.put('avatar.png', Buffer.from('an avatar'));

    expect(keysOf(await shared.list(''))).toEqual(['auth/avatar.png', 'photos/avatar.png']);
    expect(keysOf(await photos.list(''))).toEqual(['avatar.png']);
    expect((await readAll((await photos.get('avatar.png')).body)).toString()).toBe('a photo');

    await auth.delete('avatar.png');
    expect(await photos.head('avatar.png')).toMatchObject({ key: 'avatar.png' });
  });

  it('reports errors with the key the service used, not the namespaced one', async () => {
    const notFound: unknown = await photos.get('missing.jpg').catch((caught: unknown) => caught);
    expect(notFound).toBeInstanceOf(ObjectNotFoundError);
    expect(notFound).toMatchObject({ key: 'missing.jpg' });

    // Valid alone, too long once the namespace is added: the inner storage refuses it.
    const nearlyTooLong = `${'abcdefghi/'.repeat(102)}abc`;
    const invalid: unknown = await photos.put(nearlyTooLong, Buffer.from('x')).catch((caught: unknown) => caught);
    expect(invalid).toBeInstanceOf(InvalidObjectKeyError);
    expect(invalid).toMatchObject({ key: nearlyTooLong });
  });

  it('refuses a namespace that is not a valid folder name', () => {
    for (const namespace of ['photos', '', '/photos/', '../', 'a//']) {
      expect(() => new PrefixedObjectStorage(shared, namespace)).toThrow(InvalidObjectKeyError);
    }
  });
});
