import { InvalidObjectMetadataError, type PutOptions } from './object-storage';

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
/** S3's limit on user metadata (names and values, in bytes). */
export const MAX_METADATA_BYTES = 2048;

const METADATA_NAME = /^[a-z0-9][a-z0-9-]*$/;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
// type/subtype with optional parameters; enough to refuse header injection and obvious mistakes.
const MEDIA_TYPE = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+( *;[\x20-\x7e]*)?$/;

export interface NormalisedPutOptions {
  contentType: string;
  metadata: Record<string, string>;
}

/**
 * Checks what `put` will store besides the content, so both adapters accept and return exactly the
 * same things: S3 lower-cases metadata names and carries values as HTTP headers, where non-ASCII
 * and surrounding spaces do not survive.
 */
export function normalisePutOptions(options: PutOptions | undefined): NormalisedPutOptions {
  const contentType = options?.contentType ?? DEFAULT_CONTENT_TYPE;
  if (contentType.length > 255 || !MEDIA_TYPE.test(contentType)) {
    throw new InvalidObjectMetadataError(`'${contentType}' is not a media type such as image/jpeg`);
  }
  const metadata: Record<string, string> = {};
  let bytes = 0;
  for (const [name, value] of Object.entries(options?.metadata ?? {})) {
    if (!METADATA_NAME.test(name)) {
      throw new InvalidObjectMetadataError(
        `metadata name '${name}' must use lower-case ASCII letters, digits and '-'`,
      );
    }
    if (!PRINTABLE_ASCII.test(value) || value.trim() !== value) {
      throw new InvalidObjectMetadataError(
        `metadata '${name}' must be printable ASCII without surrounding spaces (encode it)`,
      );
    }
    bytes += name.length + value.length;
    metadata[name] = value;
  }
  if (bytes > MAX_METADATA_BYTES) {
    throw new InvalidObjectMetadataError(`metadata must be at most ${MAX_METADATA_BYTES} bytes`);
  }
  return { contentType, metadata };
}
