/** How the evaluation and training scripts print their figures. */

/**
 * A share as a whole percentage with its count, "89 % (60/67)". Rounded down, so a share just under
 * a bar (60 of 67 is 89.6 %) never prints as reaching it.
 */
export function pct(n: number, d: number): string {
  return d === 0 ? 'n/a' : `${Math.floor((100 * n) / d + 1e-9)} % (${n}/${d})`;
}
