import { Injectable } from '@nestjs/common';
import { combineUpdates, freedValue, isDuplicateKey, liveOnly, MongoServiceDatabase, pushEvents, tombstone, withEvents } from '@wildframe/platform';
import type { Model } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { CRITERIA, MemberRating, MemberRatingChange, MemberRatingSummary, Scores, SubmitMemberRating, summaryFromSums } from '../member-rating';
import { AnnounceRatingChange, MemberRatingsRepository } from '../member-ratings.repository';
import { MEMBER_RATING_MODEL, MemberRatingDocument } from './member-ratings.schemas';

/** Attempts of one submission: a lost race (an insert beside a parallel one, an update beside a removal) is tried again. */
const ATTEMPTS = 8;

function toRating(doc: MemberRatingDocument): MemberRating {
  return {
    id: doc._id,
    photoId: doc.photoId,
    userId: doc.userId,
    authorName: doc.authorName,
    scores: { overallRating: doc.overallRating, composition: doc.composition, lighting: doc.lighting, clarity: doc.clarity, creativity: doc.creativity },
    feedback: doc.feedback ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** Adds one critique's scores to a summary of the others (the announced summary after a change). */
function plus(others: { count: number; sums: Scores }, scores: Scores | null): MemberRatingSummary {
  if (!scores) return summaryFromSums(others.count, others.sums);
  const sums = { ...others.sums };
  for (const criterion of CRITERIA) sums[criterion] += scores[criterion];
  return summaryFromSums(others.count + 1, sums);
}

/**
 * MongoDB, with single-document atomicity only (FerretDB has no transactions): each change and the
 * events announcing it are one write of the critique's document (`_outbox`); a removal is a
 * tombstone that frees the (photo, member) slot of the unique index. The unique index makes
 * parallel submissions by one member end as one critique (the loser of an insert race updates).
 * Counts and averages are always recounted from the stored documents; the
 * summary an event carries is the other critiques read just before the write plus this one, so
 * critiques by other members written at the same instant may be missing from it (the API recounts).
 */
@Injectable()
export class MongoMemberRatingsRepository extends MemberRatingsRepository {
  private readonly ratings: Model<MemberRatingDocument>;

  constructor(database: MongoServiceDatabase) {
    super();
    this.ratings = database.model<MemberRatingDocument>(MEMBER_RATING_MODEL);
  }

  async submit(input: SubmitMemberRating, announce: AnnounceRatingChange): Promise<MemberRatingChange> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const [existing, others] = await Promise.all([
        this.ratings.findOne({ photoId: input.photoId, userId: input.userId, ...liveOnly }).lean<MemberRatingDocument>(),
        this.sums({ photoId: input.photoId, userId: { $ne: input.userId } }),
      ]);
      const summary = plus(others, input.scores);
      const fields = { ...input.scores, feedback: input.feedback, authorName: input.authorName, updatedAt: input.at };
      if (existing) {
        const change: MemberRatingChange = { action: 'updated', rating: toRating({ ...existing, ...fields }), summary };
        const events = announce(change);
        const written = await this.ratings.updateOne({ _id: existing._id, userId: input.userId, ...liveOnly }, combineUpdates({ $set: fields }, pushEvents(events)));
        if (written.matchedCount === 1) return change;
        continue; // removed meanwhile: create it again
      }
      const document: MemberRatingDocument = { _id: randomUUID(), photoId: input.photoId, userId: input.userId, createdAt: input.at, ...fields };
      const change: MemberRatingChange = { action: 'created', rating: toRating(document), summary };
      const events = announce(change);
      try {
        await this.ratings.create(withEvents(document, events));
        return change;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        // The same member's parallel submission created it first: this one becomes an edit.
      }
    }
    throw new Error(`Could not store the critique of photo ${input.photoId} after ${ATTEMPTS} attempts`);
  }

  async remove(ratingId: string, announce: AnnounceRatingChange): Promise<MemberRatingChange | null> {
    const found = await this.ratings.findOne({ _id: ratingId, ...liveOnly }).lean<MemberRatingDocument>();
    if (!found) return null;
    const others = await this.sums({ photoId: found.photoId, _id: { $ne: ratingId } });
    const change: MemberRatingChange = { action: 'removed', rating: toRating(found), summary: plus(others, null) };
    const events = announce(change);
    const written = await this.ratings.updateOne({ _id: ratingId, ...liveOnly }, tombstone(events, { userId: freedValue(ratingId) }));
    return written.modifiedCount === 1 ? change : null;
  }

  async findById(ratingId: string): Promise<MemberRating | null> {
    const doc = await this.ratings.findOne({ _id: ratingId, ...liveOnly }).lean<MemberRatingDocument>();
    return doc ? toRating(doc) : null;
  }

  async listForPhoto(photoId: string): Promise<MemberRating[]> {
    const docs = await this.ratings.find({ photoId, ...liveOnly }).sort({ updatedAt: -1, _id: -1 }).lean<MemberRatingDocument[]>();
    return docs.map(toRating);
  }

  async summary(photoId: string): Promise<MemberRatingSummary> {
    return plus(await this.sums({ photoId }), null);
  }

  /**
   * Count and per-criterion sums of the live critiques matching `filter`, added up here from the
   * scores (FerretDB 1.24's `$group` gives 0 for `$sum` over a field; a photo has few critiques).
   */
  private async sums(filter: Record<string, unknown>): Promise<{ count: number; sums: Scores }> {
    const docs = await this.ratings
      .find({ ...filter, ...liveOnly }, { _id: 0, overallRating: 1, composition: 1, lighting: 1, clarity: 1, creativity: 1 })
      .lean<Array<Pick<MemberRatingDocument, keyof Scores>>>();
    const sums: Scores = { overallRating: 0, composition: 0, lighting: 0, clarity: 0, creativity: 0 };
    for (const doc of docs) for (const criterion of CRITERIA) sums[criterion] += Number(doc[criterion]);
    return { count: docs.length, sums };
  }

  /**
   * Tombstones rather than deletes: a critique whose events are not published yet keeps them until
   * the relay has sent them; the relay's sweep deletes tombstones with an empty outbox. No slot is
   * freed: the photo (or the account) is gone.
   */
  async removeAllOfPhoto(photoId: string): Promise<void> {
    await this.ratings.updateMany({ photoId, ...liveOnly }, { $set: { _deleted: true } });
  }

  async removeAllByUser(userId: string): Promise<void> {
    await this.ratings.updateMany({ userId, ...liveOnly }, { $set: { _deleted: true } });
  }

  async renameAuthor(userId: string, authorName: string): Promise<void> {
    await this.ratings.updateMany({ userId, ...liveOnly }, { $set: { authorName } });
  }
}
