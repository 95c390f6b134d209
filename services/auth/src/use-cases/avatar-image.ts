import { decodeHeic, heicDimensions, MemoryLimitError } from '@wildframe/platform/worker';
import sharp from 'sharp';

export type AvatarKind = 'jpeg' | 'png' | 'webp' | 'heic';

export const AVATAR_SIZE = 256;
/**
 * Refuse images that would decode to more pixels than this (decompression bombs): half the
 * members' photo cap, a profile photo needs far less, and a phone's full-resolution photo passes.
 */
export const AVATAR_MAX_PIXELS = 50_000_000;

/** Why an image cannot become an avatar; crosses from the worker by name and code. */
export class AvatarRefusal extends Error {
  constructor(readonly code: 'INVALID_IMAGE' | 'TOO_MANY_PIXELS') {
    super(`avatar refused: ${code}`);
    this.name = 'AvatarRefusal';
  }
}

/**
 * The avatar: a 256 px square WebP without metadata. Runs in an avatar worker process
 * (`avatar-worker.ts`), never in the web process: decoding takes the CPU, HEIC in WebAssembly.
 */
export async function makeAvatar(upload: Uint8Array, kind: AvatarKind): Promise<Buffer> {
  const bytes = Buffer.from(upload.buffer, upload.byteOffset, upload.byteLength);
  let input = { data: bytes, options: { limitInputPixels: AVATAR_MAX_PIXELS } as sharp.SharpOptions };
  if (kind === 'heic') {
    // Size from the header first: the HEIC decoder never sees a file we have not measured.
    const size = heicDimensions(bytes);
    if (!size) throw new AvatarRefusal('INVALID_IMAGE');
    if (size.width * size.height > AVATAR_MAX_PIXELS) throw new AvatarRefusal('TOO_MANY_PIXELS');
    try {
      const decoded = await decodeHeic(bytes);
      input = { data: decoded.data, options: { raw: decoded.raw, limitInputPixels: AVATAR_MAX_PIXELS } };
    } catch (error) {
      if (error instanceof MemoryLimitError) throw error;
      throw new AvatarRefusal('INVALID_IMAGE');
    }
  }
  try {
    return await sharp(input.data, input.options).rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' }).webp({ quality: 82 }).toBuffer();
  } catch (error) {
    if ((error as Error).message?.includes('pixel limit')) throw new AvatarRefusal('TOO_MANY_PIXELS');
    throw new AvatarRefusal('INVALID_IMAGE');
  }
}
