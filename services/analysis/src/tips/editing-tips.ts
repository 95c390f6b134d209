import type { PhotoCategory } from '@wildframe/contracts';
import type { PhotoMeasurements } from '../engine/measure/measure-photo';
import { exposureCorrection } from '../engine/scoring/lighting.score';

export const PLATFORMS = ['lightroom', 'google-photos', 'apple-photos'] as const;
export type EditingPlatform = (typeof PLATFORMS)[number];
/** Enthusiast gets the standard tips, professional the advanced ones (spec: "advanced editing suggestions"). */
export type TipsLevel = 'standard' | 'advanced';

export interface TipsInput {
  measurements: PhotoMeasurements;
  platform: EditingPlatform;
  level: TipsLevel;
  category: PhotoCategory;
  /** e.g. "bird"; null when unknown. */
  subject: string | null;
}

/** What the measurements say should change, in platform-neutral amounts. */
interface Needs {
  /** Degrees to turn anticlockwise (negative: clockwise) to level the horizon; null when level or no horizon. */
  straighten: number | null;
  /** Stops of exposure to add (negative: remove). */
  exposure: number;
  /** 0-1 strength of highlight recovery and shadow lifting. */
  highlights: number;
  shadows: number;
  /** Grey levels the white point may rise and the black point may fall to use the full range. */
  whiteRoom: number;
  blackRoom: number;
  /** > 0 more contrast, < 0 less, 0-1 strength. */
  contrast: number;
  /** Colour cast to neutralise: b* (warm > 0) and a* (magenta > 0). */
  castB: number;
  castA: number;
  /** > 0 more colour, < 0 less, 0-1 strength. */
  colour: number;
  /** 0-1 strength of noise reduction and of sharpening; `beyondRescue` when focus is too soft for sharpening. */
  noise: number;
  sharpen: number;
  beyondRescue: boolean;
  blocks: boolean;
  crop: { kind: 'to-third'; side: 'left' | 'right'; trim: number } | { kind: 'tighter'; factor: number } | null;
  subject: string;
}

const round = (value: number, step: number): number => Math.round(value / step) * step;
const oneDecimalAbs = (value: number): string => Math.abs(round(value, 0.1)).toFixed(1);
const signed = (value: number, digits = 0): string => `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toFixed(digits)}`;

/** Turns the measurements into needs; the thresholds match those of the scores, so tips fix what cost points. */
export function needsOf(input: TipsInput): Needs {
  const { lighting, clarity, colour, composition } = input.measurements;
  const horizon = composition.horizon;
  const tilt = horizon && Math.abs(horizon.angle) > 0.4 && Math.abs(horizon.angle) <= 6 ? horizon.angle : null;
  // The correction the lighting score charged for, and only that (no tip for an exposure it accepted).
  const exposure = Math.max(-2, Math.min(2, exposureCorrection(lighting)));
  const highlights = Math.min(1, Math.max(0, lighting.clippedHighlights - 0.003) * 12 + (lighting.p99 >= 252 && exposure <= 0 ? 0.2 : 0));
  const shadows = Math.min(1, Math.max(0, lighting.clippedShadows - 0.005) * 10 + (exposure > 0.3 ? 0.2 : 0));
  const contrast = lighting.contrast < 0.12 ? Math.min(1, (0.12 - lighting.contrast) * 12) : lighting.contrast > 0.3 ? -Math.min(1, (lighting.contrast - 0.3) * 10) : 0;
  const acutance = clarity.acutance;
  const focus = acutance === null ? 0 : Math.max(0, Math.min(1, (acutance - 1.3) / 1.6));
  const subject = input.subject ? `the ${input.subject.replace(/^\d+\s+/, '')}` : composition.subject ? 'the subject' : 'the scene';

  let crop: Needs['crop'] = null;
  const s = composition.subject;
  if (s) {
    const fromCentre = Math.hypot(s.centroid.x - 0.5, s.centroid.y - 0.5);
    const area = composition.subjectArea ?? 0;
    if (fromCentre <= 0.08 && area < 0.5) {
      // Trimming t of the width from one side puts a centred subject at a third of what remains.
      crop = { kind: 'to-third', side: s.centroid.x <= 0.5 ? 'left' : 'right', trim: 0.25 };
    } else if (area > 0 && area < 0.04) {
      crop = { kind: 'tighter', factor: Math.min(3, Math.max(1.5, round(Math.sqrt(0.08 / area), 0.5))) };
    }
  }
  return {
    // A positive tilt means the frame is turned clockwise: turn it back anticlockwise.
    straighten: tilt,
    exposure,
    highlights,
    shadows,
    whiteRoom: Math.max(0, 250 - lighting.p99),
    blackRoom: Math.max(0, lighting.p1 - 5),
    contrast,
    castB: Math.abs(colour.castB) > 3 ? colour.castB : 0,
    castA: Math.abs(colour.castA) > 3 ? colour.castA : 0,
    colour: colour.harmony !== null && colour.colourfulness < 20 ? Math.min(1, (20 - colour.colourfulness) / 15) : colour.meanChroma > 45 ? -Math.min(1, (colour.meanChroma - 45) / 20) : 0,
    noise: Math.min(1, Math.max(0, clarity.noiseSigma - 1.2) / 6),
    sharpen: acutance === null ? 0 : Math.max(0, Math.min(1, (0.85 - focus) / 0.6)),
    beyondRescue: acutance !== null && focus < 0.2,
    blocks: clarity.blockiness >= 1.35,
    crop,
    subject,
  };
}

