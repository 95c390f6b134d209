import { MemoryLimitError, wasmMemoryLimitBytes } from '../work-pool/worker';

/** Raw pixels as sharp takes them (`sharp(data, { raw })`). */
export interface RawImage {
  data: Buffer;
  raw: { width: number; height: number; channels: 4 };
}

interface Libheif {
  HEAPU8?: Uint8Array;
}

/** Refusals of `decodeHeic`: not a HEIC file it can decode. */
export class HeicDecodeError extends Error {
  constructor(cause: unknown) {
    super(`The HEIC image could not be decoded: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'HeicDecodeError';
  }
}

/**
 * Decodes a HEIC/HEIF file to RGBA with libheif compiled to WebAssembly (`libheif-js`, through
 * `heic-decode`). Run it only in a work-pool worker: it holds the CPU for seconds on a large
 * photo, and libheif has had memory-safety advisories, so it must not share a process with the web
 * server. Check the header's size (`heicDimensions`) first. A decode that fails because its
 * WebAssembly memory reached the worker's cap throws `MemoryLimitError`; any other failure
 * `HeicDecodeError`.
 */
export async function decodeHeic(file: Buffer): Promise<RawImage> {
  // Loaded on first use: the module reserves its WebAssembly memory when it loads.
  const libheif = require('libheif-js/wasm-bundle') as Libheif;
  const decode = require('heic-decode') as typeof import('heic-decode');
  try {
    const image = await decode({ buffer: file });
    return { data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), raw: { width: image.width, height: image.height, channels: 4 } };
  } catch (error) {
    // libheif reports a failed allocation as a failed decode; the memory's size tells the two apart.
    const cap = wasmMemoryLimitBytes();
    const used = libheif.HEAPU8?.byteLength ?? 0;
    if (cap !== undefined && used >= cap * 0.9) throw new MemoryLimitError(`decoding the HEIC image needed more WebAssembly memory than the ${Math.round(cap / 1048576)} MB cap`);
    throw new HeicDecodeError(error);
  }
}
