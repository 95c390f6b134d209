export * from './object-storage';
export { assertValidKeyPrefix, assertValidNamespace, assertValidObjectKey, objectKeyProblem } from './object-key';
export { DEFAULT_CONTENT_TYPE } from './put-options';
export { FilesystemObjectStorage } from './filesystem-object-storage';
export { MULTIPART_PART_SIZE, S3ObjectStorage, type S3ObjectStorageOptions } from './s3-object-storage';
export { ensureS3Bucket } from './s3-bucket';
export { PrefixedObjectStorage } from './prefixed-object-storage';
export {
  createObjectStorage,
  createS3Client,
  type FilesystemStorageConfig,
  type ObjectStorageConfig,
  type S3StorageConfig,
} from './storage.config';
export { serviceStorageProvider } from './service-storage';
export { OrphanSweep, type OrphanSweepLogger, type OrphanSweepOptions, type OrphanSweepResult, type StoredKeyReferences } from './orphan-sweep';
