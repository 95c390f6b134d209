// The featured carousel shows three photos and moves on by three every 25 s (spec, section 2),
// wrapping to the start after the last group.
export const FEATURED_VISIBLE = 3;
export const FEATURED_ADVANCE_MS = 25_000;

export function groupCount(total: number, perGroup = FEATURED_VISIBLE): number {
  return Math.max(1, Math.ceil(total / perGroup));
}

export function nextGroup(current: number, total: number, perGroup = FEATURED_VISIBLE): number {
  return (current + 1) % groupCount(total, perGroup);
}

export function previousGroup(current: number, total: number, perGroup = FEATURED_VISIBLE): number {
  const groups = groupCount(total, perGroup);
  return (current - 1 + groups) % groups;
}

export function visibleItems<T>(items: readonly T[], group: number, perGroup = FEATURED_VISIBLE): T[] {
  const start = (group % groupCount(items.length, perGroup)) * perGroup;
  return items.slice(start, start + perGroup);
}
