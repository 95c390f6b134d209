import type { ClarityMeasurement } from '../measure/clarity.measure';
import type { SubjectRef } from '../subject/name-subject';
import { AspectScore, Finding, clampScore } from './aspect-score';

/** Acutance of a visibly soft edge and of a crisp one at the working size (fixture photos span 1.4-3.6). */
const SOFT = 1.3;
const CRISP = 2.9;
/** Acutance of an excellent edge, where focus reaches 10 (the sharpest fixture photos read 3.6-4.1). */
const EXCELLENT = 3.8;
/** Acutance of an edge with no fine detail left at all (a ratio of 1 between the two scales). */
const BLURRED = 1;
/** Noise below this standard deviation (grey levels) is invisible at normal viewing. */
const NOISE_FREE = 1.5;
/** Blockiness at which JPEG blocks start to show. */
const BLOCKS_FREE = 1.35;

/**
 * Clarity = focus on the subject, minus visible noise and compression blocks. Each part is a
 * measurement on the pixels; `where` names what focus was read on ("the bird", "the frame").
 */
export function scoreClarity(m: ClarityMeasurement, subject: SubjectRef): AspectScore {
  const where = subject.phrase;
  const evidence: string[] = [];
  const problems: Finding[] = [];
  const strengths: Finding[] = [];
  let focus: number;
  if (m.acutance === null) {
    focus = 1;
    evidence.push('no edges to judge focus on (the frame is flat)');
    problems.push({ aspect: 'clarity', topic: 'focus', weight: 6, sentence: 'There are no edges or detail in the frame to bring into focus.' });
  } else {
    // 1.5 at a soft edge, 8 at a crisp one, and down to 1 for edges softer still, so more blur
    // always costs more. The top two points separate crisp from excellent: edges steeper still, at
    // the working size and at full resolution alike (a photo sharp when viewed whole but soft at
    // full size does not reach them).
    const top = Math.min(m.acutance, m.detailAcutance ?? m.acutance);
    focus =
      m.acutance < SOFT
        ? 1 + 0.5 * Math.max(0, (m.acutance - BLURRED) / (SOFT - BLURRED))
        : m.acutance <= CRISP
          ? 1.5 + 6.5 * ((m.acutance - SOFT) / (CRISP - SOFT))
          : 8 + 2 * Math.min(1, Math.max(0, (top - CRISP) / (EXCELLENT - CRISP)));
    // Edges that barely stand out of the grain cannot be read as crisp: grain steepens the fine
    // gradient it is read from. Trust the reading less as the noise nears the edges' own contrast.
    const trust = Math.min(1, Math.max(0, 1 - (0.35 * m.noiseSigma) / Math.max(0.1, m.edgeStrength)));
    focus = 1 + (focus - 1) * trust;
    const level = focus >= 9.3 ? 'tack sharp' : focus >= 8 ? 'crisp' : focus >= 5.5 ? 'acceptably sharp' : focus >= 3 ? 'soft' : 'blurred';
    evidence.push(`edges on ${where} are ${level}`);
    if (focus >= 9.3) strengths.push({ aspect: 'clarity', topic: 'focus', weight: focus - 7, sentence: `Focus on ${where} is tack sharp, with fine detail holding up at full size.` });
    else if (focus >= 8) strengths.push({ aspect: 'clarity', topic: 'focus', weight: focus - 7, sentence: `Focus on ${where} is crisp.` });
    else if (focus < 5.5) {
      problems.push({
        aspect: 'clarity',
        topic: 'focus',
        weight: 7 - focus,
        sentence: `Focus on ${where} is ${level}: a faster shutter speed, a steadier support or focusing on ${subject.of ?? (where === 'the photo' ? 'the main point of interest' : where)} would sharpen it.`,
      });
    }
  }

  // Grows with every grey level of noise (never flat), saturating towards 7 points for heavy grain.
  const noisePenalty = 7 * (1 - Math.exp(-Math.max(0, m.noiseSigma - NOISE_FREE) / 6));
  const noiseWord = m.noiseSigma < NOISE_FREE ? 'low' : m.noiseSigma < 3 ? 'visible' : m.noiseSigma < 6 ? 'strong' : 'heavy';
  evidence.push(`grain is ${noiseWord} in the smoothest areas`);
  if (noisePenalty >= 0.5) {
    problems.push({
      aspect: 'clarity',
      topic: 'noise',
      weight: noisePenalty,
      sentence: `Noise is ${noiseWord} in the smooth areas, so a lower ISO or some noise reduction would clean it up.`,
    });
  }

  // Blocks take a share of what the focus earned (up to 60 %) rather than fixed points, so a soft,
  // blocky photo keeps some room above the floor and smoothing the blocks away never pays.
  const blockShare = Math.min(0.6, Math.max(0, m.blockiness - BLOCKS_FREE) * 0.4);
  if (m.blockiness >= BLOCKS_FREE) {
    evidence.push('JPEG compression blocks show in smooth areas');
  } else {
    evidence.push('no visible JPEG compression blocks');
  }
  // Grain adds fine gradients of its own, which can read as crispness on a soft photo; so noise also
  // caps what the photo can score, however crisp its edges read.
  const noiseCeiling = 10 - 1.6 * noisePenalty;
  const beforeBlocks = clampScore(Math.min(focus - noisePenalty, noiseCeiling));
  const score = 1 + (beforeBlocks - 1) * (1 - blockShare);
  const blockPenalty = beforeBlocks - score;
  if (blockPenalty >= 0.5) {
    problems.push({
      aspect: 'clarity',
      topic: 'compression',
      weight: blockPenalty,
      sentence: 'Compression blocks show in smooth tones, so export at a higher JPEG quality.',
    });
  }
  return { score: clampScore(score), evidence, problems, strengths };
}
