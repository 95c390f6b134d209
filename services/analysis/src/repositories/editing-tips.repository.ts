import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, ServiceDatabase } from '@wildframe/platform';
import { and, eq } from 'drizzle-orm';
import { editingTips } from '../db/schema';
import type { DbExecutor } from './db-executor';

export interface TipsKey {
  photoId: string;
  platform: string;
  level: string;
}

@Injectable()
export class EditingTipsRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {}

  async find(key: TipsKey): Promise<string | undefined> {
    const [row] = await this.database.db
      .select({ suggestions: editingTips.suggestions })
      .from(editingTips)
      .where(and(eq(editingTips.photoId, key.photoId), eq(editingTips.platform, key.platform), eq(editingTips.level, key.level)))
      .limit(1);
    return row?.suggestions;
  }

  /** Tips are derived deterministically, so a concurrent save of the same key stores the same text. */
  async save(key: TipsKey, suggestions: string): Promise<void> {
    await this.database.db.insert(editingTips).values({ ...key, suggestions }).onConflictDoNothing();
  }

  async deleteByPhotoId(photoId: string, db: DbExecutor = this.database.db): Promise<void> {
    await db.delete(editingTips).where(eq(editingTips.photoId, photoId));
  }
}