type Step = string;

function lightroom(n: Needs, level: TipsLevel, input: TipsInput): Step[] {
  const steps: Step[] = [];
  // Lightroom's Angle turns the photo clockwise for positive values.
  if (n.straighten !== null) steps.push(`Crop tool (R) → Angle ${signed(-round(n.straighten, 0.1), 1)}° (or drag the Straighten tool along the horizon), so the horizon is level.`);
  if (n.crop?.kind === 'to-third') steps.push(`Crop tool (R) with the Rule of Thirds overlay (press O): trim about ${Math.round(n.crop.trim * 100)} % from the ${n.crop.side} edge so ${n.subject} sits on a third.`);
  if (n.crop?.kind === 'tighter') steps.push(`Crop tool (R): crop in about ${n.crop.factor}× (lock the aspect ratio) so ${n.subject} fills more of the frame, keeping it on a third.`);
  const basic: string[] = [];
  if (n.exposure !== 0) basic.push(`Exposure ${signed(round(n.exposure, 0.05), 2)}`);
  if (n.contrast !== 0) basic.push(`Contrast ${signed(Math.round(n.contrast * 30) || Math.sign(n.contrast) * 5)}`);
  if (n.highlights > 0) basic.push(`Highlights ${signed(-Math.round(20 + n.highlights * 60))}`);
  if (n.shadows > 0) basic.push(`Shadows ${signed(Math.round(15 + n.shadows * 50))}`);
  if (n.whiteRoom >= 8) basic.push(`Whites ${signed(Math.min(40, Math.round(n.whiteRoom / 2)))}`);
  if (n.blackRoom >= 8) basic.push(`Blacks ${signed(-Math.min(40, Math.round(n.blackRoom / 1.5)))}`);
  if (basic.length > 0) steps.push(`Basic panel → ${basic.join(', ')}; hold Alt (Option on a Mac) while dragging Whites and Blacks to see where clipping starts.`);
  const colour: string[] = [];
  if (n.castB !== 0) colour.push(`Temp ${signed(-Math.round(n.castB * 2))} (${n.castB > 0 ? 'cooler, against the yellow cast' : 'warmer, against the blue cast'})`);
  if (n.castA !== 0) colour.push(`Tint ${signed(-Math.round(n.castA * 2))} (${n.castA > 0 ? 'against the magenta cast' : 'against the green cast'})`);
  if (n.colour > 0) colour.push(`Vibrance ${signed(Math.round(10 + n.colour * 20))}`);
  if (n.colour < 0) colour.push(`Saturation ${signed(-Math.round(5 + -n.colour * 15))}`);
  if (colour.length > 0) steps.push(`Basic panel → ${colour.join(', ')}.`);
  if (n.noise > 0) {
    steps.push(
      level === 'advanced'
        ? `Detail panel → Denoise (raw files) at Amount ${Math.round(40 + n.noise * 30)}, or Noise Reduction → Luminance ${Math.round(15 + n.noise * 35)}, Detail 50.`
        : `Detail panel → Noise Reduction → Luminance ${Math.round(15 + n.noise * 35)}.`,
    );
  }
  if (n.sharpen > 0) {
    steps.push(
      n.beyondRescue
        ? `Detail panel → Sharpening Amount 40 and Basic panel → Texture +15 help a little, but the focus is too soft to rescue: next time use a faster shutter speed.`
        : `Detail panel → Sharpening Amount ${Math.round(30 + n.sharpen * 40)}, Radius 1.0, Detail 25, Masking ${n.noise > 0 ? 70 : 40} (hold Alt while dragging Masking to sharpen edges only).`,
    );
  }
  if (level === 'advanced') {
    if (input.measurements.composition.subject) steps.push(`Masking → Select Subject → Exposure +0.20, Texture +10 on ${n.subject}, to lift it from its surroundings.`);
    if (input.category === 'landscape' && input.measurements.composition.horizon) steps.push('Masking → Select Sky → Highlights −30, Dehaze +10, to hold detail in the sky.');
    steps.push(n.contrast < 0 ? 'Tone Curve → Point Curve: Linear, then pull the top point down slightly to soften the highlights.' : 'Tone Curve → Point Curve: Medium Contrast, for depth without clipping.');
    steps.push('Lens Corrections → Enable Profile Corrections and Remove Chromatic Aberration.');
  }
  if (n.blocks) steps.push('File → Export → File Settings → Quality 90 or more, so compression blocks do not return.');
  steps.push('Press \\ (backslash) to compare before and after.');
  return steps;
}

