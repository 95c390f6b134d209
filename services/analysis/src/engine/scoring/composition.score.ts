import type { CompositionMeasurement } from '../measure/measure-photo';
import { AspectScore, Finding, clampScore, oneDecimal, percent } from './aspect-score';

/** Horizons steeper than this are slopes (hills, shores), not a tilted camera: nothing is claimed. */
export const MAX_HORIZON_TILT = 8;
/** A level horizon within this many degrees reads as level. */
const LEVEL = 0.4;

/**
 * Composition from the geometry measured: where the subject sits against the thirds, whether the
 * frame cuts it or it crowds an edge, how much of the frame it fills, and whether the horizon is
 * level (or, without a horizon, whether upright lines stand straight). Without a subject (a
 * scene), the horizon's level and height carry the score.
 */
export function scoreComposition(m: CompositionMeasurement, where: string): AspectScore {
  const evidence: string[] = [];
  const problems: Finding[] = [];
  const strengths: Finding[] = [];
  let score = 5.5;

  const subject = m.subject;
  if (subject && m.thirdsDistance !== null && m.subjectArea !== null) {
    const { x, y } = subject.centroid;
    const fromCentre = Math.hypot(x - 0.5, y - 0.5);
    const fromEdge = Math.min(x, 1 - x, y, 1 - y);
    evidence.push(
      subject.source === 'detector'
        ? `subject found by the detector: ${subject.label ?? 'subject'} (${Math.round(subject.confidence * 100)} % confidence)`
        : 'no animal or person detected: subject taken from the area that stands out in colour and focus',
    );
    // Placement: continuous in the subject's position, so a small shift moves the score a little.
    const thirdsBonus = 2.2 * ramp(1 - m.thirdsDistance / 0.15);
    const centreBonus = 0.8 * ramp(1 - fromCentre / 0.1);
    const edgePenalty = 3 * ramp((0.15 - fromEdge) / 0.15);
    score += Math.max(thirdsBonus, centreBonus) - edgePenalty;
    if (edgePenalty >= 0.5) {
      evidence.push(`${where} sits ${percent(fromEdge)} from the edge of the frame`);
      problems.push({ aspect: 'composition', topic: 'placement', weight: edgePenalty, sentence: `${cap(where)} crowds the edge of the frame, so give it room to look or move into.` });
    } else if (thirdsBonus >= centreBonus && thirdsBonus > 0) {
      evidence.push(`${where} is ${percent(m.thirdsDistance)} of the frame from a rule-of-thirds point`);
      if (thirdsBonus >= 1) strengths.push({ aspect: 'composition', topic: 'placement', weight: thirdsBonus, sentence: `Placing ${where} near a rule-of-thirds point gives the frame balance and movement.` });
    } else if (centreBonus > 0) {
      evidence.push(`${where} is centred`);
      problems.push({ aspect: 'composition', topic: 'placement', weight: 0.6, sentence: `${cap(where)} is centred, which feels static: try placing it on a third.` });
    } else {
      evidence.push(`${where} is between the centre and the thirds (${percent(m.thirdsDistance)} from the nearest thirds point)`);
    }

    const area = m.subjectArea;
    evidence.push(`${where} fills ${percent(area)} of the frame`);
    // Size: best between 5 % and 50 % of the frame, tapering to −1.5 for a speck and 0 for a frame-filler.
    const size = area < 0.05 ? -1.5 + 2.5 * ramp((area - 0.005) / 0.045) : area <= 0.5 ? 1 : 1 - ramp((area - 0.5) / 0.3);
    score += size;
    if (area < 0.02) problems.push({ aspect: 'composition', topic: 'size', weight: 1 - size, sentence: `${cap(where)} is small in the frame, so get closer or crop in.` });
    else if (area >= 0.7) problems.push({ aspect: 'composition', topic: 'size', weight: 1 - size, sentence: `${cap(where)} fills the frame edge to edge, so step back or crop looser to give it room.` });

    if (m.edgeContact.length > 0) {
      // A frame-filling portrait touches the edges by design; a mid-sized subject touching them is cut off.
      const perSide = area > 0.6 ? 0.25 : 0.75;
      // Cut on one side while the opposite side stands empty is a careless crop, whatever the size.
      const box = subject.box;
      const lopsided =
        (m.edgeContact.includes('left') !== m.edgeContact.includes('right') && 1 - box.width >= 0.2 ? 1 : 0) +
        (m.edgeContact.includes('top') !== m.edgeContact.includes('bottom') && 1 - box.height >= 0.2 ? 1 : 0);
      const penalty = perSide * m.edgeContact.length + 1.2 * lopsided;
      score -= penalty;
      evidence.push(`${where} touches the ${m.edgeContact.join(', ')} edge${m.edgeContact.length > 1 ? 's' : ''}${lopsided > 0 ? ' with open space on the opposite side' : ''}`);
      if (penalty >= 0.7) problems.push({ aspect: 'composition', topic: 'framing', weight: penalty, sentence: `The frame cuts into ${where}, so leave a little space around it.` });
    }
  } else {
    evidence.push('no single subject: judged as a scene (horizon, upright lines)');
  }

  const horizon = m.horizon && Math.abs(m.horizon.angle) <= MAX_HORIZON_TILT ? m.horizon : null;
  const verticals = !horizon && m.verticals && Math.abs(m.verticals.angle) <= MAX_HORIZON_TILT ? m.verticals : null;
  const level = horizon ?? verticals;
  if (level) {
    const what = horizon ? 'horizon' : 'upright lines';
    const tilt = Math.abs(level.angle);
    if (tilt <= LEVEL) {
      score += 1;
      evidence.push(`${what} level (${oneDecimal(tilt)}°)`);
      strengths.push({ aspect: 'composition', topic: 'level', weight: 0.8, sentence: horizon ? 'The horizon is level.' : 'Upright lines stand straight.' });
    } else {
      // Trees lean by nature, so a lean of upright lines counts for less than a tilted horizon.
      const penalty = (horizon ? 1 : 0.7) * Math.min(3, 0.5 + 0.8 * (tilt - LEVEL));
      score -= penalty;
      evidence.push(
        horizon
          ? `horizon tilted ${oneDecimal(tilt)}° (drops to the ${level.angle > 0 ? 'right' : 'left'})`
          : `upright lines lean ${oneDecimal(tilt)}° (${level.angle > 0 ? 'clockwise' : 'anticlockwise'})`,
      );
      const degrees = Math.max(1, Math.round(tilt));
      problems.push({
        aspect: 'composition',
        topic: 'level',
        weight: penalty,
        sentence: horizon
          ? `The horizon tilts by about ${degrees} degree${degrees > 1 ? 's' : ''}, so straighten it.`
          : `The frame leans by about ${degrees} degree${degrees > 1 ? 's' : ''}, judging by its upright lines, so straighten it.`,
      });
    }
  } else {
    evidence.push('no horizon or upright lines to judge the level by');
  }
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
  return { score: clampScore(score), evidence, problems, strengths };
}

/** 0-1, linear in between. */
function ramp(value: number): number {
  return Math.min(1, Math.max(0, value));
}

function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
