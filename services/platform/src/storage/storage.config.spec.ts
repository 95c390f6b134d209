import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { FilesystemObjectStorage } from './filesystem-object-storage';
import { readAll } from './object-storage.contract';
import { S3ObjectStorage } from './s3-object-storage';
import { createObjectStorage, type ObjectStorageConfig } from './storage.config';

// The s3 driver reaching a real server is tested in s3-object-storage.spec.ts.
describe('createObjectStorage', () => {
  it('builds a filesystem storage that writes under the configured folder', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'wildframe-storage-config-'));
    try {
      const storage = createObjectStorage({ driver: 'filesystem', dir });
      await storage.put('hello.txt', Buffer.from('hello'));

      expect(storage).toBeInstanceOf(FilesystemObjectStorage);
      expect((await readAll((await new FilesystemObjectStorage(dir).get('hello.txt')).body)).toString()).toBe('hello');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('builds an S3 storage without contacting the server', () => {
    const storage = createObjectStorage({ driver: 's3', bucket: 'photos', region: 'eu-west-1', forcePathStyle: false });

    expect(storage).toBeInstanceOf(S3ObjectStorage);
  });

  it.each<[string, ObjectStorageConfig, string]>([
    ['an empty folder', { driver: 'filesystem', dir: '' }, 'needs a directory'],
    ['an empty bucket', { driver: 's3', bucket: '', region: 'us-east-1', forcePathStyle: true }, 'needs a bucket'],
    ['an empty region', { driver: 's3', bucket: 'b', region: '', forcePathStyle: true }, 'needs a region'],
    [
      'half a key pair',
      { driver: 's3', bucket: 'b', region: 'us-east-1', forcePathStyle: true, accessKeyId: 'id' },
      'both accessKeyId and secretAccessKey',
    ],
    ['an unknown driver', { driver: 'ftp' } as unknown as ObjectStorageConfig, "Unknown object storage driver 'ftp'"],
  ])('refuses %s with a clear message', (_case, config, message) => {
    expect(() => createObjectStorage(config)).toThrow(message);
  });
});
