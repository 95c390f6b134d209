import { formatLongDate } from './profile-format';

const utc = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

describe('formatLongDate', () => {
  it('writes the date out in full', () => {
    expect(formatLongDate('2026-06-04T12:00:00.000Z', utc)).toBe('June 4, 2026');
  });

  it('has nothing to show for a missing or unreadable date', () => {
    expect(formatLongDate(null)).toBeNull();
    expect(formatLongDate(undefined)).toBeNull();
    expect(formatLongDate('not a date')).toBeNull();
  });
});
