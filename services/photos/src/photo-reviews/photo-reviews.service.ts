import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, EventOutbox, pendingEvent } from '@wildframe/platform';
import type { Clock, Identity, PendingEvent } from '@wildframe/platform';
import type { Photo } from '../domain/photo';
import { photosErrors } from '../domain/photos.errors';
import { toDetail } from '../domain/photo-view';
import { IMAGE_URLS, ImageUrls } from '../images/image-urls';
import { PublicReadCache } from '../public-cache/public-read-cache';
import { PhotosRepository } from '../repositories/photos.repository';
import { PhotoActions } from '../use-cases/photo-actions';
import type { ReviewDecision } from './photo-review';
import type { Approved } from './photo-reviews.dto';
import { photoReviewsErrors } from './photo-reviews.errors';

/** The `reason` of the deleted event a rejection announces (beside its reviewed event). */
export const REJECTED_IN_REVIEW = 'rejected in review';

/**
 * An admin's review of a photo the AI engine held (it was unsure the photo is a nature
 * photograph): approve it (it may then be made public and featured, and shows its category) or
 * reject it (the spec's delete, with a reason). Each decision is announced as
 * `photos.photo.reviewed.v1`, from which the audit trail is written (see the consumer).
 */
@Injectable()
export class PhotoReviews {
  constructor(
    private readonly photos: PhotosRepository,
    private readonly actions: PhotoActions,
    @Inject(IMAGE_URLS) private readonly urls: ImageUrls,
    private readonly outbox: EventOutbox,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly cache: PublicReadCache,
  ) {}

  async approve(id: string, admin: Identity, reason: string | null): Promise<Approved> {
    const held = await this.held(id);
    const approved = await this.photos.approveHeld(held.id, (photo) => [this.reviewed(held, photo, 'approved', reason, admin)]);
    if (!approved) throw await this.notHeldAnyMore(id);
    this.cache.invalidate();
    await this.outbox.flush();
    const row = (await this.photos.findByIdWithUploader(id)) ?? { photo: approved, firstName: null, lastName: null };
    return { message: 'Photo approved', photo: toDetail(row, this.urls, { isOwner: false, liked: false }) };
  }

  async reject(id: string, admin: Identity, reason: string): Promise<{ message: string }> {
    const held = await this.held(id);
    const deleted = await this.actions.remove(held, REJECTED_IN_REVIEW, (photo) => [this.reviewed(held, photo, 'rejected', reason, admin)]);
    if (!deleted) throw await this.notHeldAnyMore(id);
    return { message: 'Photo rejected' };
  }

  /** The photo, if it is held for review (404 when there is none, 409 when it is not held). */
  private async held(id: string): Promise<Photo> {
    const photo = await this.photos.findById(id);
    if (!photo) throw photosErrors.notFound();
    if (photo.moderation !== 'review') throw photoReviewsErrors.notHeld();
    return photo;
  }

  /** Why a decision found nothing to change: the photo went, or another decision came first. */
  private async notHeldAnyMore(id: string): Promise<Error> {
    return (await this.photos.findById(id)) ? photoReviewsErrors.notHeld() : photosErrors.notFound();
  }

  private reviewed(held: Photo, after: Photo, decision: ReviewDecision, reason: string | null, admin: Identity): PendingEvent<'photos.photo.reviewed.v1'> {
    return pendingEvent(
      'photos.photo.reviewed.v1',
      {
        photoId: held.id,
        userId: held.userId ?? '',
        decision,
        reason: reason ?? '',
        reviewedBy: admin.userId,
        reviewReasons: held.reviewReasons ?? [],
        category: decision === 'approved' ? after.category : '',
        at: this.clock.now().toISOString(),
      },
      { key: held.id, subject: held.id },
    );
  }
}
