import { derivativeWidths, photoSrcSet } from './image-sources';
import { tipSteps } from './tip-steps';

describe('responsive sources', () => {
  it('knows the widths of the thumbnail and the display copy', () => {
    expect(derivativeWidths(4000, 3000)).toEqual({ thumb: 640, display: 2048 });
    expect(derivativeWidths(3000, 4000)).toEqual({ thumb: 640, display: 1536 });
    expect(derivativeWidths(1024, 768)).toEqual({ thumb: 640, display: 1024 });
    expect(derivativeWidths(600, 400)).toEqual({ thumb: 600, display: 600 });
  });

  it('lists both URLs as given, or one when the photo is small', () => {
    const photo = { thumbnailUrl: '/t?size=thumb&sig=a', imageUrl: '/d?size=display&sig=b', width: 4000, height: 3000 };
    expect(photoSrcSet(photo)).toBe('/t?size=thumb&sig=a 640w, /d?size=display&sig=b 2048w');
    expect(photoSrcSet({ ...photo, width: 600, height: 400 })).toBe('/d?size=display&sig=b 600w');
  });
});

describe('tipSteps', () => {
  it('turns the suggestions text into steps without their own numbering', () => {
    expect(tipSteps('1. Open the Light panel.\n2) Lower Highlights to -40.\n\n- Raise Shadows to +25.\n• Crop to 4:5.')).toEqual([
      'Open the Light panel.',
      'Lower Highlights to -40.',
      'Raise Shadows to +25.',
      'Crop to 4:5.',
    ]);
    expect(tipSteps('2.5 stops brighter is too much.')).toEqual(['2.5 stops brighter is too much.']);
    expect(tipSteps('')).toEqual([]);
  });
});
