import sharp from 'sharp';
import { heicHeader } from '../testing/heic-header';
import { heicDimensions } from './heic-dimensions';

describe('heicDimensions', () => {
  it('reads the size of a real HEIF file (AVIF, the same container) without decoding it', async () => {
    const avif = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a6a4a' } }).avif().toBuffer();
    expect(heicDimensions(avif)).toEqual({ width: 640, height: 480 });
  });

  it('takes the largest image a header describes (thumbnails and tiles come too)', () => {
    expect(heicDimensions(heicHeader([320, 240], [60000, 60000], [512, 512]))).toEqual({ width: 60000, height: 60000 });
  });

  it('gives up on what is not a readable header', () => {
    expect(heicDimensions(Buffer.from('not an image at all'))).toBeUndefined();
    expect(heicDimensions(heicHeader().subarray(0, 30))).toBeUndefined();
    const lying = heicHeader([100, 100]);
    lying.writeUInt32BE(0xffff, 24); // a box longer than the file
    expect(heicDimensions(lying)).toBeUndefined();
  });
});
