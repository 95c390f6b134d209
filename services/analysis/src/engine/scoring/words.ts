import type { SubjectRef } from '../subject/name-subject';

/** Sentence helpers: the feedback speaks of one subject or several ("the hedgehog is", "the meerkats are"). */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "is" or "are" for a subject; a null subject is "the photo" (singular). */
export function be(subject: SubjectRef | null): string {
  return subject?.plural ? 'are' : 'is';
}

/** The verb in the third person for one subject, the base form for several ("crowds" / "crowd"). */
export function verb(subject: SubjectRef, singular: string, plural: string): string {
  return subject.plural ? plural : singular;
}

/** "it" or "them". */
export function pronoun(subject: SubjectRef): string {
  return subject.plural ? 'them' : 'it';
}
