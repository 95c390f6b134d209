import type { Box, RgbImage } from '../image/pixels';
import type { Detection } from '../measure/measure-photo';
import { MIN_SUBJECT_SCORE, mainSubjectDetection } from '../measure/measure-photo';
import type { ObjectDetector } from '../models/object-detector';

/** A box this close to a side of the frame (frame fractions) reaches it (as `sidesTouched` in the composition score). */
const EDGE = 0.004;
/** A subject box covering this much of the frame fills it by design: reaching the edges is no fault to check. */
const FRAME_FILLING = 0.6;
/** The look inside is this much larger than the box on every side, so a tight box has room around it. */
const LOOK_MARGIN = 0.1;
/** A box found inside counts as the subject's real extent only when it is clearly smaller. */
const TIGHTER = 0.7;

function reachesEdge(box: Box): boolean {
  return box.x <= EDGE || box.y <= EDGE || box.x + box.width >= 1 - EDGE || box.y + box.height >= 1 - EDGE;
}

function cropOf(image: RgbImage, box: Box): { image: RgbImage; box: Box } {
  const x0 = Math.max(0, Math.round((box.x - LOOK_MARGIN * box.width) * image.width));
  const y0 = Math.max(0, Math.round((box.y - LOOK_MARGIN * box.height) * image.height));
  const x1 = Math.min(image.width, Math.round((box.x + (1 + LOOK_MARGIN) * box.width) * image.width));
  const y1 = Math.min(image.height, Math.round((box.y + (1 + LOOK_MARGIN) * box.height) * image.height));
  const width = Math.max(1, x1 - x0);
  const height = Math.max(1, y1 - y0);
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const from = ((y0 + y) * image.width + x0) * 3;
    data.set(image.data.subarray(from, from + width * 3), y * width * 3);
  }
  return { image: { width, height, data }, box: { x: x0 / image.width, y: y0 / image.height, width: width / image.width, height: height / image.height } };
}

/**
 * The detector's box around the main subject can take in what the animal sits on (a nuthatch on a
 * trunk came back as a box the height of the frame), and a box that reaches the frame's edge reads
 * as an animal cut by the frame. Where the main subject's box reaches an edge without filling the
 * frame, the detector looks again inside that box, from closer: a clearly smaller box of the same
 * animal found there is the subject's real extent. Costs one more detector pass, only for such photos.
 */
export async function tightenSubjectBox(detector: ObjectDetector, image: RgbImage, detections: Detection[]): Promise<Detection[]> {
  const main = mainSubjectDetection(detections);
  if (!main || !reachesEdge(main.box) || main.box.width * main.box.height >= FRAME_FILLING) return detections;
  const look = cropOf(image, main.box);
  const inside = (await detector.detect(look.image))
    .filter((d) => d.label === main.label && d.score >= MIN_SUBJECT_SCORE && d.box.width * d.box.height <= TIGHTER)
    .sort((a, b) => b.score - a.score)[0];
  if (!inside) return detections;
  const box = {
    x: look.box.x + inside.box.x * look.box.width,
    y: look.box.y + inside.box.y * look.box.height,
    width: inside.box.width * look.box.width,
    height: inside.box.height * look.box.height,
  };
  if (box.width * box.height > TIGHTER * main.box.width * main.box.height) return detections;
  return detections.map((d) => (d === main ? { ...d, box } : d));
}

/**
 * The photo's tightening carried over to its mirror image, when the mirror's main box is the mirror
 * of the original's (no second look needed); null when it cannot be (then `tightenSubjectBox` looks).
 */
export function mirroredTightening(original: Detection[], tightened: Detection[], mirror: Detection[]): Detection[] | null {
  const before = mainSubjectDetection(original);
  const after = mainSubjectDetection(tightened);
  const main = mainSubjectDetection(mirror);
  if (!before || !after || !main || before.box === after.box || main.label !== before.label) return null;
  const flipped = (b: Box): Box => ({ ...b, x: 1 - b.x - b.width });
  const target = flipped(before.box);
  const overlap = Math.max(0, Math.min(target.x + target.width, main.box.x + main.box.width) - Math.max(target.x, main.box.x)) * Math.max(0, Math.min(target.y + target.height, main.box.y + main.box.height) - Math.max(target.y, main.box.y));
  const union = target.width * target.height + main.box.width * main.box.height - overlap;
  if (union <= 0 || overlap / union < 0.7) return null;
  return mirror.map((d) => (d === main ? { ...d, box: flipped(after.box) } : d));
}
