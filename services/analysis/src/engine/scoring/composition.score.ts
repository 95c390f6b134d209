import { COMPOSITION_HEAD, CompositionHead, learnedFramingTerm } from '../composition/composition-head';
import type { CompositionMeasurement, Subject } from '../measure/measure-photo';
import { offLevel } from '../measure/lean';
import type { SubjectRef } from '../subject/name-subject';
import { AspectScore, Finding, clampScore, oneDecimal, percent } from './aspect-score';
import { be, capitalise, pronoun, verb } from './words';

/** What the learned framing term reads besides the measurements: the detector backbone's pooled features. */
export interface LearnedFramingInput {
  backbone: ArrayLike<number>;
  /**
   * The same frame mirrored left to right: measured again and read again by the detector. Left and
   * right make no difference to composition, so the score is the mean of the two frames' scores.
   */
  mirror?: { composition: CompositionMeasurement; backbone: ArrayLike<number> } | null;
}

/** Where the measured terms start from: a frame with nothing for or against it. */
const NEUTRAL = 6.6;

/** Horizons steeper than this are slopes (hills, shores), not a tilted camera: nothing is claimed. */
export const MAX_HORIZON_TILT = 8;
/** A level horizon within this many degrees reads as level. */
const LEVEL = 0.4;

/** A lean this clear (`FrameLean.strength`) counts fully; weaker ones count in proportion, from 35 %. */
const CLEAR_LEAN = 0.15;

/**
 * Composition from the geometry measured, as a sum of continuous terms, so a small change to the
 * frame moves the score a little and a bigger one more:
 *  - the subject (detector box, else the salient region when one stands out): its place against the thirds and the
 *    centre, how close it crowds an edge, whether the frame cuts it, and how much of the frame it
 *    fills (room to breathe);
 *  - for every photo: how much of the fine detail runs into the frame's outer ring (calm edges
 *    against cramped or cut ones), the depth of layers from top to bottom, and the level — the
 *    horizon's when one is found, else the lean of all the straight lines (horizontals and
 *    verticals), weighted by how clearly they agree;
 *  - without a subject, the horizon's height against the thirds.
 */
export function scoreComposition(m: CompositionMeasurement, where: SubjectRef, learned: LearnedFramingInput | null, head: CompositionHead = COMPOSITION_HEAD): AspectScore {
  const own = scoreFrame(m, where, learned, head);
  const mirror = learned?.mirror;
  if (!mirror) return own;
  // A detection near the detector's threshold can come and go with a small change to the frame
  // (a crab read as a horse at 27 %), and its terms swing the score. The mirrored frame is an
  // independent second look at the same composition: averaging the two halves that noise.
  const mirrored = scoreFrame(mirror.composition, where, { backbone: mirror.backbone }, head);
  const score = (own.score + mirrored.score) / 2;
  return { ...own, score, evidence: [...own.evidence, 'scored as it is and mirrored left to right, and averaged (left and right make no difference to composition)'] };
}

