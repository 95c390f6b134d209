/**
 * The secrets a check accepts: the current one and, during a rotation, the previous one (the
 * `*_PREVIOUS` variables). Empty without a current one: nothing is accepted then.
 */
export function acceptedSecrets(current: string | null | undefined, previous?: string | null): readonly string[] {
  if (!current) return [];
  return previous && previous !== current ? [current, previous] : [current];
}
