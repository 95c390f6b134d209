import { Inject, Injectable, Logger } from '@nestjs/common';
import { CLOCK, EventOutbox, pendingEvent, photoUploadDuration } from '@wildframe/platform';
import type { Clock, Identity } from '@wildframe/platform';
import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import { ANALYSIS_CLIENT } from '../analysis/analysis-client';
import type { AnalysisClient, AnalysisOutcome } from '../analysis/analysis-client';
import { categoryOf, moderationFields } from '../domain/photo';
import type { PhotoCredit } from '../domain/photo';
import { PhotosError, photosErrors } from '../domain/photos.errors';
import { isVisibleTo, toDetail } from '../domain/photo-view';
import { slugFor } from '../domain/slug';
import { allowanceFor, GUEST_LIMITS, MB, uploadSubject, utcDay } from '../domain/upload-limits';
import { IMAGE_URLS, ImageUrls } from '../images/image-urls';
import { ImageJobs } from '../images/image-jobs';
import { MIME_TYPES, sniffImageKind } from '../images/image-kinds';
import type { ProcessedImage } from '../images/image-kinds';
import { PhotoFiles } from '../images/photo-files';
import { PHOTOS_CONFIG } from '../photos.config';
import type { PhotosConfig } from '../photos.config';
import type { NatureInput } from '../nature/nature.dto';
import { NatureDetails } from '../nature/nature.service';
import { PublicReadCache } from '../public-cache/public-read-cache';
import { PhotosRepository } from '../repositories/photos.repository';
import { UploadersRepository } from '../repositories/uploaders.repository';
import { UploadAttemptsRepository } from '../upload-admission/upload-attempts.repository';

export interface UploadInput {
  /** The uploaded file on local disk (multer writes it there). */
  file: { path: string; size: number; originalName: string };
  title: string;
  description: string;
  category?: 'wildlife' | 'landscape';
  identity: Identity | null;
  ip: string;
  /** Demo content seeded at first start carries its photographer's credit. */
  credit?: PhotoCredit;
  isPublic?: boolean;
  /** Species, labels and the place's privacy (or a place picked on the map) from the upload form. */
  nature?: NatureInput;
}