/** One frame's composition score (`scoreComposition` averages the frame and its mirror image). */
function scoreFrame(m: CompositionMeasurement, where: SubjectRef, learned: LearnedFramingInput | null, head: CompositionHead): AspectScore {
  const evidence: string[] = [];
  const problems: Finding[] = [];
  const strengths: Finding[] = [];
  let score = NEUTRAL;

  const subject = m.subject;
  if (subject) {
    const { x, y } = subject.centroid;
    const thirdsDistance = Math.min(...POWER_POINTS.map(([px, py]) => Math.hypot(x - px, y - py)));
    const area = subject.box.width * subject.box.height;
    const edgeContact = sidesTouched(subject.box);
    const fromCentre = Math.hypot(x - 0.5, y - 0.5);
    const fromEdge = Math.min(x, 1 - x, y, 1 - y);
    evidence.push(
      subject.source === 'detector'
        ? `the subject stands out by its shape (${Math.round(subject.confidence * 100)} % sure)`
        : 'no animal or person recognised: the subject is the area that stands out in colour and focus',
    );
    // A clear point of interest is a strength of its own; losing it (cut away, cropped out) costs.
    score += subject.source === 'detector' ? 0.4 + 0.8 * ramp((subject.confidence - 0.25) / 0.35) : 0.8 * ramp((subject.confidence - 0.2) / 0.3);
    // Placement: continuous in the subject's position, so a small shift moves the score a little.
    const thirdsBonus = 1.6 * ramp(1 - thirdsDistance / 0.15);
    const centreBonus = 0.6 * ramp(1 - fromCentre / 0.1);
    const edgePenalty = 3 * ramp((0.2 - fromEdge) / 0.2);
    score += Math.max(thirdsBonus, centreBonus) - edgePenalty;
    if (edgePenalty >= 0.75) {
      evidence.push(`${where.phrase} ${verb(where, 'sits', 'sit')} ${percent(fromEdge)} of the frame from its edge`);
      problems.push({ aspect: 'composition', topic: 'placement', weight: edgePenalty, sentence: `${capitalise(where.phrase)} ${verb(where, 'crowds', 'crowd')} the edge of the frame, so give ${pronoun(where)} room to look or move into.` });
    } else if (thirdsBonus >= centreBonus && thirdsBonus > 0) {
      evidence.push(`${where.phrase} ${be(where)} ${percent(thirdsDistance)} of the frame from a rule-of-thirds point`);
      if (thirdsBonus >= 1) strengths.push({ aspect: 'composition', topic: 'placement', weight: thirdsBonus, sentence: `Placing ${where.phrase} near a rule-of-thirds point gives the frame balance and movement.` });
    } else if (centreBonus > 0) {
      evidence.push(`${where.phrase} ${be(where)} centred`);
      problems.push({ aspect: 'composition', topic: 'placement', weight: 0.6, sentence: `${capitalise(where.phrase)} ${be(where)} centred, which feels static: try placing ${pronoun(where)} on a third.` });
    } else {
      evidence.push(`${where.phrase} ${be(where)} between the centre and the thirds (${percent(thirdsDistance)} of the frame from the nearest thirds point)`);
    }

    evidence.push(`${where.phrase} ${verb(where, 'fills', 'fill')} ${percent(area)} of the frame`);
    // Size: room to breathe. Best up to a third of the frame, then less and less room around it;
    // a speck under 3 % loses up to 1.5.
    const size = area < 0.03 ? -1.5 * ramp((0.03 - area) / 0.025) : -3 * ramp((area - 0.3) / 0.6);
    score += size;
    if (area < 0.02) problems.push({ aspect: 'composition', topic: 'size', weight: -size, sentence: `${capitalise(where.phrase)} ${be(where)} small in the frame, so get closer or crop in.` });
    else if (area >= 0.7) problems.push({ aspect: 'composition', topic: 'size', weight: -size, sentence: `${capitalise(where.phrase)} ${verb(where, 'fills', 'fill')} the frame edge to edge, so step back or crop looser to give ${pronoun(where)} room.` });

    if (edgeContact.length > 0) {
      // A frame-filling portrait touches the edges by design; a mid-sized subject touching them is cut off.
      const perSide = area > 0.6 ? 0.3 : 0.75;
      // Cut on one side while the opposite side stands empty is a careless crop, whatever the size.
      const box = subject.box;
      const lopsided =
        (edgeContact.includes('left') !== edgeContact.includes('right') && 1 - box.width >= 0.2 ? 1 : 0) +
        (edgeContact.includes('top') !== edgeContact.includes('bottom') && 1 - box.height >= 0.2 ? 1 : 0);
      const penalty = perSide * edgeContact.length + 1.2 * lopsided;
      score -= penalty;
      evidence.push(`${where.phrase} ${verb(where, 'touches', 'touch')} the ${edgeContact.join(', ')} edge${edgeContact.length > 1 ? 's' : ''}${lopsided > 0 ? ' with open space on the opposite side' : ''}`);
      if (penalty >= 0.7) problems.push({ aspect: 'composition', topic: 'framing', weight: penalty, sentence: `The frame cuts into ${where.phrase}, so leave a little space around ${pronoun(where)}.` });
    }
  } else {
    // Without a point of interest the frame must hold together as a scene (layers, horizon, level).
    score -= 1;
    evidence.push('no single subject: judged as a scene (edges, layers, horizon, level)');
  }
  // Calm edges: detail running into the outer ring means something is cut or cramped.
  const crampedEdges = 2.2 * ramp((m.edgeWeight - 0.5) / 1.5);
  score -= crampedEdges;
  evidence.push(m.edgeWeight < 0.8 ? 'the edges of the frame are calm' : m.edgeWeight < 1.5 ? 'some detail runs into the edges of the frame' : 'busy detail runs into the edges of the frame');
  if (m.edgeWeight >= 1.5 && m.edgeContact.length === 0) {
    problems.push({ aspect: 'composition', topic: 'framing', weight: crampedEdges, sentence: 'The busiest detail runs into the edges of the frame, so a looser framing would give it room.' });
  }
  if (m.othersCut > 0) {
    // Another animal sliced by the frame's edge pulls the eye out of the picture.
    const cut = Math.min(2, 0.9 * m.othersCut);
    score -= cut;
    evidence.push(`${m.othersCut} more animal${m.othersCut > 1 ? 's' : ''} or ${m.othersCut > 1 ? 'people' : 'person'} cut by the frame's edge`);
  }
  // Balance: the frame's visual weight far off to one side (a subject pushed out, half cut off)
  // leaves the rest empty. A subject on a third puts the weight about 0.17 from the centre: free.
  if (m.weightCentre) {
    const offset = Math.hypot(m.weightCentre.x - 0.5, m.weightCentre.y - 0.5);
    const imbalance = 2.5 * ramp((offset - 0.15) / 0.2);
    score -= imbalance;
    evidence.push(offset < 0.15 ? 'the eye is drawn near the centre of the frame' : `the eye is drawn ${percent(offset)} of the frame away from its centre`);
    if (imbalance >= 1) problems.push({ aspect: 'composition', topic: 'placement', weight: imbalance, sentence: 'The visual weight sits far to one side and leaves the rest of the frame empty, so recompose to balance it.' });
  }
  // Layers from top to bottom (sky, distance, ground): a frame that holds several reads with depth.
  const layers = 1.8 * ramp(m.layering / 45);
  score += layers;
  evidence.push(m.layering >= 30 ? 'clear layers from top to bottom (sky, distance, ground)' : m.layering >= 12 ? 'some layering from top to bottom' : 'little change from top to bottom');

  const tilt = scoreLevel(m, (delta) => (score += delta), evidence, strengths);

  const horizon = m.horizon && Math.abs(m.horizon.angle) <= MAX_HORIZON_TILT ? m.horizon : null;
  if (horizon && !subject) {
    const fromThird = Math.min(Math.abs(horizon.position - 1 / 3), Math.abs(horizon.position - 2 / 3));
    const thirdBonus = 1.2 * ramp(1 - fromThird / 0.1);
    score += thirdBonus;
    if (thirdBonus >= 0.6) {
      evidence.push('horizon on a third of the frame height');
      strengths.push({ aspect: 'composition', topic: 'placement', weight: thirdBonus, sentence: 'Placing the horizon on a third balances sky and land.' });
    } else if (Math.abs(horizon.position - 0.5) <= 0.06) {
      evidence.push('horizon across the middle of the frame');
      problems.push({ aspect: 'composition', topic: 'placement', weight: 0.5, sentence: 'The horizon splits the frame in half; moving it to a third would give one part the lead.' });
    } else {
      evidence.push(`horizon at ${percent(horizon.position)} of the frame height`);
    }
  }
  if (learned) {
    // The learned framing term (see composition-head.ts): how this frame ranks against the same
    // scene tilted, pushed off-centre or cropped tighter, as the fixture photographers' own framings
    // taught it. The measured terms keep the weight chosen with it in cross-validation.
    const term = learnedFramingTerm(m, learned.backbone, head);
    score = NEUTRAL + head.measuredWeight * (score - NEUTRAL) + term;
    evidence.push(`against the same scene tilted, off-centre or cropped tighter, this framing ranks ${term >= 0.8 ? 'well' : term >= -0.8 ? 'about average' : 'low'}`);
    // The share of the frame's line energy turned off level and plumb (`offLevel`): every line
    // counts, in proportion to how clearly the lines agree, so a small turn costs a little on any
    // photo with lines, and a turned horizon or row of trunks costs most.
    if (m.axes) {
      const cost = head.offLevelPoints * offLevel(m.axes);
      score -= cost;
      if (Math.abs(m.axes.angle) >= 1 && m.axes.alignment >= 0.1) evidence.push(`the lines as a whole run ${Math.round(Math.abs(m.axes.angle))}° off level`);
    }
  } else {
    evidence.push('judged on the measurements alone (the comparison with other framings did not run)');
  }
  // No horizon or clear lean named the turn, but the line energy as a whole is turned clearly enough
  // that its term costs points: the photographer is told why (unless the horizon or lines read level).
  const turned = tilt ?? (learned && !strengths.some((f) => f.topic === 'level') ? turnedLines(m, head) : null);
  if (turned) {
    // A tilt a photographer sees is named and costs in full, whatever the blend gives the measured terms.
    const finding = tiltFinding(turned);
    score -= finding.weight;
    problems.push(finding);
  }
  return { score: clampScore(score), evidence, problems, strengths };
}

