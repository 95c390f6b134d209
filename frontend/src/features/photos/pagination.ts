// The gallery shows at most five page buttons (spec, section 9), centred on the current page
// where there is room.
export const MAX_PAGE_BUTTONS = 5;

export function pageWindow(current: number, totalPages: number, maxButtons = MAX_PAGE_BUTTONS): number[] {
  const total = Math.max(1, Math.floor(totalPages));
  const page = Math.min(Math.max(1, Math.floor(current)), total);
  const count = Math.min(maxButtons, total);
  const first = Math.min(Math.max(1, page - Math.floor(count / 2)), total - count + 1);
  return Array.from({ length: count }, (_, index) => first + index);
}
