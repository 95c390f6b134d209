import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, EventOutbox, pendingEvent } from '@wildframe/platform';
import type { Clock, Identity, PendingEvent } from '@wildframe/platform';
import { PhotoQueries } from '../use-cases/photo-queries';
import type { MemberRatingBody, MemberCritique, MemberCritiques } from './member-ratings.dto';
import { memberRatingsErrors } from './member-ratings.errors';
import { MemberRating, MemberRatingChange, Scores, scoreText } from './member-rating';
import { MemberRatingsRepository } from './member-ratings.repository';

/** The photo facts a critique depends on. */
interface RatedPhoto {
  id: string;
  userId: string | null;
  isPublic: boolean;
}

function scoreTexts(scores: Scores): Record<keyof Scores, string> {
  return {
    overallRating: scoreText(scores.overallRating),
    composition: scoreText(scores.composition),
    lighting: scoreText(scores.lighting),
    clarity: scoreText(scores.clarity),
    creativity: scoreText(scores.creativity),
  };
}

/** Display name of a member, as on gallery cards. */
export function authorNameOf(identity: Pick<Identity, 'firstName' | 'lastName'>): string {
  return [identity.firstName, identity.lastName].filter(Boolean).join(' ').trim() || 'Wildframe member';
}

/**
 * Member critiques (spec: member_rating): signed-in members rate someone else's public photo on
 * the AI's five criteria, once each and editable; the photo's owner and admins may remove one.
 */
@Injectable()
export class MemberRatings {
  constructor(
    private readonly ratings: MemberRatingsRepository,
    private readonly photos: PhotoQueries,
    private readonly outbox: EventOutbox,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The critiques of a photo the viewer may see (404 otherwise, as for the photo). */
  async list(photoIdOrSlug: string, viewer: Identity | null): Promise<MemberCritiques> {
    return this.view(await this.photos.visibleRow(photoIdOrSlug, viewer), viewer);
  }

  async submit(photoId: string, rater: Identity, body: MemberRatingBody): Promise<MemberCritiques> {
    const photo = await this.photos.visibleRow(photoId, rater);
    if (photo.userId === rater.userId) throw memberRatingsErrors.ownPhoto();
    if (!photo.isPublic) throw memberRatingsErrors.notPublic();
    const { feedback, ...scores } = body;
    await this.ratings.submit({ photoId: photo.id, userId: rater.userId, authorName: authorNameOf(rater), scores, feedback, at: this.clock.now() }, (change) => [
      this.announce(photo, change, ''),
    ]);
    await this.outbox.flush();
    return this.view(photo, rater);
  }

  async remove(photoId: string, ratingId: string, by: Identity): Promise<MemberCritiques> {
    const photo = await this.photos.visibleRow(photoId, by);
    const rating = await this.ratings.findById(ratingId);
    if (!rating || rating.photoId !== photo.id) throw memberRatingsErrors.notFound();
    if (!this.mayRemove(rating, photo, by)) throw memberRatingsErrors.notAllowed();
    const removed = await this.ratings.remove(rating.id, (change) => [this.announce(photo, change, by.userId)]);
    if (!removed) throw memberRatingsErrors.notFound();
    await this.outbox.flush();
    return this.view(photo, by);
  }

  private mayRemove(rating: MemberRating, photo: RatedPhoto, by: Identity): boolean {
    return by.isAdmin || rating.userId === by.userId || (photo.userId !== null && photo.userId === by.userId);
  }

  private announce(photo: RatedPhoto, change: MemberRatingChange, removedBy: string): PendingEvent<'photos.member-rating.changed.v1'> {
    const { rating, summary } = change;
    return pendingEvent(
      'photos.member-rating.changed.v1',
      {
        ratingId: rating.id,
        photoId: photo.id,
        userId: rating.userId,
        photoOwnerId: photo.userId ?? '',
        action: change.action,
        ...rating.scores,
        hasFeedback: rating.feedback !== null,
        removedBy: change.action === 'removed' ? removedBy : '',
        ratingCount: summary.count,
        averageOverall: summary.average ? Math.round(summary.average.overallRating * 10) / 10 : 0,
        at: this.clock.now().toISOString(),
      },
      { key: photo.id },
    );
  }

  private async view(photo: RatedPhoto, viewer: Identity | null): Promise<MemberCritiques> {
    const [rows, summary] = await Promise.all([this.ratings.listForPhoto(photo.id), this.ratings.summary(photo.id)]);
    const ratings = rows.map((rating): MemberCritique => ({
      id: rating.id,
      authorName: rating.authorName,
      ...scoreTexts(rating.scores),
      feedback: rating.feedback,
      createdAt: rating.createdAt.toISOString(),
      updatedAt: rating.updatedAt.toISOString(),
      isMine: viewer !== null && rating.userId === viewer.userId,
      canRemove: viewer !== null && this.mayRemove(rating, photo, viewer),
    }));
    return {
      count: summary.count,
      average: summary.average ? scoreTexts(summary.average) : null,
      ratings,
      mine: ratings.find((r) => r.isMine) ?? null,
      canRate: viewer !== null && photo.isPublic && photo.userId !== viewer.userId,
    };
  }
}
