import { Aspect, AspectScore, Finding, article } from './aspect-score';
import type { CategoryVerdict } from './category';


function opening(verdict: CategoryVerdict): string {
  const subject = verdict.subject;
  if (verdict.category === 'wildlife') {
    if (!subject || subject === 'animal') return 'A wildlife photo.';
    return /^\d/.test(subject) ? `A wildlife photo of ${subject}.` : `A wildlife photo of ${article(subject)} ${subject}.`;
  }
  if (verdict.category === 'landscape') return 'A landscape photo, judged as a whole scene.';
  if (subject) return /^\d/.test(subject) ? `A nature photo of ${subject}.` : `A nature photo of ${article(subject)} ${subject}.`;
  return verdict.subjectPhrase === 'the main subject' ? 'A close-up nature photo.' : 'A nature photo without one clear subject.';
}

/**
 * Feedback is assembled only from findings of the measurements: what the photo is, its two
 * strongest points, and its three costliest problems (or a note that none stands out). Every
 * sentence ends with one full stop, so the web can split the text into sentences.
 */
export function composeFeedback(verdict: CategoryVerdict, aspects: Readonly<Record<Aspect, AspectScore>>): string {
  const all = Object.values(aspects);
  const byWeight = (a: Finding, b: Finding): number => b.weight - a.weight || a.sentence.localeCompare(b.sentence);
  const problems = all.flatMap((a) => a.problems).sort(byWeight).slice(0, 3);
  // Praise and criticism of the same thing never stand side by side: the problem wins.
  const criticised = new Set(all.flatMap((a) => a.problems).map((f) => f.topic));
  const strengths = all
    .flatMap((a) => a.strengths)
    .filter((f) => !criticised.has(f.topic))
    .sort(byWeight)
    .slice(0, 2);
  const sentences = [opening(verdict), ...strengths.map((f) => f.sentence)];
  if (problems.length > 0) sentences.push(...problems.map((f) => f.sentence));
  else sentences.push('No measured problem stands out, so the next step is a rarer moment or more dramatic light.');
  return sentences.join(' ');
}
