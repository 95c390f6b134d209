import { Injectable } from '@nestjs/common';
import { combineUpdates, isDuplicateKey, markApplied, MongoServiceDatabase, notApplied } from '@wildframe/platform';
import type { Delivery } from '@wildframe/platform';
import type { AccessFact, PhotoAccessRecord } from '../../domain/rating';
import { PhotoAccessRepository } from '../photo-access.repository';
import { analysisCollections } from './schemas';
import type { AnalysisCollections, PhotoAccessDoc } from './schemas';

function toRecord(doc: PhotoAccessDoc): PhotoAccessRecord {
  // An upserted document may lack what only `$setOnInsert` set (FerretDB leaves out a null there).
  return { photoId: doc._id, ownerId: doc.ownerId ?? null, isPublic: doc.isPublic ?? false, deleted: doc.deleted, changedAt: doc.changedAt };
}

/**
 * One document per photo. A delivery is recorded in the photo's `_applied` by the same write that
 * applies it (the platform's `notApplied` guard in the filter makes a concurrent duplicate miss),
 * so effect and record never disagree after a crash.
 */
@Injectable()
export class MongoPhotoAccessRepository extends PhotoAccessRepository {
  constructor(private readonly database: MongoServiceDatabase) {
    super();
  }

  private db(): Promise<AnalysisCollections> {
    return analysisCollections(this.database);
  }

  async find(photoId: string): Promise<PhotoAccessRecord | undefined> {
    const doc = await (await this.db()).access.findOne({ _id: photoId });
    return doc ? toRecord(doc) : undefined;
  }

  /**
   * 1. the fact applies to a live photo whose stored fact is not newer (conditional update);
   * 2. else, when the photo is not stored yet, it is inserted with the fact (an upsert whose filter
   *    only an absent photo passes: a photo inserted meanwhile makes it a duplicate key, and 1 runs again);
   * 3. else (an older fact, a deleted photo) only the delivery is recorded.
   */
  async record(fact: AccessFact, delivery?: Delivery): Promise<boolean> {
    const { access } = await this.db();
    const guard = delivery === undefined ? {} : notApplied(delivery);
    const remember = delivery === undefined ? {} : markApplied(delivery);
    const set: Partial<PhotoAccessDoc> = { changedAt: fact.at };
    if (fact.ownerId !== null) set.ownerId = fact.ownerId;
    if (fact.isPublic !== undefined) set.isPublic = fact.isPublic;
    for (let attempt = 0; attempt < 2; attempt++) {
      const applied = await access.updateOne({ _id: fact.photoId, deleted: false, changedAt: { $lte: fact.at }, ...guard }, combineUpdates({ $set: set }, remember));
      if (applied.matchedCount === 1) return true;
      try {
        const inserted = await access.updateOne(
          { _id: fact.photoId, changedAt: { $exists: false } },
          combineUpdates({ $setOnInsert: { ownerId: fact.ownerId, isPublic: fact.isPublic ?? false, deleted: false, changedAt: fact.at } }, remember),
          { upsert: true },
        );
        if (inserted.upsertedCount === 1) return true;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
    }
    if (delivery === undefined) return true;
    const recorded = await access.updateOne({ _id: fact.photoId, ...guard }, remember);
    return recorded.modifiedCount === 1;
  }

  /**
   * The rating and tips go first (both idempotent), then one upsert leaves the tombstone and
   * records the delivery: a crash in between leaves the delivery unrecorded, so its redelivery
   * does it all again. A rating whose event still waits in its `_outbox` becomes a tombstone
   * (`_deleted`) that reads skip and the relay removes once the event is out.
   */
  async markDeleted(photoId: string, at: Date, delivery?: Delivery): Promise<boolean> {
    const { access, ratings, tips } = await this.db();
    await tips.deleteMany({ photoId });
    await ratings.deleteMany({ photoId, '_outbox.0': { $exists: false } });
    await ratings.updateMany({ photoId }, { $set: { _deleted: true } });
    try {
      await access.updateOne(
        { _id: photoId, ...(delivery === undefined ? {} : notApplied(delivery)) },
        combineUpdates({ $set: { deleted: true, isPublic: false }, $max: { changedAt: at }, $setOnInsert: { ownerId: null } }, delivery === undefined ? {} : markApplied(delivery)),
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
