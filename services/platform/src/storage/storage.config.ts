import { S3Client } from '@aws-sdk/client-s3';
import { FilesystemObjectStorage } from './filesystem-object-storage';
import type { ObjectStorage } from './object-storage';
import { S3ObjectStorage } from './s3-object-storage';

/** Standalone shape: objects in a local folder. */
export interface FilesystemStorageConfig {
  driver: 'filesystem';
  /** Root folder; a relative path resolves against the working directory. */
  dir: string;
}

/** Distributed shape: an S3 bucket, on AWS or an S3-compatible server. */
export interface S3StorageConfig {
  driver: 's3';
  bucket: string;
  /** URL of an S3-compatible server (MinIO, Ceph RGW…); omit for AWS. */
  endpoint?: string;
  region: string;
  /** Give both keys or neither; neither uses the SDK's default chain (pod or instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket name in the path instead of the host name, as most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** Keeps this deployment's objects under a folder of a shared bucket (`wildframe/`). */
  keyPrefix?: string;
}

export type ObjectStorageConfig = FilesystemStorageConfig | S3StorageConfig;

/**
 * Builds the storage adapter a validated config names. Pure: reads no environment, touches no disk
 * and opens no connection until the storage is used.
 */
export function createObjectStorage(config: ObjectStorageConfig): ObjectStorage {
  switch (config.driver) {
    case 'filesystem':
      if (!config.dir) throw new Error('Filesystem object storage needs a directory (dir)');
      return new FilesystemObjectStorage(config.dir);
    case 's3':
      return new S3ObjectStorage({ client: createS3Client(config), bucket: config.bucket, keyPrefix: config.keyPrefix });
    default: {
      // Reached only by a config that bypassed the types (e.g. parsed from a file).
      const unknownConfig: never = config;
      const driver = (unknownConfig as { driver?: unknown }).driver;
      throw new Error(`Unknown object storage driver '${String(driver)}': use 'filesystem' or 's3'`);
    }
  }
}

export function createS3Client(config: S3StorageConfig): S3Client {
  if (!config.region) throw new Error('S3 object storage needs a region');
  if (Boolean(config.accessKeyId) !== Boolean(config.secretAccessKey)) {
    throw new Error('S3 object storage needs both accessKeyId and secretAccessKey, or neither');
  }
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // S3-compatible servers do not all accept the CRC checksums newer SDKs add to every request
    // (older MinIO and Ceph RGW reject them); send them to AWS only.
    ...(config.endpoint ? ({ requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } as const) : {}),
  });
}
