import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
  type CompletedPart,
  type S3Client,
  type UploadPartCommandOutput,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { assertValidKeyPrefix, assertValidNamespace, assertValidObjectKey, objectKeyProblem, sortByKey } from './object-key';
import {
  ObjectNotFoundError,
  type ObjectInfo,
  type ObjectStorage,
  type PutOptions,
  type StoredObject,
} from './object-storage';
import { normalisePutOptions, type NormalisedPutOptions } from './put-options';
import { bufferChunks, mapWithConcurrency } from './stream-chunks';

/**
 * Part size for stream bodies. S3 needs parts of at least 5 MiB (except the last) and at most
 * 10,000 of them: 8 MiB parts allow objects up to ~78 GiB while holding one part in memory.
 */
export const MULTIPART_PART_SIZE = 8 * 1024 * 1024;
const HEAD_CONCURRENCY = 8;
// Checksums the SDK computed for a part; S3 refuses to complete an upload whose parts were sent
// with checksums unless the completion repeats them.
const PART_CHECKSUMS = ['ChecksumCRC32', 'ChecksumCRC32C', 'ChecksumCRC64NVME', 'ChecksumSHA1', 'ChecksumSHA256'] as const;

export interface S3ObjectStorageOptions {
  /** Owned by the caller, who destroys it at shutdown. */
  client: S3Client;
  bucket: string;
  /** Keeps every key of this store under a folder of the bucket (`wildframe/`); none by default. */
  keyPrefix?: string;
  /** Keys per ListObjectsV2 page, 1 to 1000 (S3's maximum and the default). */
  listPageSize?: number;
}

interface Target {
  Bucket: string;
  Key: string;
}

/**
 * Object storage in an S3 bucket (AWS S3, MinIO, Ceph RGW…).
 *
 * A Buffer is sent with one PutObject. A stream of unknown length is read in 8 MiB parts: if it
 * ends within the first part it is sent with one PutObject, otherwise as a multipart upload, one
 * part in flight at a time, aborted on failure. Memory stays bounded by about one part per upload
 * whatever the object's size (`@aws-sdk/lib-storage` would do the same but is not a dependency).
 * S3 makes both atomic: the object appears only when PutObject or CompleteMultipartUpload succeeds.
 *
 * The etag is S3's, unquoted: the MD5 of the content for a single PutObject, `<md5 of the part
 * MD5s>-<parts>` for a multipart upload. The IAM policy should allow s3:ListBucket, without which
 * S3 answers 403 instead of 404 for a missing key.
 */
