import type { UploadLimits } from './types';
import { formatStorage, isNearLimit, summariseUsage, usagePercent } from './usage';

const explorer: UploadLimits = {
  fileSizeLimitMB: 10,
  fileSizeLimitBytes: 10 * 1024 * 1024,
  planName: 'explorer',
  isGuest: false,
  dailyUploads: 5,
  dailyUploadsUsed: 1,
  dailyUploadsRemaining: 4,
  resetTime: '2025-06-05T00:00:00.000Z',
  storageLimitMB: 250,
  storageLimitGB: 0.24,
  storageUsedMB: 12.5,
  storageRemainingMB: 237.5,
};

describe('usage', () => {
  it('computes whole percentages, capped at 100', () => {
    expect(usagePercent(12.5, 250)).toBe(5);
    expect(usagePercent(300, 250)).toBe(100);
    expect(usagePercent(0, 0)).toBe(0);
  });

  it('warns only above 80 percent', () => {
    expect(isNearLimit(80)).toBe(false);
    expect(isNearLimit(81)).toBe(true);
  });

  it('summarises a plan, with unlimited daily uploads shown as such', () => {
    expect(summariseUsage(explorer)).toEqual({ storagePercent: 5, dailyPercent: 20, storageWarning: false, dailyWarning: false });
    expect(summariseUsage({ ...explorer, dailyUploadsUsed: 5, storageUsedMB: 210 })).toEqual({
      storagePercent: 84,
      dailyPercent: 100,
      storageWarning: true,
      dailyWarning: true,
    });
    expect(summariseUsage({ ...explorer, dailyUploads: 999999, dailyUploadsUsed: 40 }).dailyPercent).toBeNull();
  });

  it('formats storage in MB or GB', () => {
    expect(formatStorage(250)).toBe('250 MB');
    expect(formatStorage(3.25)).toBe('3.3 MB');
    expect(formatStorage(0)).toBe('0 MB');
    expect(formatStorage(25600)).toBe('25 GB');
    expect(formatStorage(1536)).toBe('1.5 GB');
  });
});
