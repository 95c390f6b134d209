import { Injectable } from '@nestjs/common';
import type { Delivery } from '@wildframe/platform';
import type { AccessFact, PhotoAccessRecord } from '../../domain/rating';
import { PhotoAccessRepository } from '../photo-access.repository';
import { isDuplicateKey } from './platform-bridge';
import type { AnalysisCollections, PhotoAccessDoc } from './schemas';

/** How many applied deliveries a photo remembers: redeliveries come soon after, never hundreds of events later. */
const APPLIED_KEPT = 100;

const appliedKey = (delivery: Delivery) => `${delivery.consumer}|${delivery.eventId}`;

function toRecord(doc: PhotoAccessDoc): PhotoAccessRecord {
  // An upserted tombstone may lack the fields only `$setOnInsert` would have set (FerretDB leaves out a null there).
  return { photoId: doc._id, ownerId: doc.ownerId ?? null, isPublic: doc.isPublic ?? false, deleted: doc.deleted, changedAt: doc.changedAt };
}

/**
 * One document per photo. A delivery is recorded in the photo's `_applied` by the same write that
 * applies it (the `$ne` guard in the filter makes a concurrent duplicate miss), so effect and
 * record never disagree after a crash.
 */
@Injectable()
export class MongoPhotoAccessRepository extends PhotoAccessRepository {
  constructor(private readonly db: AnalysisCollections) {
    super();
  }

  async find(photoId: string): Promise<PhotoAccessRecord | undefined> {
    const doc = await this.db.access.findOne({ _id: photoId });
    return doc ? toRecord(doc) : undefined;
  }

  /**
   * 1. the fact applies to a live photo whose stored fact is not newer (conditional update);
   * 2. else the photo is new: insert it (the `_id` decides a race with another first fact);
   * 3. else (older fact, deleted photo, or the insert lost) only the delivery is recorded.
   */
  async record(fact: AccessFact, delivery?: Delivery): Promise<boolean> {
    const key = delivery && appliedKey(delivery);
    const guard = key === undefined ? {} : { _applied: { $ne: key } };
    const remember = key === undefined ? {} : { $push: { _applied: { $each: [key], $slice: -APPLIED_KEPT } } };
    const set: Partial<PhotoAccessDoc> = { changedAt: fact.at };
    if (fact.ownerId !== null) set.ownerId = fact.ownerId;
    if (fact.isPublic !== undefined) set.isPublic = fact.isPublic;
    const applied = await this.db.access.updateOne({ _id: fact.photoId, deleted: false, changedAt: { $lte: fact.at }, ...guard }, { $set: set, ...remember });
    if (applied.matchedCount === 1) return true;
    try {
      await this.db.access.insertOne({
        _id: fact.photoId,
        ownerId: fact.ownerId,
        isPublic: fact.isPublic ?? false,
        deleted: false,
        changedAt: fact.at,
        _applied: key === undefined ? [] : [key],
      });
      return true;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    if (key === undefined) return true;
    const recorded = await this.db.access.updateOne({ _id: fact.photoId, ...guard }, remember);
    return recorded.modifiedCount === 1;
  }

  /**
   * The rating and tips go first (both idempotent), then one upsert leaves the tombstone and
   * records the delivery: a crash in between leaves the delivery unrecorded, so its redelivery
   * does it all again. A rating whose event still waits in its `_outbox` becomes a tombstone for
   * the relay to remove once the event is out.
   */
  async markDeleted(photoId: string, at: Date, delivery?: Delivery): Promise<boolean> {
    await this.db.tips.deleteMany({ photoId });
    await this.db.ratings.deleteMany({ photoId, _outbox: { $size: 0 } });
    await this.db.ratings.updateMany({ photoId }, { $set: { _deleted: true } });
    const key = delivery && appliedKey(delivery);
    try {
      await this.db.access.updateOne(
        { _id: photoId, ...(key === undefined ? {} : { _applied: { $ne: key } }) },
        {
          $set: { deleted: true, isPublic: false },
          $max: { changedAt: at },
          $setOnInsert: { ownerId: null },
          ...(key === undefined ? {} : { $push: { _applied: { $each: [key], $slice: -APPLIED_KEPT } } }),
        },
        { upsert: true },
      );
      return true;
    } catch (error) {
      // The guard missed because the delivery is recorded, and the upsert then collided with the photo's `_id`.
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }
}
