import { Injectable } from '@nestjs/common';
import { isDuplicateKey, liveOnly, MongoServiceDatabase, tombstone } from '@wildframe/platform';
import type { PendingEvent } from '@wildframe/platform';
import type { Model } from 'mongoose';
import { UploadAttemptsRepository } from '../upload-attempts.repository';
import { UPLOAD_IN_PROGRESS_MODEL, UPLOAD_TRIES_MODEL, UploadInProgressDocument, UploadTriesDocument } from './upload-attempts.schemas';

/**
 * MongoDB, single-document writes only: a try is a conditional `$inc` whose filter holds the limit
 * (a document at the limit makes the upsert a duplicate key: not counted); an abandoned upload
 * becomes a tombstone carrying its events, which the relay publishes and then removes.
 */
@Injectable()
export class MongoUploadAttemptsRepository extends UploadAttemptsRepository {
  private readonly tries: Model<UploadTriesDocument>;
  private readonly inProgress: Model<UploadInProgressDocument>;

  constructor(database: MongoServiceDatabase) {
    super();
    this.tries = database.model<UploadTriesDocument>(UPLOAD_TRIES_MODEL);
    this.inProgress = database.model<UploadInProgressDocument>(UPLOAD_IN_PROGRESS_MODEL);
  }

  async countTry(subject: string, day: string, limit: number): Promise<boolean> {
    if (limit < 1) return false;
    const filter = { _id: `${subject}|${day}`, tries: { $lt: limit } };
    try {
      await this.tries.updateOne(filter, { $inc: { tries: 1 }, $setOnInsert: { day } }, { upsert: true });
      return true;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      // The document exists: at the limit, or inserted by a parallel first try a moment ago.
      return (await this.tries.updateOne(filter, { $inc: { tries: 1 } })).modifiedCount === 1;
    }
  }

  async triesOn(subject: string, day: string): Promise<number> {
    return (await this.tries.findById(`${subject}|${day}`, { tries: 1 }).lean())?.tries ?? 0;
  }

  async forgetTriesBefore(day: string): Promise<void> {
    await this.tries.deleteMany({ day: { $lt: day } });
  }

  async begin(photoId: string, at: Date): Promise<void> {
    try {
      await this.inProgress.create({ _id: photoId, startedAt: at });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }

  async end(photoId: string): Promise<void> {
    await this.inProgress.deleteOne({ _id: photoId, ...liveOnly });
  }

  async begunBefore(cutoff: Date, limit: number): Promise<string[]> {
    const docs = await this.inProgress.find({ startedAt: { $lt: cutoff }, ...liveOnly }, { _id: 1 }).sort({ startedAt: 1 }).limit(limit).lean();
    return docs.map((doc) => doc._id);
  }

  async abandon(photoId: string, events: PendingEvent[]): Promise<void> {
    // `liveOnly`: a second sweep (another replica) matches nothing and announces nothing.
    await this.inProgress.updateOne({ _id: photoId, ...liveOnly }, tombstone(events));
  }
}
