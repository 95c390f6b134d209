import type { RgbImage } from '../image/pixels';
import type { Detection } from '../measure/measure-photo';
import type { ObjectDetector } from '../models/object-detector';
import { mirroredTightening, tightenSubjectBox } from './tighten-subject';

const IMAGE: RgbImage = { width: 200, height: 100, data: new Uint8Array(200 * 100 * 3) };
const bird = (x: number, y: number, width: number, height: number, score = 0.6): Detection => ({ label: 'bird', score, box: { x, y, width, height } });

/** A detector that answers the look inside with the given boxes (in the crop's fractions) and records what it was shown. */
function detectorFinding(inside: Detection[]): ObjectDetector & { shown: RgbImage[] } {
  const shown: RgbImage[] = [];
  return {
    name: 'fake',
    shown,
    detect: async (image) => {
      shown.push(image);
      return inside;
    },
    read: async () => {
      throw new Error('not used');
    },
  };
}

describe('tightenSubjectBox', () => {
  it('replaces a box that reaches the edge by the smaller box of the same animal found inside it', async () => {
    // The box takes in the left half of the frame and its whole height (a bird on a trunk).
    const detector = detectorFinding([bird(0.7, 0.35, 0.25, 0.3)]);
    const [tight] = await tightenSubjectBox(detector, IMAGE, [bird(0, 0, 0.5, 1)]);
    expect(detector.shown).toHaveLength(1);
    expect(detector.shown[0]?.width).toBe(110); // the box and a tenth of it to the right, clipped to the frame
    expect(tight?.box.x).toBeCloseTo(0.7 * 0.55, 5);
    expect(tight?.box.width).toBeCloseTo(0.25 * 0.55, 5);
    expect(tight?.box.y).toBeCloseTo(0.35, 5);
    expect(tight?.label).toBe('bird');
  });

  it('keeps the box when it reaches no edge, fills the frame, or nothing clearly smaller of the same kind is found inside', async () => {
    const centred = [bird(0.3, 0.3, 0.3, 0.3)];
    const none = detectorFinding([]);
    expect(await tightenSubjectBox(none, IMAGE, centred)).toBe(centred);
    const filling = [bird(0, 0, 0.9, 0.9)];
    expect(await tightenSubjectBox(none, IMAGE, filling)).toBe(filling);
    expect(none.shown).toHaveLength(0);
    const edge = [bird(0, 0, 0.5, 1)];
    expect(await tightenSubjectBox(none, IMAGE, edge)).toBe(edge);
    expect(await tightenSubjectBox(detectorFinding([{ ...bird(0.2, 0.2, 0.3, 0.3), label: 'dog' }]), IMAGE, edge)).toBe(edge);
    expect(await tightenSubjectBox(detectorFinding([bird(0.05, 0.05, 0.9, 0.85)]), IMAGE, edge)).toBe(edge);
  });

  it("carries the tightening over to the mirror image's matching box, else leaves it to a look of its own", () => {
    const original = [bird(0, 0, 0.5, 1)];
    const tightened = [bird(0.4, 0.35, 0.14, 0.3)];
    const [mirrored] = mirroredTightening(original, tightened, [bird(0.5, 0, 0.5, 1)]) ?? [];
    expect(mirrored?.box.x).toBeCloseTo(1 - 0.4 - 0.14, 5);
    expect(mirroredTightening(original, tightened, [bird(0, 0, 0.5, 1)])).toBeNull();
    expect(mirroredTightening(original, original, [bird(0.5, 0, 0.5, 1)])).toBeNull();
  });
});
