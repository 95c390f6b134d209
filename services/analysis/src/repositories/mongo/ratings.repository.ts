import { Injectable } from '@nestjs/common';
import { isDuplicateKey, liveOnly, MongoServiceDatabase, withEvents } from '@wildframe/platform';
import type { PendingEvent } from '@wildframe/platform';
import { randomUUID } from 'node:crypto';
import type { NewRating, RatingRecord } from '../../domain/rating';
import { RatingsRepository } from '../ratings.repository';
import { analysisCollections } from './schemas';
import type { AnalysisCollections, RatingDoc } from './schemas';

const LIVE = liveOnly;

function toRecord(doc: RatingDoc): RatingRecord {
  const { _id, _outbox, _deleted, reviewReasons, ...rest } = doc;
  void _outbox;
  void _deleted;
  return { id: _id, ...rest, reviewReasons: reviewReasons ?? null };
}

@Injectable()
export class MongoRatingsRepository extends RatingsRepository {
  constructor(private readonly database: MongoServiceDatabase) {
    super();
  }

  private db(): Promise<AnalysisCollections> {
    return analysisCollections(this.database);
  }

  async findByPhotoId(photoId: string): Promise<RatingRecord | undefined> {
    const doc = await (await this.db()).ratings.findOne({ photoId, ...LIVE });
    return doc ? toRecord(doc) : undefined;
  }

  /** One insert carries the rating and its event; the unique photo id decides a race, and the loser reads the winner's rating. */
  async insertOnce(rating: NewRating, announce: (stored: RatingRecord) => PendingEvent[]): Promise<{ rating: RatingRecord; created: boolean }> {
    const record: RatingRecord = { ...rating, id: randomUUID(), eventId: randomUUID() };
    const { id, ...fields } = record;
    try {
      await (await this.db()).ratings.insertOne(withEvents({ _id: id, ...fields }, announce(record)));
      return { rating: record, created: true };
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const existing = await (await this.db()).ratings.findOne({ photoId: rating.photoId });
    if (!existing) throw new Error(`rating of photo ${rating.photoId} vanished during insert`);
    return { rating: toRecord(existing), created: false };
  }
}
