import { Inject, Injectable } from '@nestjs/common';
import { CLOCK } from '@wildframe/platform';
import type { Clock, Identity } from '@wildframe/platform';
import { photosErrors } from '../domain/photos.errors';
import { allowanceFor, uploadSubject, utcDay } from '../domain/upload-limits';
import { PHOTOS_CONFIG } from '../photos.config';
import type { PhotosConfig } from '../photos.config';
import { PhotosRepository } from '../repositories/photos.repository';
import { UploadAttemptsRepository } from './upload-attempts.repository';

/** Seconds a client refused for load is asked to wait (`Retry-After`): a few uploads' processing. */
export const RETRY_AFTER_SECONDS = 10;

/** An admitted upload's place; released when its request ends, however it ends. */
export interface AdmissionTicket {
  release(): void;
}

/**
 * Admission of uploads, before their body is read or anything is decoded. In this order: at most
 * UPLOADS_IN_FLIGHT_PER_ADDRESS uploads at once from one address and UPLOADS_IN_FLIGHT_PER_ACCOUNT
 * for one account (429); at most IMAGE_WORKERS + UPLOAD_QUEUE_LENGTH in this process (503, the
 * queue in front of the image workers is full); then the day's allowance: a guest's try is counted
 * now, refused and failed ones included (429 'Upload limit exceeded'), a member's stored uploads
 * are checked. The limits in flight are this process's: each replica protects its own workers.
 */
@Injectable()
export class UploadAdmission {
  private inFlight = 0;
  private readonly byAddress = new Map<string, number>();
  private readonly byAccount = new Map<string, number>();

  constructor(
    @Inject(PHOTOS_CONFIG) private readonly config: PhotosConfig,
    private readonly attempts: UploadAttemptsRepository,
    private readonly photos: PhotosRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Admits an upload or throws the refusal (a photos error; 429 and 503 ask to retry after RETRY_AFTER_SECONDS). */
  async admit(identity: Identity | null, ip: string): Promise<AdmissionTicket> {
    const account = identity?.userId;
    if ((this.byAddress.get(ip) ?? 0) >= this.config.UPLOADS_IN_FLIGHT_PER_ADDRESS) throw photosErrors.tooManyInFlight();
    if (account && (this.byAccount.get(account) ?? 0) >= this.config.UPLOADS_IN_FLIGHT_PER_ACCOUNT) throw photosErrors.tooManyInFlight();
    if (this.inFlight >= this.config.IMAGE_WORKERS + this.config.UPLOAD_QUEUE_LENGTH) throw photosErrors.busy();
    // Taken before the first await, so parallel requests see each other.
    const release = this.take(ip, account);
    try {
      const allowance = allowanceFor(identity?.plan ?? null);
      const subject = uploadSubject(identity, ip);
      const day = utcDay(this.clock.now());
      const allowed = identity ? (await this.photos.uploadsOn(subject, day)) < allowance.dailyUploads : await this.attempts.countTry(subject, day, allowance.dailyUploads);
      if (!allowed) throw photosErrors.uploadLimit();
    } catch (error) {
      release();
      throw error;
    }
    return { release };
  }

  private take(ip: string, account: string | undefined): () => void {
    this.inFlight++;
    this.byAddress.set(ip, (this.byAddress.get(ip) ?? 0) + 1);
    if (account) this.byAccount.set(account, (this.byAccount.get(account) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight--;
      decrement(this.byAddress, ip);
      if (account) decrement(this.byAccount, account);
    };
  }
}

function decrement(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 0) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}
