import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@wildframe/platform';
import type { ServiceDatabase } from '@wildframe/platform';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { photos } from '../../repositories/postgres/schema';
import type { PhotoWithUploader } from '../../domain/photo';
import type { Photographer, PhotographerTotals, ProfileFacts } from '../photographer';
import { PhotographersRepository } from '../photographers.repository';
import { photographers } from './photographers.schema';

/** PostgreSQL: each fact is one upsert that keeps the newer of the stored and the arriving value. */
@Injectable()
export class PostgresPhotographersRepository extends PhotographersRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {
    super();
  }

  private get db() {
    return this.database.db;
  }

  async applyProfile(userId: string, facts: ProfileFacts): Promise<void> {
    const image = facts.profileImageUrl ?? null;
    await this.db.execute(sql`
      INSERT INTO ${photographers} AS p (user_id, first_name, last_name, profile_image_url, profile_at)
      VALUES (${userId}, ${facts.firstName}, ${facts.lastName}, coalesce(${image}::varchar, ''), ${facts.at.toISOString()})
      ON CONFLICT (user_id) DO UPDATE SET
        first_name = EXCLUDED.first_name,
        last_name = EXCLUDED.last_name,
        profile_image_url = CASE WHEN ${image}::varchar IS NULL THEN p.profile_image_url ELSE EXCLUDED.profile_image_url END,
        profile_at = EXCLUDED.profile_at
      WHERE p.profile_at <= EXCLUDED.profile_at`);
  }

  async applyPreference(userId: string, publicProfile: boolean, facts: ProfileFacts): Promise<void> {
    const at = facts.at.toISOString();
    await this.db.execute(sql`
      INSERT INTO ${photographers} AS p (user_id, first_name, last_name, profile_image_url, public_profile, profile_at, preference_at)
      VALUES (${userId}, ${facts.firstName}, ${facts.lastName}, ${facts.profileImageUrl ?? ''}, ${publicProfile}, ${at}, ${at})
      ON CONFLICT (user_id) DO UPDATE SET
        public_profile = CASE WHEN p.preference_at <= EXCLUDED.preference_at THEN EXCLUDED.public_profile ELSE p.public_profile END,
        preference_at = greatest(p.preference_at, EXCLUDED.preference_at),
        first_name = CASE WHEN p.profile_at <= EXCLUDED.profile_at THEN EXCLUDED.first_name ELSE p.first_name END,
        last_name = CASE WHEN p.profile_at <= EXCLUDED.profile_at THEN EXCLUDED.last_name ELSE p.last_name END,
        profile_image_url = CASE WHEN p.profile_at <= EXCLUDED.profile_at THEN EXCLUDED.profile_image_url ELSE p.profile_image_url END,
        profile_at = greatest(p.profile_at, EXCLUDED.profile_at)`);
  }

  async remove(userId: string): Promise<void> {
    await this.db.delete(photographers).where(eq(photographers.userId, userId));
  }

  async findPublic(userId: string): Promise<Photographer | null> {
    const [row] = await this.db
      .select({
        userId: photographers.userId,
        firstName: photographers.firstName,
        lastName: photographers.lastName,
        profileImageUrl: photographers.profileImageUrl,
        publicProfile: photographers.publicProfile,
      })
      .from(photographers)
      .where(and(eq(photographers.userId, userId), eq(photographers.publicProfile, true)));
    return row ?? null;
  }

  async publicAmong(userIds: readonly string[]): Promise<Set<string>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ userId: photographers.userId })
      .from(photographers)
      .where(and(inArray(photographers.userId, ids), eq(photographers.publicProfile, true)));
    return new Set(rows.map((row) => row.userId));
  }

  async totals(userId: string): Promise<PhotographerTotals> {
    const [row] = await this.db
      .select({
        photos: sql<number>`count(*)::int`,
        likes: sql<number>`coalesce(sum(${photos.likes}), 0)::int`,
        views: sql<number>`coalesce(sum(${photos.views}), 0)::int`,
      })
      .from(photos)
      .where(and(eq(photos.userId, userId), eq(photos.isPublic, true)));
    return row ?? { photos: 0, likes: 0, views: 0 };
  }

  async publicPhotos(userId: string, page: number, pageSize: number): Promise<PhotoWithUploader[]> {
    return this.db
      .select({ photo: photos, firstName: photographers.firstName, lastName: photographers.lastName })
      .from(photos)
      .leftJoin(photographers, eq(photographers.userId, photos.userId))
      .where(and(eq(photos.userId, userId), eq(photos.isPublic, true)))
      .orderBy(desc(photos.uploadedAt), desc(photos.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
  }
}
