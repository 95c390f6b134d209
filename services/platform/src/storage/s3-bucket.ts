import { CreateBucketCommand, HeadBucketCommand } from '@aws-sdk/client-s3';
import { isErrorNamed } from './s3-object-storage';
import { createS3Client, type S3StorageConfig } from './storage.config';

/**
 * A service's start-up check of its bucket (S3_CREATE_BUCKETS): the bucket exists and these
 * credentials may use it, or it is created when `create` allows it. Any other outcome throws an
 * error that says what is wrong and what to do, so the service stops with it instead of failing
 * at its first upload.
 */
export async function ensureS3Bucket(config: S3StorageConfig, create: boolean): Promise<'exists' | 'created'> {
  const bucket = config.bucket;
  const where = config.endpoint ? `at ${config.endpoint}` : `in ${config.region}`;
  const client = createS3Client(config);
  try {
    try {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
      return 'exists';
    } catch (error) {
      const status = httpStatus(error);
      if (status === 403 || isErrorNamed(error, 'Forbidden', 'AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch')) {
        throw new Error(
          `No access to the S3 bucket '${bucket}' ${where} (${status ?? errorName(error)}): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY ` +
            '(or the pod role); they need s3:ListBucket, s3:GetObject, s3:PutObject and s3:DeleteObject on the bucket',
        );
      }
      if (status !== 404 && !isErrorNamed(error, 'NotFound', 'NoSuchBucket')) {
        throw new Error(`Cannot check the S3 bucket '${bucket}' ${where}: ${errorText(error)}`);
      }
    }
    if (!create) {
      throw new Error(`The S3 bucket '${bucket}' does not exist ${where}: create it, or set S3_CREATE_BUCKETS=true (chart: s3.createBuckets) to let the service create it at start-up`);
    }
    try {
      await client.send(
        new CreateBucketCommand({
          Bucket: bucket,
          // AWS wants the region named everywhere but us-east-1.
          ...(config.region === 'us-east-1' ? {} : { CreateBucketConfiguration: { LocationConstraint: config.region as never } }),
        }),
      );
      return 'created';
    } catch (error) {
      // Another replica starting at the same time created it first.
      if (isErrorNamed(error, 'BucketAlreadyOwnedByYou')) return 'exists';
      throw new Error(`Cannot create the S3 bucket '${bucket}' ${where} (S3_CREATE_BUCKETS=true needs s3:CreateBucket): ${errorText(error)}`);
    }
  } finally {
    client.destroy();
  }
}

function httpStatus(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : String(error);
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.message && error.message !== 'UnknownError' ? `${error.name}: ${error.message}` : error.name;
}
