import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@wildframe/platform';
import type { ServiceDatabase } from '@wildframe/platform';
import { and, eq } from 'drizzle-orm';
import type { TipsKey } from '../../domain/rating';
import { EditingTipsRepository } from '../editing-tips.repository';
import { editingTips } from './schema';

@Injectable()
export class PostgresEditingTipsRepository extends EditingTipsRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {
    super();
  }

  async find(key: TipsKey): Promise<string | undefined> {
    const [row] = await this.database.db
      .select({ suggestions: editingTips.suggestions })
      .from(editingTips)
      .where(and(eq(editingTips.photoId, key.photoId), eq(editingTips.platform, key.platform), eq(editingTips.level, key.level)))
      .limit(1);
    return row?.suggestions;
  }

  async save(key: TipsKey, suggestions: string): Promise<void> {
    await this.database.db.insert(editingTips).values({ ...key, suggestions }).onConflictDoNothing();
  }
}
