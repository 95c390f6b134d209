import { CreateBucketCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { startLocalS3Server } from './local-s3-server';
import { describeObjectStorageContract, expectSameBytes, keysOf, pseudoRandomBytes, pseudoRandomStream, readAll } from './object-storage.contract';
import { ObjectNotFoundError } from './object-storage';
import { MULTIPART_PART_SIZE, S3ObjectStorage } from './s3-object-storage';
import { ensureS3Bucket } from './s3-bucket';
import { createObjectStorage } from './storage.config';
import { describeWithServer, s3TestServer } from '../testing/test-servers';

/** An S3-compatible server with an empty bucket for this file. */
interface S3TestTarget {
  endpoint: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  bucket: string;
  stop(): Promise<void>;
}

/**
 * The S3 adapter's tests, run against two servers: s3rver (in-process, always there) and MinIO
 * (the server k8s/dev-infra deploys, started for the run by the platform's jest global setup).
 */
function describeS3ObjectStorage(
  server: string,
  startTarget: () => Promise<S3TestTarget>,
  options: { racingWritesUnsupported?: string; ignoresCredentials?: string } = {},
): void {
  // Hooks and state of one server, kept apart from the other server's.
  describe(`on ${server}`, () => {
    let target: S3TestTarget;
    let client: S3Client;
    let BUCKET: string;
    let CREDENTIALS: S3TestTarget['credentials'];
    // Each test gets its own folder of the bucket, so it starts with an empty storage.
    let run = 0;

    beforeAll(async () => {
      target = await startTarget();
      ({ bucket: BUCKET, credentials: CREDENTIALS } = target);
      client = new S3Client({ endpoint: target.endpoint, region: target.region, forcePathStyle: true, credentials: CREDENTIALS });
    }, 30_000);

    afterAll(async () => {
      client?.destroy();
      await target?.stop();
    });

    function newStorage(options: { bucket?: string; keyPrefix?: string } = {}): S3ObjectStorage {
      return new S3ObjectStorage({
        client,
        bucket: options.bucket ?? BUCKET,
        keyPrefix: options.keyPrefix ?? `run-${++run}/`,
        // Small pages, so that listing walks several continuation tokens.
        listPageSize: 10,
      });
    }

    describeObjectStorageContract(
      `S3ObjectStorage on ${server}`,
      async () => ({
        storage: newStorage(),
        // Nothing to remove: the next test uses another folder and the server's folder goes in afterAll.
        cleanup: async () => undefined,
      }),
      options,
    );

    /** Streams `goodBytes` bytes, then fails as a dropped upload connection would. */
    function streamFailingAfter(goodBytes: number): Readable {
      let sent = false;
      return new Readable({
        read() {
          if (!sent) {
            sent = true;
            this.push(pseudoRandomBytes('partial', goodBytes));
          } else {
            this.destroy(new Error('connection reset'));
          }
        },
      });
    }

    /** What an S3 client sent: command names and, for parts and puts, their sizes. */
    interface SentCommand {
      command: string;
      contentLength?: number;
    }

    /** A client for the same server that records each command it sends, in order. */
    function recordingClient(): { client: S3Client; sent: SentCommand[] } {
      const recording = new S3Client({ endpoint: target.endpoint, region: target.region, forcePathStyle: true, credentials: CREDENTIALS });
      const sent: SentCommand[] = [];
      recording.middlewareStack.add(
        (next, context) => async (args) => {
          const { ContentLength } = args.input as { ContentLength?: number };
          sent.push({ command: String(context.commandName), ...(ContentLength === undefined ? {} : { contentLength: ContentLength }) });
          return next(args);
        },
        { step: 'initialize', name: 'recordCommands' },
      );
      return { client: recording, sent };
    }

    describe(`S3ObjectStorage on ${server}`, () => {
      describe('stream uploads', () => {
        let recording: { client: S3Client; sent: SentCommand[] };
        let storage: S3ObjectStorage;

        beforeEach(() => {
          recording = recordingClient();
          storage = new S3ObjectStorage({ client: recording.client, bucket: BUCKET, keyPrefix: `run-${++run}/` });
        });

        afterEach(() => recording.client.destroy());

        it('uploads a stream longer than one part in 8 MiB parts', async () => {
          const size = 2 * MULTIPART_PART_SIZE + 1;

          const info = await storage.put('big.bin', pseudoRandomStream('parts', size, 100_000));

          expect(recording.sent).toEqual([
            { command: 'CreateMultipartUploadCommand' },
            { command: 'UploadPartCommand', contentLength: MULTIPART_PART_SIZE },
            { command: 'UploadPartCommand', contentLength: MULTIPART_PART_SIZE },
            { command: 'UploadPartCommand', contentLength: 1 },
            { command: 'CompleteMultipartUploadCommand' },
          ]);
          expect(info.size).toBe(size);
          expectSameBytes(await readAll((await storage.get('big.bin')).body), pseudoRandomBytes('parts', size));
        }, 60_000);

        it('sends a stream that fits in one part with a single PutObject', async () => {
          await storage.put('small.bin', pseudoRandomStream('one-part', MULTIPART_PART_SIZE, 65_536));

          expect(recording.sent).toEqual([{ command: 'PutObjectCommand', contentLength: MULTIPART_PART_SIZE }]);
          expect((await storage.head('small.bin'))?.size).toBe(MULTIPART_PART_SIZE);
        }, 60_000);

        it('aborts the multipart upload and leaves no object when the stream fails after a part', async () => {
          await expect(storage.put('broken.bin', streamFailingAfter(MULTIPART_PART_SIZE + 1024))).rejects.toThrow('connection reset');

          // The abort is sent (s3rver answers it 405, MinIO does it); the original error is reported.
          expect(recording.sent.map(({ command }) => command)).toEqual([
            'CreateMultipartUploadCommand',
            'UploadPartCommand',
            'AbortMultipartUploadCommand',
          ]);
          expect(await storage.head('broken.bin')).toBeNull();
        }, 60_000);
      });

      it('keeps its objects under keyPrefix and shows keys without it', async () => {
        const storage = newStorage({ keyPrefix: 'tenant-a/' });
        const neighbour = newStorage({ keyPrefix: 'tenant-b/' });

        await storage.put('photo.jpg', Buffer.from('a'));
        await neighbour.put('photo.jpg', Buffer.from('b'));

        const raw = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'tenant-a/photo.jpg' }));
        expect(raw.ContentLength).toBe(1);
        expect(keysOf(await storage.list(''))).toEqual(['photo.jpg']);
        expect((await readAll((await storage.get('photo.jpg')).body)).toString()).toBe('a');
      });

      it('reports a missing bucket as an error, not as a missing object', async () => {
        const storage = newStorage({ bucket: 'no-such-bucket' });

        const error: unknown = await storage.get('anything').catch((caught: unknown) => caught);

        expect(error).not.toBeInstanceOf(ObjectNotFoundError);
        expect(error).toMatchObject({ name: 'NoSuchBucket' });
      });

      it('refuses an unusable keyPrefix or page size', () => {
        expect(() => new S3ObjectStorage({ client, bucket: BUCKET, keyPrefix: 'no-slash' })).toThrow("must end with '/'");
        expect(() => new S3ObjectStorage({ client, bucket: BUCKET, keyPrefix: '../up/' })).toThrow('..');
        expect(() => new S3ObjectStorage({ client, bucket: BUCKET, listPageSize: 1001 })).toThrow('1 to 1000');
        expect(() => new S3ObjectStorage({ client, bucket: '' })).toThrow('bucket');
      });
    });

    describe(`the start-up check of a bucket (S3_CREATE_BUCKETS), on ${server}`, () => {
      const config = (bucket: string, credentials = CREDENTIALS) => ({
        driver: 's3' as const,
        bucket,
        endpoint: target.endpoint,
        region: target.region,
        forcePathStyle: true,
        ...credentials,
      });

      it('passes a bucket that is there', async () => {
        await expect(ensureS3Bucket(config(BUCKET), false)).resolves.toBe('exists');
      });

      it('names a missing bucket and what to do, and creates it only when allowed', async () => {
        const missing = `missing-${randomUUID()}`;
        await expect(ensureS3Bucket(config(missing), false)).rejects.toThrow(
          `The S3 bucket '${missing}' does not exist at ${target.endpoint}: create it, or set S3_CREATE_BUCKETS=true (chart: s3.createBuckets) to let the service create it at start-up`,
        );
        await expect(ensureS3Bucket(config(missing), true)).resolves.toBe('created');
        await expect(ensureS3Bucket(config(missing), true)).resolves.toBe('exists');
        const storage = createObjectStorage(config(missing));
        await storage.put('first.txt', Buffer.from('first'));
        expect(keysOf(await storage.list(''))).toEqual(['first.txt']);
      });

      (options.ignoresCredentials ? it.skip : it)(`says when the credentials may not use it${options.ignoresCredentials ? ` (skipped: ${options.ignoresCredentials})` : ''}`, async () => {
        const wrong = { accessKeyId: CREDENTIALS.accessKeyId, secretAccessKey: 'not-the-secret-key' };
        await expect(ensureS3Bucket(config(BUCKET, wrong), true)).rejects.toThrow(
          `No access to the S3 bucket '${BUCKET}' at ${target.endpoint} (403): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`,
        );
      });
    });

    describe(`createObjectStorage with the s3 driver, on ${server}`, () => {
      it('builds a storage that reaches the configured server and bucket', async () => {
        const storage = createObjectStorage({
          driver: 's3',
          bucket: BUCKET,
          endpoint: target.endpoint,
          region: target.region,
          forcePathStyle: true,
          keyPrefix: 'from-config/',
          ...CREDENTIALS,
        });

        await storage.put('hello.txt', Buffer.from('hello'), { contentType: 'text/plain' });

        const raw = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'from-config/hello.txt' }));
        expect(raw.ContentType).toBe('text/plain');
        expect((await readAll((await storage.get('hello.txt')).body)).toString()).toBe('hello');
      });
    });
  });
}

describeS3ObjectStorage(
  's3rver',
  async () => {
    const bucket = 'test-bucket';
    const local = await startLocalS3Server([bucket]);
    return { endpoint: local.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, bucket, stop: local.stop };
  },
  { racingWritesUnsupported: 's3rver writes racing puts into one file; S3 itself stores one of them whole', ignoresCredentials: 's3rver accepts any keys' },
);

describeWithServer('S3ObjectStorage on MinIO', s3TestServer(), (minio) => {
  describeS3ObjectStorage('MinIO', async () => {
    // A bucket of this file's own: the server may be shared (S3_TEST_ENDPOINT).
    const bucket = `test-${randomUUID()}`;
    const credentials = { accessKeyId: minio.accessKeyId, secretAccessKey: minio.secretAccessKey };
    const admin = new S3Client({ endpoint: minio.endpoint, region: minio.region, forcePathStyle: true, credentials });
    try {
      await admin.send(new CreateBucketCommand({ Bucket: bucket }));
    } finally {
      admin.destroy();
    }
    return { endpoint: minio.endpoint, region: minio.region, credentials, bucket, stop: async () => undefined };
  });
});
