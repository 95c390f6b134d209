import { Injectable } from '@nestjs/common';
import { isDuplicateKey, MongoServiceDatabase } from '@wildframe/platform';
import type { TipsKey } from '../../domain/rating';
import { EditingTipsRepository } from '../editing-tips.repository';
import { analysisCollections } from './schemas';
import type { AnalysisCollections } from './schemas';

export const tipsId = (key: TipsKey) => `${key.photoId}|${key.platform}|${key.level}`;

@Injectable()
export class MongoEditingTipsRepository extends EditingTipsRepository {
  constructor(private readonly database: MongoServiceDatabase) {
    super();
  }

  private db(): Promise<AnalysisCollections> {
    return analysisCollections(this.database);
  }

  async find(key: TipsKey): Promise<string | undefined> {
    return (await (await this.db()).tips.findOne({ _id: tipsId(key) }))?.suggestions;
  }

  async save(key: TipsKey, suggestions: string): Promise<void> {
    try {
      await (await this.db()).tips.insertOne({ _id: tipsId(key), ...key, suggestions, createdAt: new Date() });
    } catch (error) {
      // The first save of a key stays (tips are derived deterministically: the same text).
      if (!isDuplicateKey(error)) throw error;
    }
  }
}
