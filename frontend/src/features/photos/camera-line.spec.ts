import { cameraLine } from './camera-line';

describe('the camera line', () => {
  it('writes the body as photographers do, then lens and settings', () => {
    expect(cameraLine({ make: 'Nikon', model: 'D2X', body: 'Nikon D2X', lens: '200.0-500.0 mm f/5.6', focalLength: '500 mm', aperture: 'f/5.6', shutterSpeed: '1/1000 s', iso: 400 })).toBe(
      'Nikon D2X · 200.0-500.0 mm f/5.6 · 500 mm · f/5.6 · 1/1000 s · ISO 400',
    );
    // Older answers without `body`.
    expect(cameraLine({ make: 'Canon', model: 'EOS R5' })).toBe('Canon EOS R5');
    expect(cameraLine(null)).toBeNull();
    expect(cameraLine({})).toBeNull();
  });
});