function googlePhotos(n: Needs, level: TipsLevel, input: TipsInput): Step[] {
  const steps: Step[] = [];
  if (n.straighten !== null) {
    const degrees = Math.max(1, Math.round(Math.abs(n.straighten)));
    steps.push(`Edit → Crop → turn the angle dial about ${degrees}° ${n.straighten > 0 ? 'anticlockwise' : 'clockwise'} until the horizon lines up with the grid.`);
  }
  if (n.crop?.kind === 'to-third') steps.push(`Edit → Crop → drag the ${n.crop.side} edge in by about a quarter so ${n.subject} sits on a grid line.`);
  if (n.crop?.kind === 'tighter') steps.push(`Edit → Crop → drag the corners in about ${n.crop.factor}× so ${n.subject} fills more of the frame.`);
  const adjust: string[] = [];
  if (n.exposure !== 0) adjust.push(`Brightness ${signed(Math.max(-70, Math.min(70, Math.round(n.exposure * 30))))}`);
  if (n.contrast !== 0) adjust.push(`Contrast ${signed(Math.round(n.contrast * 30) || Math.sign(n.contrast) * 5)}`);
  if (n.whiteRoom >= 8) adjust.push(`White point ${signed(Math.min(30, Math.round(n.whiteRoom / 3)))}`);
  if (n.highlights > 0) adjust.push(`Highlights ${signed(-Math.round(15 + n.highlights * 50))}`);
  if (n.shadows > 0) adjust.push(`Shadows ${signed(Math.round(15 + n.shadows * 45))}`);
  if (n.blackRoom >= 8) adjust.push(`Black point ${signed(Math.min(30, Math.round(n.blackRoom / 2)))}`);
  if (adjust.length > 0) steps.push(`Edit → Adjust → ${adjust.join(', ')}.`);
  const colour: string[] = [];
  if (n.castB !== 0) colour.push(`Warmth ${signed(-Math.round(n.castB * 2))}`);
  if (n.castA !== 0) colour.push(`Tint ${signed(-Math.round(n.castA * 2))}`);
  if (n.colour !== 0) colour.push(`Saturation ${signed(n.colour > 0 ? Math.round(8 + n.colour * 15) : -Math.round(5 + -n.colour * 15))}`);
  if (colour.length > 0) steps.push(`Edit → Adjust → ${colour.join(', ')}${n.castB !== 0 || n.castA !== 0 ? ', to neutralise the colour cast' : ''}.`);
  if (n.noise > 0) steps.push(`Edit → Adjust → Denoise ${signed(Math.round(15 + n.noise * 45))}.`);
  if (n.sharpen > 0) {
    steps.push(n.beyondRescue ? 'Edit → Adjust → Sharpen +20 helps a little, but the focus is too soft to rescue: next time use a faster shutter speed.' : `Edit → Adjust → Sharpen ${signed(Math.round(10 + n.sharpen * 30))}${n.noise > 0 ? ' (after Denoise, so grain is not sharpened)' : ''}.`);
  }
  if (level === 'advanced') {
    steps.push(`Edit → Adjust → Pop ${signed(input.measurements.lighting.contrast > 0.3 ? 5 : 15)}, for local contrast on ${n.subject}.`);
    if (input.measurements.composition.subject) steps.push('Edit → Adjust → Vignette −15, to draw the eye to the subject.');
    if (input.category === 'landscape') steps.push('Edit → Adjust → Blue tone +10, to deepen the sky and water without shifting other colours.');
  }
  if (n.blocks) steps.push('Back up in Original quality rather than Storage saver, which recompresses the photo.');
  steps.push('Press and hold the photo to compare with the original, then tap Save copy.');
  return steps;
}

