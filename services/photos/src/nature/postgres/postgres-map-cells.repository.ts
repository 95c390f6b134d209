import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@wildframe/platform';
import type { ServiceDatabase } from '@wildframe/platform';
import { and, eq, sql } from 'drizzle-orm';
import { shownPlace } from '../../repositories/postgres/postgres-photos.repository';
import { photos } from '../../repositories/postgres/schema';
import { MapCell, MapCellsRepository } from '../map-cells.repository';

/** One aggregate over the public places (index photos_public_places_idx), grouped by cell. */
@Injectable()
export class PostgresMapCellsRepository extends MapCellsRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {
    super();
  }

  async cells(userId?: string): Promise<MapCell[]> {
    const row = sql<number>`floor((${photos.publicPlace}->>'lat')::float8 * 5)::int`;
    const col = sql<number>`floor((${photos.publicPlace}->>'lon')::float8 * 5)::int`;
    const rows = await this.database.db
      .select({
        row,
        col,
        count: sql<number>`count(*)::int`,
        cover: sql<[string, string, string]>`(array_agg(ARRAY[${photos.id}::text, ${photos.slug}::text, ${photos.title}::text] ORDER BY ${photos.likes} DESC, ${photos.uploadedAt} DESC, ${photos.id} DESC))[1:1]`,
      })
      .from(photos)
      .where(and(eq(photos.isPublic, true), shownPlace(), userId ? eq(photos.userId, userId) : undefined))
      .groupBy(row, col)
      .orderBy(row, col);
    return rows.map((r) => {
      const [id = '', slug = '', title = ''] = (r.cover as unknown as string[][])[0] ?? [];
      return { row: r.row, col: r.col, count: r.count, cover: { id, slug, title } };
    });
  }
}
