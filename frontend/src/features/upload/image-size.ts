// The pixel size of a chosen image, read in the browser before anything is sent. Formats the
// browser cannot decode (HEIC in most browsers) give null: the server's check still applies.

export interface ImageSize {
  width: number;
  height: number;
}

export async function readImageSize(file: Blob): Promise<ImageSize | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}
