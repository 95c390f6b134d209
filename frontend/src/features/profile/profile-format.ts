// Dates on the profile, written out in full ("June 4, 2026").
const LONG_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** The date of an ISO timestamp, or null when there is none or it cannot be read. */
export function formatLongDate(iso: string | null | undefined, format: Intl.DateTimeFormat = LONG_DATE): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : format.format(date);
}
