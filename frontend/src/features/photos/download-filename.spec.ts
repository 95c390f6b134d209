import { filenameFromDisposition } from './download-filename';

describe('filenameFromDisposition', () => {
  it('prefers the UTF-8 name', () => {
    expect(
      filenameFromDisposition(`attachment; filename="Reiher_am_See.jpg"; filename*=UTF-8''Reiher%20am%20See.jpg`, 'x.jpg'),
    ).toBe('Reiher am See.jpg');
  });

  it('reads a plain quoted or bare name', () => {
    expect(filenameFromDisposition('attachment; filename="kingfisher.webp"', 'x')).toBe('kingfisher.webp');
    expect(filenameFromDisposition('attachment; filename=tiger.jpg', 'x')).toBe('tiger.jpg');
  });

  it('never lets a name carry a path', () => {
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`, 'x')).toBe('.._.._etc_passwd');
  });

  it('falls back when there is no usable header', () => {
    expect(filenameFromDisposition(null, 'grey-heron.jpg')).toBe('grey-heron.jpg');
    expect(filenameFromDisposition('attachment', 'grey-heron.jpg')).toBe('grey-heron.jpg');
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`, '')).toBe('photo');
  });
});