/**
 * The level: a found horizon counts fully; otherwise the lean of all straight lines, in proportion
 * to how clearly they agree (`CLEAR_LEAN`). The cost grows with every degree past half a degree, so
 * turning a photo further always costs more. Feedback names a tilt only when the lines are clear.
 */
function scoreLevel(m: CompositionMeasurement, add: (delta: number) => void, evidence: string[], strengths: Finding[]): NamedTilt | null {
  const lean = m.lean;
  // A horizon line is trusted when all the straight lines agree with it (or there are none to ask):
  // a shore or a ridge can pass the horizon test at a slant of its own.
  const horizon =
    confidentHorizon(m) ?? (m.horizon && Math.abs(m.horizon.angle) <= MAX_HORIZON_TILT && (!lean || Math.abs(lean.angle - m.horizon.angle) <= 1.5) ? m.horizon : null);
  if (!horizon && !lean) {
    evidence.push('no horizon or straight lines to judge the level by');
    return null;
  }
  const angle = horizon ? horizon.angle : (lean as NonNullable<typeof lean>).angle;
  const clarity = horizon ? 1 : 0.35 + 0.65 * ramp((lean as NonNullable<typeof lean>).strength / CLEAR_LEAN);
  const clear = horizon !== null || (lean?.strength ?? 0) >= CLEAR_LEAN;
  const tilt = Math.abs(angle);
  const bonus = 0.8 * clarity * ramp(1 - tilt / 1.2);
  const penalty = clarity * Math.min(4, 0.5 * Math.max(0, tilt - LEVEL));
  add(bonus - penalty);
  const what = horizon ? 'horizon' : 'straight lines';
  if (tilt <= LEVEL) evidence.push(`${what} level (${oneDecimal(tilt)}°)`);
  else if (horizon) evidence.push(`horizon tilted ${oneDecimal(tilt)}° (drops to the ${angle > 0 ? 'right' : 'left'})`);
  else evidence.push(`straight lines lean ${oneDecimal(tilt)}° ${angle > 0 ? 'clockwise' : 'anticlockwise'}${clear ? '' : ', but they do not agree enough to be sure'}`);
  if (clear && tilt <= LEVEL) {
    strengths.push({ aspect: 'composition', topic: 'level', weight: 0.8, sentence: horizon ? 'The horizon is level.' : 'The frame is level, with its lines standing straight.' });
    return null;
  }
  return namedTilt(m);
}

