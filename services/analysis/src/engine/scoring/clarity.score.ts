import type { ClarityMeasurement } from '../measure/clarity.measure';
import { AspectScore, Finding, clampScore, oneDecimal } from './aspect-score';

/** Acutance of a visibly soft edge and of a crisp one at the working size (fixture photos span 1.4-3.6). */
const SOFT = 1.3;
const CRISP = 2.9;
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
export function scoreClarity(m: ClarityMeasurement, where: string): AspectScore {
  const evidence: string[] = [];
  const problems: Finding[] = [];
  const strengths: Finding[] = [];
  let focus: number;
  if (m.acutance === null) {
    focus = 1;
    evidence.push('no edges to judge focus on (the frame is flat)');
    problems.push({ aspect: 'clarity', topic: 'focus', weight: 6, sentence: 'There are no edges or detail in the frame to bring into focus.' });
  } else {
    // 1.5 at a soft edge, 10 at a crisp one, and down to 1 for edges softer still, so more blur
    // always costs more.
    focus =
      m.acutance < SOFT
        ? 1 + 0.5 * Math.max(0, (m.acutance - BLURRED) / (SOFT - BLURRED))
        : 1.5 + 8.5 * Math.min(1, (m.acutance - SOFT) / (CRISP - SOFT));
    // Edges that barely stand out of the grain cannot be read as crisp: grain steepens the fine
    // gradient it is read from. Trust the reading less as the noise nears the edges' own contrast.
    const trust = Math.min(1, Math.max(0, 1 - (0.35 * m.noiseSigma) / Math.max(0.1, m.edgeStrength)));
    focus = 1 + (focus - 1) * trust;
    const level = focus >= 8 ? 'crisp' : focus >= 5.5 ? 'acceptably sharp' : focus >= 3 ? 'soft' : 'blurred';
    evidence.push(`edges on ${where} are ${level} (acutance ${oneDecimal(m.acutance)}, where 1.3 is soft and 2.9 crisp)`);
    if (focus >= 8) strengths.push({ aspect: 'clarity', topic: 'focus', weight: focus - 7, sentence: `Focus on ${where} is crisp, with fine detail holding up.` });
    else if (focus < 5.5) {
      problems.push({
        aspect: 'clarity',
        topic: 'focus',
        weight: 7 - focus,
        sentence: `Focus on ${where} is ${level}: a faster shutter speed, a steadier support or focusing on ${where === 'the frame' ? 'the main point of interest' : where} would sharpen it.`,
      });
    }
  }

  // Grows with every grey level of noise (never flat), saturating towards 7 points for heavy grain.
  const noisePenalty = 7 * (1 - Math.exp(-Math.max(0, m.noiseSigma - NOISE_FREE) / 6));
  const noiseWord = m.noiseSigma < NOISE_FREE ? 'low' : m.noiseSigma < 3 ? 'visible' : m.noiseSigma < 6 ? 'strong' : 'heavy';
  evidence.push(`noise ${noiseWord} (σ ${oneDecimal(m.noiseSigma)} grey levels in the flattest areas)`);
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
    evidence.push(`JPEG compression blocks visible (grid strength ${oneDecimal(m.blockiness)}, 1.0 means none)`);
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
