import { Injectable } from '@nestjs/common';
import { isDuplicateKey, liveOnly, MongoServiceDatabase } from '@wildframe/platform';
import type { Model } from 'mongoose';
import { toPhoto } from '../../repositories/mongo/mongo-photos.repository';
import type { StoredPhoto } from '../../repositories/mongo/mongo-photos.repository';
import type { PhotoWithUploader } from '../../domain/photo';
import type { Photographer, PhotographerTotals, ProfileFacts } from '../photographer';
import { PhotographersRepository } from '../photographers.repository';
import { PHOTOGRAPHER_MODEL, PhotographerDocument, PHOTOS_COLLECTION } from './photographers.schemas';

/**
 * MongoDB: each fact is a conditional single-document update that only applies when it is newer
 * than the stored one (`profileAt`/`preferenceAt` in the filter), after an insert-if-absent; so a
 * late or repeated event never rolls a newer fact back, without transactions.
 */
@Injectable()
export class MongoPhotographersRepository extends PhotographersRepository {
  private readonly photographers: Model<PhotographerDocument>;

  constructor(private readonly database: MongoServiceDatabase) {
    super();
    this.photographers = database.model<PhotographerDocument>(PHOTOGRAPHER_MODEL);
  }

  /** The member's document exists afterwards (a parallel insert of the same member is fine). */
  private async ensure(userId: string): Promise<void> {
    try {
      await this.photographers.create({ _id: userId });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }

  async applyProfile(userId: string, facts: ProfileFacts): Promise<void> {
    await this.ensure(userId);
    const set: Partial<PhotographerDocument> = { firstName: facts.firstName, lastName: facts.lastName, profileAt: facts.at };
    if (facts.profileImageUrl !== undefined) set.profileImageUrl = facts.profileImageUrl;
    await this.photographers.updateOne({ _id: userId, profileAt: { $lte: facts.at } }, { $set: set });
  }

  async applyPreference(userId: string, publicProfile: boolean, facts: ProfileFacts): Promise<void> {
    await this.ensure(userId);
    await this.photographers.updateOne({ _id: userId, preferenceAt: { $lte: facts.at } }, { $set: { publicProfile, preferenceAt: facts.at } });
    await this.photographers.updateOne(
      { _id: userId, profileAt: { $lte: facts.at } },
      { $set: { firstName: facts.firstName, lastName: facts.lastName, profileImageUrl: facts.profileImageUrl ?? '', profileAt: facts.at } },
    );
  }

  async remove(userId: string): Promise<void> {
    await this.photographers.deleteOne({ _id: userId });
  }

  async findPublic(userId: string): Promise<Photographer | null> {
    const doc = await this.photographers.findOne({ _id: userId, publicProfile: true }).lean<PhotographerDocument>();
    return doc ? { userId: doc._id, firstName: doc.firstName, lastName: doc.lastName, profileImageUrl: doc.profileImageUrl, publicProfile: doc.publicProfile } : null;
  }

  async publicAmong(userIds: readonly string[]): Promise<Set<string>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Set();
    const docs = await this.photographers.find({ _id: { $in: ids }, publicProfile: true }, { _id: 1 }).lean<Array<{ _id: string }>>();
    return new Set(docs.map((doc) => doc._id));
  }

  private async photos() {
    return this.database.collection<StoredPhoto>(PHOTOS_COLLECTION);
  }

  /** Added up here (FerretDB 1.24's `$sum` over a field gives 0); a member's public photos are few. */
  async totals(userId: string): Promise<PhotographerTotals> {
    const docs = await (await this.photos()).find({ userId, isPublic: true, ...liveOnly }, { projection: { likes: 1, views: 1 } }).toArray();
    return { photos: docs.length, likes: docs.reduce((sum, doc) => sum + Number(doc.likes ?? 0), 0), views: docs.reduce((sum, doc) => sum + Number(doc.views ?? 0), 0) };
  }

  async publicPhotos(userId: string, page: number, pageSize: number): Promise<PhotoWithUploader[]> {
    const [docs, photographer] = await Promise.all([
      (await this.photos())
        .find({ userId, isPublic: true, ...liveOnly })
        .sort({ uploadedAt: -1, _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .toArray(),
      this.photographers.findOne({ _id: userId }).lean<PhotographerDocument>(),
    ]);
    return docs.map((doc) => ({ photo: toPhoto(doc), firstName: photographer?.firstName ?? null, lastName: photographer?.lastName ?? null }));
  }
}