/**
 * A horizon sure enough to name a tilt by: straight across (nearly) the whole width with a strong step
 * in brightness, and neither clearly agreeing straight lines nor the lines' axes turned another way
 * (a sloping shore, bank or ridge passes the horizon test at a slant of its own, and the rest of the
 * frame's lines then disagree with it).
 */
function confidentHorizon(m: CompositionMeasurement): NonNullable<CompositionMeasurement['horizon']> | null {
  const h = m.horizon;
  if (!h || Math.abs(h.angle) > MAX_HORIZON_TILT || h.coverage < CONFIDENT_COVERAGE || h.contrast < CONFIDENT_CONTRAST) return null;
  if (m.lean && m.lean.strength >= CLEAR_LEAN && Math.abs(m.lean.angle - h.angle) > 1.5) return null;
  if (m.axes && m.axes.alignment >= AGREEING_AXES && Math.abs(m.axes.angle - h.angle) > 1.5) return null;
  return h;
}

/**
 * The tilt the feedback names and the score pays for in full: that of a confident horizon (up to
 * `MAX_HORIZON_TILT`), else of strongly agreeing straight lines (trunks, posts, a jetty, up to
 * `MAX_NAMED_TILT`, past 8° only with a horizon turning the same way), from `NAMED_TILT`. A strong line the other lines contradict, weakly agreeing
 * lines and the lines' axes alone name nothing.
 */