export type { UploadResult } from '../dto/photos.responses';
import type { UploadResult } from '../dto/photos.responses';

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(32);
    const { bytesRead } = await handle.read(buffer, 0, 32, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The upload pipeline: limits, real type, derivatives, critique, storage, then the row — in an
 * order where a refused or failed upload leaves nothing behind. Admission (`upload-admission/`)
 * has already counted the try and checked the daily allowance before the file was read.
 */
@Injectable()
export class UploadPhoto {
  private readonly logger = new Logger('UploadPhoto');

  constructor(
    private readonly photos: PhotosRepository,
    private readonly uploaders: UploadersRepository,
    private readonly files: PhotoFiles,
    private readonly images: ImageJobs,
    private readonly attempts: UploadAttemptsRepository,
    @Inject(ANALYSIS_CLIENT) private readonly analysis: AnalysisClient,
    @Inject(IMAGE_URLS) private readonly urls: ImageUrls,
    private readonly outbox: EventOutbox,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PHOTOS_CONFIG) private readonly config: PhotosConfig,
    private readonly cache: PublicReadCache,
    private readonly nature: NatureDetails,
  ) {}

  /** Timed as photo_upload_duration_seconds, by outcome (stored or refused). */
  async execute(input: UploadInput): Promise<UploadResult> {
    const end = photoUploadDuration.startTimer();
    try {
      const result = await this.store(input);
      end({ outcome: 'stored' });
      return result;
    } catch (error) {
      end({ outcome: 'refused' });
      throw error;
    }
  }

  private async store(input: UploadInput): Promise<UploadResult> {
    const now = this.clock.now();
    const user = input.identity;
    const allowance = allowanceFor(user?.plan ?? null);
    if (input.file.size > allowance.fileSizeMB * MB) throw photosErrors.fileTooLarge(allowance.fileSizeMB, allowance.planName);
    const subject = uploadSubject(user, input.ip);
    const day = utcDay(now);
    // A cheap early refusal; the authoritative check runs with the insert, under a lock.
    if (user && (await this.photos.storageUsed(user.userId)) + input.file.size > allowance.storageMB * MB) throw photosErrors.storageLimit();

    const kind = sniffImageKind(await readHead(input.file.path));
    if (!kind) throw photosErrors.invalidType();
    const photoId = randomUUID();
    // The critique starts as soon as the image job has the analysis copy, while it makes the other
    // derivatives; else (no copy sent ahead) once the job is done.
    let critique: Promise<AnalysisOutcome> | undefined;
    const critiqueOf = (analysisCopy: Buffer): Promise<AnalysisOutcome> => (critique ??= this.critique(photoId, now, input, analysisCopy));
    let processed: ProcessedImage;
    try {
      processed = await this.images.process(input.file.path, kind, allowance.maxPixels, (analysisCopy) => void critiqueOf(analysisCopy).catch(() => undefined));
    } catch (error) {
      if (critique) await this.dropCritique(photoId, user?.userId ?? '', critique);
      throw error;
    }
    const outcome = await critiqueOf(processed.analysisCopy);
    if (outcome.outcome === 'refused') {
      await this.attempts.end(photoId);
      throw photosErrors.contentRefused();
    }
    const rating = outcome.outcome === 'rated' || outcome.outcome === 'review' ? outcome.rating : undefined;
    // Held for review: kept private and unfeatured, without a nature category, until an admin approves it.
    const heldBecause = outcome.outcome === 'review' ? outcome.reasons : null;

    const nature = this.nature.atUpload(input.nature, processed.gps);

    const keys = await this.files.store(photoId, input.file.path, kind, processed);
    let row;
    try {
      row = await createWithFreshSlug(input.title, (slug) =>
        this.photos.createWithinQuota(
        {
          id: photoId,
          slug,
          originalName: input.file.originalName.slice(0, 255),
          title: input.title,
          description: input.description,
          ...moderationFields(heldBecause, categoryOf(input.category, rating?.category)),
          mimeType: MIME_TYPES[kind],
          fileSize: input.file.size,
          storageKey: keys.originalKey,
          thumbnailKey: keys.thumbnailKey,
          displayKey: keys.displayKey,
          userId: user?.userId ?? null,
          guestIp: user ? null : input.ip,
          isTemporary: !user,
          storageType: user ? 'permanent' : 'temporary',
          expiresAt: user ? null : new Date(now.getTime() + GUEST_LIMITS.lifetimeMs),
          isPublic: heldBecause === null && (input.isPublic ?? false),
          uploadedAt: now,
          width: processed.width,
          height: processed.height,
          dominantColor: processed.dominantColor,
          camera: processed.camera,
          credit: input.credit ?? null,
          rating: rating ?? null,
          overallRating: rating?.overallRating ?? null,
          ...nature,
        },
        { subject, day, dailyLimit: allowance.dailyUploads, userId: user?.userId ?? null, storageLimitBytes: allowance.storageMB * MB },
        (inserted) => [
          pendingEvent(
            'photos.photo.uploaded.v1',
            {
              photoId,
              userId: inserted.userId ?? '',
              title: inserted.title,
              category: inserted.category,
              fileSize: inserted.fileSize,
              mimeType: inserted.mimeType,
              isTemporary: inserted.isTemporary,
              uploadedAt: inserted.uploadedAt.toISOString(),
              moderation: inserted.moderation ?? '',
              labels: [...inserted.labels],
              speciesCommonName: inserted.species?.commonName ?? '',
              speciesScientificName: inserted.species?.scientificName ?? '',
            },
            { key: photoId, subject: photoId },
          ),
          // Asked to be public (demo content) but held: the analysis was told public, so tell it otherwise.
          ...(heldBecause && input.isPublic
            ? [pendingEvent('photos.photo.visibility-changed.v1', { photoId, userId: inserted.userId ?? '', isPublic: false, at: now.toISOString() }, { key: photoId })]
            : []),
        ],
        ),
      );
    } catch (error) {
      await this.files.remove(photoId, keys.originalKey);
      if (rating) {
        // The critique was stored for a photo that will not exist: tell analysis to drop it.
        await this.publishDeleted(photoId, user?.userId ?? '', 'upload refused');
        await this.attempts.end(photoId);
      }
      // Without an answer, analysis may still store a critique: the record stays, and the sweep
      // announces the end of this photo once that can no longer happen.
      throw error;
    }
    await this.attempts.end(photoId);
    if (user) await this.uploaders.ensure({ userId: user.userId, firstName: user.firstName, lastName: user.lastName });
    this.cache.invalidate();
    await this.outbox.flush();
    const withUploader = (await this.photos.findByIdWithUploader(photoId)) ?? { photo: row, firstName: user?.firstName ?? null, lastName: user?.lastName ?? null };
    const photo = toDetail(withUploader, this.urls, { isOwner: isVisibleTo(row, { userId: user?.userId ?? null, isAdmin: false }), liked: false });
    if (!rating) {
      this.logger.warn({ photoId, reason: outcome.outcome === 'unavailable' ? outcome.reason : '' }, 'photo saved without a rating');
      return { message: 'Photo uploaded successfully', error: 'AI analysis is temporarily unavailable. Your photo was saved without a rating.', photo };
    }
    return { message: 'Photo uploaded successfully', photo, rating };
  }

  /**
   * The critique of the photo `photoId` will be, from its analysis copy. From here analysis may
   * keep a rating for this id: recorded, so a crash before the photo is stored (or its refusal
   * announced) is found at the next start or sweep and the rating removed.
   */
  private async critique(photoId: string, now: Date, input: UploadInput, image: Buffer): Promise<AnalysisOutcome> {
    await this.attempts.begin(photoId, now);
    return this.analysis.analyze(
      { photoId, userId: input.identity?.userId ?? null, title: input.title, description: input.description, image, isPublic: input.isPublic ?? false },
      this.config.ANALYSIS_DEADLINE_MS,
    );
  }

  /**
   * The image job failed after the critique began (the photo will not exist): waits for the
   * critique, and has a stored rating dropped. Without an answer the record stays, and the sweep
   * announces the end of this photo once analysis can no longer store one.
   */
  private async dropCritique(photoId: string, userId: string, critique: Promise<AnalysisOutcome>): Promise<void> {
    const outcome = await critique.catch(() => null);
    if (outcome?.outcome === 'rated' || outcome?.outcome === 'review') await this.publishDeleted(photoId, userId, 'upload refused');
    if (outcome && outcome.outcome !== 'unavailable') await this.attempts.end(photoId);
  }

  /** No photo row to commit with: stored on its own, so it still goes out should the process die right after. */
  async publishDeleted(photoId: string, userId: string, reason: string): Promise<void> {
    await this.photos.announce([pendingEvent('photos.photo.deleted.v1', { photoId, userId, reason, deletedAt: this.clock.now().toISOString() }, { key: photoId, subject: photoId })]);
    await this.outbox.flush();
  }
}

/** Tries a slug this many times before giving up: the 6-character random suffix makes a second clash all but impossible. */
const SLUG_ATTEMPTS = 3;

/**
 * Creates the photo under a fresh slug, and under another one should that address be taken (two
 * photos with the same title drew the same suffix): the uploader never sees the clash.
 */
async function createWithFreshSlug<T>(title: string, create: (slug: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create(slugFor(title));
    } catch (error) {
      if (!(error instanceof PhotosError && error.code === 'SLUG_TAKEN') || attempt >= SLUG_ATTEMPTS) throw error;
    }
  }
}
