import type { ClarityMeasurement } from '../measure/clarity.measure';
import { AspectScore, Finding, clampScore, oneDecimal } from './aspect-score';

/** Acutance of a visibly soft edge and of a crisp one at the working size (fixture photos span 1.4-3.6). */
const SOFT = 1.3;
const CRISP = 2.9;
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
    focus = 1 + 9 * Math.min(1, Math.max(0, (m.acutance - SOFT) / (CRISP - SOFT)));
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

  const blockPenalty = Math.min(2.5, Math.max(0, m.blockiness - BLOCKS_FREE) * 2);
  if (m.blockiness >= BLOCKS_FREE) {
    evidence.push(`JPEG compression blocks visible (grid strength ${oneDecimal(m.blockiness)}, 1.0 means none)`);
    if (blockPenalty >= 0.5) {
      problems.push({
        aspect: 'clarity',
        topic: 'compression',
        weight: blockPenalty,
        sentence: 'Compression blocks show in smooth tones, so export at a higher JPEG quality.',
      });
    }
  } else {
    evidence.push('no visible JPEG compression blocks');
  }
  return { score: clampScore(focus - noisePenalty - blockPenalty), evidence, problems, strengths };
}
