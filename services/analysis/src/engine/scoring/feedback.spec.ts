import { Aspect, AspectScore, Finding, FindingTopic } from './aspect-score';
import { composeFeedback } from './feedback';

const finding = (aspect: Aspect, weight: number, topic: FindingTopic, sentence: string): Finding => ({ aspect, weight, topic, sentence });
const aspect = (strengths: Finding[], problems: Finding[] = []): AspectScore => ({ score: 7, evidence: [], strengths, problems });
/** Two strong points on the whole photo and a smaller one on the hedgehog: the selection alone keeps only the first two. */
const aspects: Record<Aspect, AspectScore> = {
  composition: aspect([finding('composition', 0.4, 'placement', 'The hedgehog sits on a strong third.')]),
  lighting: aspect([finding('lighting', 1.2, 'exposure', 'Exposure is well judged for the scene.')]),
  clarity: aspect([finding('clarity', 1.0, 'noise', 'The photo is clean, with no visible noise.')]),
  creativity: aspect([]),
};

describe('feedback', () => {
  it('speaks of the subject the photographer named when a finding does', () => {
    expect(composeFeedback(aspects)).not.toMatch(/hedgehog/);
    expect(composeFeedback(aspects, 'the hedgehog')).toMatch(/The hedgehog sits on a strong third\./);
  });

  it('adds nothing when no finding speaks of it, and never a sentence twice', () => {
    expect(composeFeedback(aspects, 'the heron')).toBe(composeFeedback(aspects));
    const named = composeFeedback(aspects, 'the hedgehog');
    expect(named.split('The hedgehog').length).toBe(2);
  });
});