function namedTilt(m: CompositionMeasurement): NamedTilt | null {
  const named = (angle: number, horizon: boolean): NamedTilt | null => {
    const degrees = Math.abs(angle);
    if (degrees < NAMED_TILT || degrees > (horizon ? MAX_HORIZON_TILT : MAX_NAMED_TILT)) return null;
    return horizon || degrees <= MAX_HORIZON_TILT || horizonTurnsWith(m, angle) ? { degrees, horizon } : null;
  };
  const horizon = confidentHorizon(m);
  if (horizon) return named(horizon.angle, true);
  if (m.horizon && m.horizon.coverage >= CONFIDENT_COVERAGE && m.horizon.contrast >= CONFIDENT_CONTRAST) return null;
  return m.lean && m.lean.strength >= STRONG_LINES ? named(m.lean.angle, false) : null;
}

/**
 * The turn of the line energy as a whole (`LineAxes`), named when it lies between `NAMED_TILT` and `MAX_NAMED_TILT`,
 * its term (`offLevelPoints × alignment × sin 2|turn|`) costs at least `NAMED_LINE_COST` (the same
 * measure that lowered the score), and the strongest run of lines (`FrameLean`, however faint) turns
 * the same way within `LINES_AGREE`° (past `MAX_HORIZON_TILT`, a horizon instead). Level photos can read 5-6° on the axes alone at 30-47 %
 * alignment (a shoal of fish, hills, a duck by a sloping bank), but then their strongest lines run
 * elsewhere; a turned frame turns both. A clear horizon that reads level wins.
 */
function turnedLines(m: CompositionMeasurement, head: CompositionHead): NamedTilt | null {
  const { axes, lean } = m;
  if (!axes) return null;
  const degrees = Math.abs(axes.angle);
  if (degrees < NAMED_TILT || degrees > MAX_NAMED_TILT) return null;
  // Past 8° the horizon is the witness (the strongest run of lines can then wander: 1.7° on the hilltop sunset turned 5°).
  const agrees = degrees > MAX_HORIZON_TILT ? horizonTurnsWith(m, axes.angle) : lean !== null && Math.abs(lean.angle - axes.angle) <= LINES_AGREE;
  if (!agrees) return null;
  // A clear horizon straight across the frame that reads level outweighs the lines' turn.
  const h = m.horizon;
  if (h && h.coverage >= CONFIDENT_COVERAGE && h.contrast >= CONFIDENT_CONTRAST && Math.abs(h.angle) < NAMED_TILT) return null;
  return head.offLevelPoints * offLevel(axes) >= NAMED_LINE_COST ? { degrees, horizon: false, from: 'axes' } : null;
}

