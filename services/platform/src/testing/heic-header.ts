const box = (type: string, ...parts: Buffer[]): Buffer => {
  const body = Buffer.concat(parts);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + body.length);
  return Buffer.concat([size, Buffer.from(type, 'latin1'), body]);
};
const fullBox = (type: string, ...parts: Buffer[]) => box(type, Buffer.alloc(4), ...parts);
const ispe = (width: number, height: number) => {
  const dims = Buffer.alloc(8);
  dims.writeUInt32BE(width, 0);
  dims.writeUInt32BE(height, 4);
  return fullBox('ispe', dims);
};

/** A HEIC header whose image properties claim these sizes, with no image data: what a crafted file can say. */
export function heicHeader(...sizes: Array<[number, number]>): Buffer {
  return Buffer.concat([box('ftyp', Buffer.from('heic\0\0\0\0mif1heic', 'latin1')), fullBox('meta', box('iprp', box('ipco', ...sizes.map(([w, h]) => ispe(w, h)))))]);
}
