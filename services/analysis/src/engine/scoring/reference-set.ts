import type { ReferenceSet } from './creativity.score';
import referenceSet from './reference-set.json';

/** The reference photos' signatures shipped with the service (see `ReferenceSet`). */
export const REFERENCE_SET: ReferenceSet = referenceSet;