/**
 * Past `MAX_HORIZON_TILT`, lines alone are as often a diagonal subject (a heron in flight, a fish, a
 * squirrel on a slope, all framed so) as a crooked frame: the turn is named only when a horizon found
 * across the frame turns the same way, within `LINES_AGREE`°.
 */
function horizonTurnsWith(m: CompositionMeasurement, angle: number): boolean {
  return m.horizon !== null && Math.abs(m.horizon.angle - angle) <= LINES_AGREE;
}

/** A tilt the feedback names and the score pays for in full (not a tenth, as the measured terms count). */
interface NamedTilt {
  degrees: number;
  horizon: boolean;
  /** Read from the line energy as a whole rather than a horizon or one clear lean. */
  from?: 'axes';
}

/**
 * The line energy's term must cost this many points before its turn is named (a 5° turn at 46 %
 * alignment); the level fixture and held-out photos whose axes read 5-6° cost up to 0.42.
 */
const NAMED_LINE_COST = 0.4;
/** The strongest run of lines and the line energy as a whole agree on a turn within this many degrees. */
const LINES_AGREE = 1.5;

/** A tilt this large is named; below it a photo reads as level to most eyes, and a sloping line can read as one. */
const NAMED_TILT = 2.5;
/**
 * Straight lines turned up to this many degrees read as a crooked frame; past it, as a deliberate
 * diagonal. A photo framed 2-6° off that is turned 5° more reads 8-14°, so the bound is not the
 * horizon's 8° (past which a line across the frame is a slope of land).
 */
const MAX_NAMED_TILT = 12;
/** Points per degree past one that a named tilt costs after the blend: a 5° tilt of a clear horizon costs 1.8. */
const TILT_POINTS = 0.45;
/** A confident horizon runs across this share of the width at least, with at least this step in brightness (grey levels). */
const CONFIDENT_COVERAGE = 0.95;
const CONFIDENT_CONTRAST = 40;
/** The lines' axes disagree with a horizon when they agree this clearly among themselves. */
const AGREEING_AXES = 0.4;
/** Straight lines name a tilt without a horizon only when they agree this strongly (`FrameLean.strength`). */
const STRONG_LINES = 0.2;

/** What a named tilt costs and how the feedback says it ("The horizon tilts about 5° — straighten it."). */
function tiltFinding(tilt: NamedTilt): Finding {
  const degrees = Math.max(2, Math.round(tilt.degrees));
  return {
    aspect: 'composition',
    topic: 'level',
    weight: Math.min(2.5, TILT_POINTS * Math.max(0, tilt.degrees - 1)),
    sentence: tilt.horizon
      ? `The horizon tilts about ${degrees}° — straighten it.`
      : tilt.from === 'axes'
        ? `The frame looks tilted by about ${degrees}° — straighten it.`
        : `The frame leans about ${degrees}°, judging by its straight lines — straighten it.`,
  };
}

const POWER_POINTS = [
  [1 / 3, 1 / 3],
  [2 / 3, 1 / 3],
  [1 / 3, 2 / 3],
  [2 / 3, 2 / 3],
] as const;

/** A box this close to a side (frame fractions) touches it: the subject is cut by the frame, not merely near it. */
function sidesTouched(box: Subject['box']): Array<'left' | 'right' | 'top' | 'bottom'> {
  const margin = 0.004;
  const sides: Array<'left' | 'right' | 'top' | 'bottom'> = [];
  if (box.x <= margin) sides.push('left');
  if (box.x + box.width >= 1 - margin) sides.push('right');
  if (box.y <= margin) sides.push('top');
  if (box.y + box.height >= 1 - margin) sides.push('bottom');
  return sides;
}

/** 0-1, linear in between. */
function ramp(value: number): number {
  return Math.min(1, Math.max(0, value));
}

