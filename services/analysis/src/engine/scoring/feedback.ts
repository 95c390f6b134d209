import { Aspect, AspectScore, Finding } from './aspect-score';

/**
 * Feedback is assembled only from findings of the measurements, most useful first: it opens with
 * the costliest problem when one costs a point or more (what to fix first), else with the strongest
 * point; then up to two strengths and the remaining problems (three problems at most), or a note that
 * none stands out. No label ("A wildlife photo of…"): the badge and the subject line say that. A
 * strength is never said beside a problem on the same topic. When the photographer named the subject
 * (`subjectPhrase`, "the hedgehog") and no chosen sentence speaks of it, the most useful finding
 * that does is added. Every sentence ends with one full stop,
 * so the web can split the text into sentences.
 */
export function composeFeedback(aspects: Readonly<Record<Aspect, AspectScore>>, subjectPhrase?: string): string {
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
  const [first] = problems;
  const leadWithProblem = first !== undefined && first.weight >= 1;
  const sentences = leadWithProblem ? [first.sentence, ...strengths.map((f) => f.sentence), ...problems.slice(1).map((f) => f.sentence)] : [...strengths.map((f) => f.sentence), ...problems.map((f) => f.sentence)];
  // The photographer named the subject: when none of the chosen sentences speaks of it, the most
  // useful finding that does is added (a real finding on it, never a template).
  const named = subjectPhrase?.toLowerCase();
  if (named && !sentences.some((s) => s.toLowerCase().includes(named))) {
    const onSubject = [...all.flatMap((a) => a.strengths).filter((f) => !criticised.has(f.topic)), ...all.flatMap((a) => a.problems)]
      .filter((f) => f.sentence.toLowerCase().includes(named) && !sentences.includes(f.sentence))
      .sort(byWeight)[0];
    if (onSubject) sentences.push(onSubject.sentence);
  }
  if (problems.length === 0) sentences.push('No measured problem stands out, so the next step is a rarer moment or more dramatic light.');
  return sentences.join(' ');
}
