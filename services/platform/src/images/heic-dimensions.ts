/**
 * Width and height of a HEIC/HEIF image read from its header (the `ispe` properties inside
 * `meta/iprp/ipco`), without decoding anything: a decoder must never meet a file whose size we
 * have not checked (libheif has had heap overflows on crafted files). The largest `ispe` wins
 * (a file also describes thumbnails and tiles). Undefined when the header cannot be read.
 */
export function heicDimensions(file: Buffer): { width: number; height: number } | undefined {
  let best: { width: number; height: number } | undefined;
  const visit = (start: number, end: number, path: readonly string[]): void => {
    let offset = start;
    while (offset + 8 <= end) {
      let size = file.readUInt32BE(offset);
      const type = file.toString('latin1', offset + 4, offset + 8);
      let header = 8;
      if (size === 1) {
        if (offset + 16 > end) return;
        size = Number(file.readBigUInt64BE(offset + 8));
        header = 16;
      } else if (size === 0) {
        size = end - offset;
      }
      if (size < header || offset + size > end) return;
      const body = offset + header;
      const inside = [...path, type];
      if (type === 'meta') visit(body + 4, offset + size, inside); // a full box: version and flags first
      else if (type === 'iprp' || type === 'ipco') visit(body, offset + size, inside);
      else if (type === 'ispe' && path.at(-1) === 'ipco' && body + 12 <= offset + size) {
        const width = file.readUInt32BE(body + 4);
        const height = file.readUInt32BE(body + 8);
        if (!best || width * height > best.width * best.height) best = { width, height };
      }
      offset += size;
    }
  };
  visit(0, file.length, []);
  return best;
}
