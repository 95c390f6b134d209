// Plan usage as the limits card and the profile show it: percentages of the plan's storage and
// daily uploads, the 999999 "unlimited" marker, and the warning above 80 % (spec, section 9).
import type { UploadLimits } from './types';

export const UNLIMITED_DAILY_UPLOADS = 999_999;
export const USAGE_WARNING_PERCENT = 80;

export function isUnlimited(dailyUploads: number): boolean {
  return dailyUploads >= UNLIMITED_DAILY_UPLOADS;
}

/** Used as a whole percentage of the limit, 0 to 100. */
export function usagePercent(used: number, limit: number): number {
  if (!(limit > 0)) return used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((used / limit) * 100)));
}

export function isNearLimit(percent: number): boolean {
  return percent > USAGE_WARNING_PERCENT;
}

export interface UsageSummary {
  storagePercent: number;
  /** Null when daily uploads are unlimited. */
  dailyPercent: number | null;
  storageWarning: boolean;
  dailyWarning: boolean;
}

export function summariseUsage(limits: UploadLimits): UsageSummary {
  const storagePercent = usagePercent(limits.storageUsedMB, limits.storageLimitMB);
  const dailyPercent = isUnlimited(limits.dailyUploads) ? null : usagePercent(limits.dailyUploadsUsed, limits.dailyUploads);
  return {
    storagePercent,
    dailyPercent,
    storageWarning: isNearLimit(storagePercent),
    dailyWarning: dailyPercent !== null && isNearLimit(dailyPercent),
  };
}

/** "250 MB" below a gigabyte, "25 GB" from there. */
export function formatStorage(mb: number): string {
  if (mb >= 1024) {
    const gb = mb / 1024;
    return `${Number.isInteger(gb) ? gb : gb.toFixed(1)} GB`;
  }
  if (mb === 0) return '0 MB';
  if (mb < 10) return `${mb.toFixed(1)} MB`;
  return `${Math.round(mb)} MB`;
}