export class S3ObjectStorage implements ObjectStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly keyPrefix: string;
  private readonly listPageSize: number;

  constructor(options: S3ObjectStorageOptions) {
    if (!options.bucket) throw new Error('S3 object storage needs a bucket name');
    const keyPrefix = options.keyPrefix ?? '';
    if (keyPrefix !== '') assertValidNamespace(keyPrefix);
    const listPageSize = options.listPageSize ?? 1000;
    if (!Number.isInteger(listPageSize) || listPageSize < 1 || listPageSize > 1000) {
      throw new Error(`S3 list page size must be an integer from 1 to 1000, got ${listPageSize}`);
    }
    this.client = options.client;
    this.bucket = options.bucket;
    this.keyPrefix = keyPrefix;
    this.listPageSize = listPageSize;
  }

  async put(key: string, body: Buffer | Readable, options?: PutOptions): Promise<ObjectInfo> {
    assertValidObjectKey(key);
    const attributes = normalisePutOptions(options);
    const target = this.target(key);
    const { etag, size } = Buffer.isBuffer(body)
      ? { etag: await this.putBuffer(target, attributes, body), size: body.length }
      : await this.putStream(target, attributes, body);
    return {
      key,
      size,
      etag,
      contentType: attributes.contentType,
      metadata: { ...attributes.metadata },
      // S3 does not return its own timestamp from a put; head() gives the server's value.
      lastModified: new Date(),
    };
  }

  async get(key: string): Promise<StoredObject> {
    assertValidObjectKey(key);
    let output;
    try {
      output = await this.client.send(new GetObjectCommand(this.target(key)));
    } catch (error) {
      if (isErrorNamed(error, 'NoSuchKey')) throw new ObjectNotFoundError(key);
      throw error;
    }
    const body = output.Body;
    if (!(body instanceof Readable)) {
      throw new Error(`S3 GetObject for '${key}' returned no Node.js stream; is this client configured for Node?`);
    }
    return { ...toInfo(key, output), body };
  }

  async head(key: string): Promise<ObjectInfo | null> {
    assertValidObjectKey(key);
    try {
      return toInfo(key, await this.client.send(new HeadObjectCommand(this.target(key))));
    } catch (error) {
      // A HEAD response has no body, so the SDK names a 404 'NotFound' whatever S3 meant.
      if (isErrorNamed(error, 'NotFound', 'NoSuchKey')) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidObjectKey(key);
    // S3 answers 204 whether or not the key existed, which is the idempotence the port promises.
    await this.client.send(new DeleteObjectCommand(this.target(key)));
  }

  async list(prefix: string): Promise<ObjectInfo[]> {
    assertValidKeyPrefix(prefix);
    const wanted = this.keyPrefix + prefix;
    // MinIO refuses a prefix whose last, unfinished segment is '.' or '..' (XMinioInvalidResourceName),
    // though keys such as 'a/..b' are valid: ask for the folder and keep the keys that match.
    const lastSegment = wanted.slice(wanted.lastIndexOf('/') + 1);
    const serverPrefix = lastSegment === '.' || lastSegment === '..' ? wanted.slice(0, wanted.length - lastSegment.length) : wanted;
    const keys: string[] = [];
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: serverPrefix,
          MaxKeys: this.listPageSize,
          ContinuationToken: continuationToken,
        }),
      );
      for (const { Key } of page.Contents ?? []) {
        if (Key === undefined || !Key.startsWith(wanted)) continue;
        const key = Key.slice(this.keyPrefix.length);
        // Objects written by other tools under our prefix may not be addressable through the port.
        if (objectKeyProblem(key) === null) keys.push(key);
      }
      if (page.IsTruncated && !page.NextContinuationToken) {
        throw new Error('S3 ListObjectsV2 returned a truncated page without a continuation token');
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
    // Listings carry neither content type nor metadata, which ObjectInfo promises: ask each object.
    // One deleted in between is simply absent.
    const infos = await mapWithConcurrency(keys, HEAD_CONCURRENCY, (key) => this.head(key));
    return sortByKey(infos.filter((info): info is ObjectInfo => info !== null));
  }

  private target(key: string): Target {
    return { Bucket: this.bucket, Key: this.keyPrefix + key };
  }

  private async putBuffer(target: Target, attributes: NormalisedPutOptions, body: Buffer): Promise<string> {
    const output = await this.client.send(
      new PutObjectCommand({
        ...target,
        Body: body,
        ContentLength: body.length,
        ContentType: attributes.contentType,
        Metadata: attributes.metadata,
      }),
    );
    return normaliseEtag(output.ETag);
  }

  private async putStream(
    target: Target,
    attributes: NormalisedPutOptions,
    body: Readable,
  ): Promise<{ etag: string; size: number }> {
    let uploadId: string | undefined;
    const parts: CompletedPart[] = [];
    let size = 0;
    try {
      for await (const { data, last } of readParts(body, MULTIPART_PART_SIZE)) {
        size += data.length;
        if (uploadId === undefined && last) {
          return { etag: await this.putBuffer(target, attributes, data), size };
        }
        uploadId ??= await this.createMultipartUpload(target, attributes);
        const partNumber = parts.length + 1;
        const output = await this.client.send(
          new UploadPartCommand({ ...target, UploadId: uploadId, PartNumber: partNumber, Body: data, ContentLength: data.length }),
        );
        parts.push(completedPart(partNumber, output));
      }
      const output = await this.client.send(
        new CompleteMultipartUploadCommand({ ...target, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
      );
      return { etag: normaliseEtag(output.ETag), size };
    } catch (error) {
      if (uploadId !== undefined) await this.abortMultipartUpload(target, uploadId);
      throw error;
    }
  }

  private async createMultipartUpload(target: Target, attributes: NormalisedPutOptions): Promise<string> {
    const output = await this.client.send(
      new CreateMultipartUploadCommand({ ...target, ContentType: attributes.contentType, Metadata: attributes.metadata }),
    );
    if (!output.UploadId) throw new Error(`S3 CreateMultipartUpload for '${target.Key}' returned no upload id`);
    return output.UploadId;
  }

  private async abortMultipartUpload(target: Target, uploadId: string): Promise<void> {
    try {
      await this.client.send(new AbortMultipartUploadCommand({ ...target, UploadId: uploadId }));
    } catch {
      // The error that made us abort is the one to report. A part left behind is invisible to
      // readers and is removed by the bucket's AbortIncompleteMultipartUpload lifecycle rule.
    }
  }
}

/**
 * Cuts a stream into `partSize` parts. A part is marked `last` only once the stream has ended, so
 * a part is yielded as not-last only when at least one more byte follows it (S3 refuses a
 * multipart upload whose non-final parts are under 5 MiB, and an empty final part).
 */
async function* readParts(body: Readable, partSize: number): AsyncGenerator<{ data: Buffer; last: boolean }> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of bufferChunks(body)) {
    pending.push(chunk);
    pendingBytes += chunk.length;
    while (pendingBytes > partSize) {
      const all = Buffer.concat(pending, pendingBytes);
      // Copy the rest so the part just sent can be freed.
      const rest = Buffer.from(all.subarray(partSize));
      yield { data: all.subarray(0, partSize), last: false };
      pending = [rest];
      pendingBytes = rest.length;
    }
  }
  yield { data: Buffer.concat(pending, pendingBytes), last: true };
}

function completedPart(partNumber: number, output: UploadPartCommandOutput): CompletedPart {
  const part: CompletedPart = { PartNumber: partNumber, ETag: output.ETag };
  for (const name of PART_CHECKSUMS) {
    if (output[name] !== undefined) part[name] = output[name];
  }
  return part;
}

interface ObjectAttributesOutput {
  ContentLength?: number;
  ContentType?: string;
  ETag?: string;
  LastModified?: Date;
  Metadata?: Record<string, string>;
}

function toInfo(key: string, output: ObjectAttributesOutput): ObjectInfo {
  if (output.ContentLength === undefined || output.LastModified === undefined) {
    throw new Error(`S3 response for '${key}' lacks Content-Length or Last-Modified`);
  }
  return {
    key,
    size: output.ContentLength,
    contentType: output.ContentType,
    etag: normaliseEtag(output.ETag),
    lastModified: output.LastModified,
    metadata: { ...output.Metadata },
  };
}

/** S3 sends ETags as quoted HTTP entity tags; the port's etag is the bare value. */
function normaliseEtag(etag: string | undefined): string {
  if (!etag) throw new Error('S3 response carries no ETag');
  return etag.replace(/^"(.*)"$/, '$1');
}

export function isErrorNamed(error: unknown, ...names: string[]): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && names.includes(String(error.name));
}
