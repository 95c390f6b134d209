import { PLANS, UNLIMITED_DAILY_UPLOADS } from '@wildframe/contracts';
import type { PlanId } from '@wildframe/contracts';

/** Members' decompression-bomb guard: no photo larger than this many pixels is decoded. */
export const MEMBER_MAX_PIXELS = 100_000_000;

/**
 * Guests: identified by IP, 2 tries a day (refused and failed uploads count), photos deleted 15
 * minutes after upload, and half the members' pixels: a phone's full-resolution photo (48-50 MP)
 * passes, and an anonymous visitor can make the site decode no more than that.
 */
export const GUEST_LIMITS = { dailyUploads: 2, fileSizeMB: 10, storageMB: 250, lifetimeMs: 15 * 60_000, maxPixels: 50_000_000 } as const;

export interface Allowance {
  planName: string;
  isGuest: boolean;
  fileSizeMB: number;
  dailyUploads: number;
  storageMB: number;
  /** Larger photos are refused before they are decoded. */
  maxPixels: number;
}

export function allowanceFor(plan: PlanId | null): Allowance {
  if (!plan) return { planName: 'guest', isGuest: true, fileSizeMB: GUEST_LIMITS.fileSizeMB, dailyUploads: GUEST_LIMITS.dailyUploads, storageMB: GUEST_LIMITS.storageMB, maxPixels: GUEST_LIMITS.maxPixels };
  const { limits } = PLANS[plan];
  return { planName: plan, isGuest: false, fileSizeMB: limits.fileSizeMB, dailyUploads: limits.dailyUploads, storageMB: limits.storageMB, maxPixels: MEMBER_MAX_PIXELS };
}

export const MB = 1024 * 1024;

/** Whose daily allowance an upload counts against: the member, or the guest's address. */
export function uploadSubject(user: { userId: string } | null, ip: string): string {
  return user ? `user:${user.userId}` : `guest:${ip}`;
}

/** The largest file any plan accepts: the cap the multipart parser enforces before plan checks. */
export const LARGEST_FILE_BYTES = Math.max(...Object.values(PLANS).map((p) => p.limits.fileSizeMB), GUEST_LIMITS.fileSizeMB) * MB;

/** Days run from UTC midnight to UTC midnight; daily counts reset then. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** The spec's Upload limits entity (its shape: dto/photos.responses). */
export type { UploadLimits } from '../dto/photos.responses';
import type { UploadLimits } from '../dto/photos.responses';

export function uploadLimits(allowance: Allowance, usedToday: number, storageUsedBytes: number, now: Date): UploadLimits {
  const storageUsedMB = Math.round((storageUsedBytes / MB) * 100) / 100;
  const unlimited = allowance.dailyUploads >= UNLIMITED_DAILY_UPLOADS;
  return {
    fileSizeLimitMB: allowance.fileSizeMB,
    fileSizeLimitBytes: allowance.fileSizeMB * MB,
    planName: allowance.planName,
    isGuest: allowance.isGuest,
    dailyUploads: allowance.dailyUploads,
    dailyUploadsUsed: usedToday,
    dailyUploadsRemaining: unlimited ? UNLIMITED_DAILY_UPLOADS : Math.max(0, allowance.dailyUploads - usedToday),
    resetTime: nextUtcMidnight(now).toISOString(),
    storageLimitMB: allowance.storageMB,
    storageLimitGB: Math.round((allowance.storageMB / 1024) * 100) / 100,
    storageUsedMB,
    storageRemainingMB: Math.max(0, Math.round((allowance.storageMB - storageUsedMB) * 100) / 100),
  };
}