function applePhotos(n: Needs, level: TipsLevel, input: TipsInput): Step[] {
  const steps: Step[] = [];
  if (n.straighten !== null) steps.push(`Edit → Crop → turn the Straighten dial about ${oneDecimalAbs(n.straighten)}° ${n.straighten > 0 ? 'anticlockwise' : 'clockwise'}, so the horizon is level.`);
  if (n.crop?.kind === 'to-third') steps.push(`Edit → Crop → drag the ${n.crop.side} edge in by about a quarter so ${n.subject} sits on a grid line.`);
  if (n.crop?.kind === 'tighter') steps.push(`Edit → Crop → drag the corners in about ${n.crop.factor}× so ${n.subject} fills more of the frame.`);
  const light: string[] = [];
  if (n.exposure !== 0) light.push(`Exposure ${signed(Math.max(-100, Math.min(100, Math.round(n.exposure * 35))))}`);
  if (n.highlights > 0) light.push(`Highlights ${signed(-Math.round(20 + n.highlights * 50))}`);
  if (n.shadows > 0) light.push(`Shadows ${signed(Math.round(15 + n.shadows * 45))}`);
  if (n.contrast !== 0) light.push(`Contrast ${signed(Math.round(n.contrast * 30) || Math.sign(n.contrast) * 5)}`);
  if (n.blackRoom >= 8) light.push(`Black Point ${signed(Math.min(30, Math.round(n.blackRoom / 2)))}`);
  if (n.whiteRoom >= 8) light.push(`Brilliance ${signed(Math.min(30, Math.round(n.whiteRoom / 3)))}`);
  if (light.length > 0) steps.push(`Edit → Adjust → ${light.join(', ')} (iPhone and iPad scale; on a Mac the Light sliders run −1 to 1, so divide by 100).`);
  const colour: string[] = [];
  if (n.castB !== 0) colour.push(`Warmth ${signed(-Math.round(n.castB * 2))}`);
  if (n.castA !== 0) colour.push(`Tint ${signed(-Math.round(n.castA * 2))}`);
  if (n.colour > 0) colour.push(`Vibrance ${signed(Math.round(10 + n.colour * 20))}`);
  if (n.colour < 0) colour.push(`Saturation ${signed(-Math.round(5 + -n.colour * 15))}`);
  if (colour.length > 0) steps.push(`Edit → Adjust → ${colour.join(', ')}.`);
  if (n.noise > 0) steps.push(`Edit → Adjust → Noise Reduction ${signed(Math.round(15 + n.noise * 45))}.`);
  if (n.sharpen > 0) {
    steps.push(n.beyondRescue ? 'Edit → Adjust → Sharpness +20 and Definition +15 help a little, but the focus is too soft to rescue: next time use a faster shutter speed.' : `Edit → Adjust → Sharpness ${signed(Math.round(10 + n.sharpen * 30))}, Definition ${signed(Math.round(5 + n.sharpen * 20))}.`);
  }
  if (level === 'advanced') {
    steps.push(input.measurements.lighting.contrast > 0.3 ? 'On a Mac: Adjust → Curves, pull the top of the curve down slightly to soften the highlights.' : 'On a Mac: Adjust → Curves, a gentle S (lower quarter down, upper quarter up) for depth.');
    if (input.category === 'landscape') steps.push('On a Mac: Adjust → Selective Color → Blue: Luminance −10, Saturation +10, to give the sky weight.');
    if (input.measurements.composition.subject) steps.push('Edit → Adjust → Vignette +20, to lead the eye to the subject.');
  }
  if (n.blocks) steps.push('File → Export → Export Photo → JPEG Quality: High or Maximum.');
  steps.push('Tap the photo (or press M on a Mac) to compare with the original.');
  return steps;
}

/**
 * Numbered editing steps for one app, named with that app's own controls, in the direction and
 * rough amount the measurements call for. Advanced tips (professional plan) add local masks,
 * curves and finer controls.
 */
export function composeEditingTips(input: TipsInput): string {
  const needs = needsOf(input);
  const steps =
    input.platform === 'lightroom' ? lightroom(needs, input.level, input) : input.platform === 'google-photos' ? googlePhotos(needs, input.level, input) : applePhotos(needs, input.level, input);
  if (steps.length === 1) {
    // Only the before/after step: say plainly that nothing measured needs fixing, rather than invent work.
    steps.unshift('Nothing measured needs correcting: exposure, clipping, colour, focus and horizon are within range, so any change from here is a matter of taste.');
  }
  return steps.map((step, i) => `${i + 1}. ${step}`).join('\n');
}
