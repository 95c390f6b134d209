import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, PostgresProcessedEventStore, storeEvents } from '@wildframe/platform';
import type { DatabaseTransaction, Delivery, PendingEvent, ServiceDatabase } from '@wildframe/platform';
import { and, asc, desc, eq, gt, ilike, inArray, isNull, lte, or, sql, SQL } from 'drizzle-orm';
import { categoryOf, moderationFields } from '../../domain/photo';
import type { LateHold, NewPhoto, Photo, PhotoWithUploader, StoredRating, Viewer } from '../../domain/photo';
import { photosErrors } from '../../domain/photos.errors';
import { NOT_WILD } from '../../nature/labels';
import { Announce, GalleryFilter, NatureChange, PhotoFileKeys, GalleryQuery, GallerySort, LikeToggle, PageRequest, PhotosRepository, Quota, UserTotals } from '../photos.repository';
import { natureSearchText, photoLikes, photos, photoViews, uploadCounts, uploaders } from './schema';

/** The schema whose `outbox` and `processed_events` tables the photos service writes. */
export const PHOTOS_SCHEMA = 'photos';

/** The likes of one viewer: a signed-in user's by user id, a guest's by IP. */
function likedBy(viewer: Viewer): SQL | undefined {
  return viewer.userId ? eq(photoLikes.userId, viewer.userId) : and(isNull(photoLikes.userId), eq(photoLikes.ipAddress, viewer.ip));
}

const ORDER: Record<GallerySort, SQL[]> = {
  newest: [desc(photos.uploadedAt), desc(photos.id)],
  oldest: [asc(photos.uploadedAt), asc(photos.id)],
  'most-liked': [desc(photos.likes), desc(photos.uploadedAt), desc(photos.id)],
  'most-viewed': [desc(photos.views), desc(photos.uploadedAt), desc(photos.id)],
  'top-rated': [sql`${photos.overallRating} DESC NULLS LAST`, desc(photos.uploadedAt), desc(photos.id)],
};

/** Public photos matching the filter; the search is served by the trigram indexes. */
function publicWhere(filter: GalleryFilter): SQL | undefined {
  const conditions: SQL[] = [eq(photos.isPublic, true)];
  if (filter.category) conditions.push(eq(photos.category, filter.category));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(or(ilike(photos.title, pattern), ilike(photos.description, pattern), sql`${natureSearchText} ILIKE ${pattern}`) as SQL);
  }
  if (filter.species) conditions.push(sql`${photos.species}->>'scientificName' = ${filter.species}`);
  if (filter.wild) conditions.push(sql`NOT (${photos.labels} && ${sql.raw(NOT_WILD_ARRAY)})`);
  if (filter.photographer) conditions.push(eq(photos.userId, filter.photographer));
  if (filter.cell) conditions.push(and(shownPlace(), sql`floor((${photos.publicPlace}->>'lat')::float8 * 5)::int = ${filter.cell.row}`, sql`floor((${photos.publicPlace}->>'lon')::float8 * 5)::int = ${filter.cell.col}`) as SQL);
  return and(...conditions);
}

/** The labels left out of the wild gallery, as an SQL array literal (our constants, never input). */
const NOT_WILD_ARRAY = `ARRAY[${NOT_WILD.map((label) => `'${label}'`).join(',')}]::text[]`;

/** A place everyone may see: open, not a sensitive species, with its generalised point (nature/nature visiblePlace). */
export function shownPlace(): SQL {
  return sql`${photos.publicPlace} IS NOT NULL AND ${photos.place}->>'privacy' = 'open' AND coalesce((${photos.species}->>'sensitive')::boolean, false) = false`;
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const withUploader = { photo: photos, firstName: uploaders.firstName, lastName: uploaders.lastName };

/**
 * Photos on PostgreSQL. Each write is one transaction holding the change and the outbox rows of
 * its events (`storeEvents`), so both commit or neither does.
 */
@Injectable()
export class PostgresPhotosRepository extends PhotosRepository {
  private readonly processed: PostgresProcessedEventStore;

  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {
    super();
    this.processed = new PostgresProcessedEventStore(database);
  }

  async fileKeysReferencing(ids: readonly string[], keys: readonly string[]): Promise<PhotoFileKeys[]> {
    if (ids.length === 0 && keys.length === 0) return [];
    const named = [...keys];
    const conditions = [
      ...(ids.length > 0 ? [inArray(photos.id, [...ids])] : []),
      ...(named.length > 0 ? [inArray(photos.storageKey, named), inArray(photos.thumbnailKey, named), inArray(photos.displayKey, named)] : []),
    ];
    return this.database.db
      .select({ id: photos.id, storageKey: photos.storageKey, thumbnailKey: photos.thumbnailKey, displayKey: photos.displayKey })
      .from(photos)
      .where(or(...conditions));
  }

  private get db() {
    return this.database.db;
  }

  /**
   * Checks the daily and storage limits and inserts the photo in one transaction, under a lock on
   * the uploader: parallel uploads are counted one after another, so none slips past a quota.
   */
  async createWithinQuota(photo: NewPhoto, quota: Quota, announce: Announce<Photo>): Promise<Photo> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`photos.quota.${quota.subject}`}))`);
      const [today] = await tx
        .select({ count: uploadCounts.count })
        .from(uploadCounts)
        .where(and(eq(uploadCounts.subject, quota.subject), eq(uploadCounts.day, quota.day)));
      if ((today?.count ?? 0) >= quota.dailyLimit) throw photosErrors.uploadLimit();
      if (quota.userId) {
        const used = await this.bytesOf(tx, quota.userId);
        if (used + photo.fileSize > quota.storageLimitBytes) throw photosErrors.storageLimit();
      }
      await tx
        .insert(uploadCounts)
        .values({ subject: quota.subject, day: quota.day, count: 1 })
        .onConflictDoUpdate({ target: [uploadCounts.subject, uploadCounts.day], set: { count: sql`${uploadCounts.count} + 1` } });
      const inserted = await tx.insert(photos).values(photo).onConflictDoNothing({ target: photos.slug }).returning();
      const row = inserted[0];
      if (!row) throw photosErrors.slugTaken();
      await storeEvents(tx, PHOTOS_SCHEMA, announce(row));
      return row;
    });
  }

  async announce(events: PendingEvent[]): Promise<void> {
    await this.db.transaction((tx) => storeEvents(tx, PHOTOS_SCHEMA, events));
  }

  async uploadsOn(subject: string, day: string): Promise<number> {
    const [row] = await this.db.select({ count: uploadCounts.count }).from(uploadCounts).where(and(eq(uploadCounts.subject, subject), eq(uploadCounts.day, day)));
    return row?.count ?? 0;
  }

  storageUsed(userId: string): Promise<number> {
    return this.bytesOf(this.db, userId);
  }

  private async bytesOf(db: Pick<DatabaseTransaction, 'select'>, userId: string): Promise<number> {
    const [row] = await db.select({ bytes: sql<string>`coalesce(sum(${photos.fileSize}), 0)` }).from(photos).where(eq(photos.userId, userId));
    return Number(row?.bytes ?? 0);
  }

  async findById(id: string): Promise<Photo | undefined> {
    const [row] = await this.db.select().from(photos).where(eq(photos.id, id)).limit(1);
    return row;
  }

  private async findWithUploader(where: SQL): Promise<PhotoWithUploader | undefined> {
    const [row] = await this.db.select(withUploader).from(photos).leftJoin(uploaders, eq(uploaders.userId, photos.userId)).where(where).limit(1);
    return row;
  }

  findBySlug(slug: string): Promise<PhotoWithUploader | undefined> {
    return this.findWithUploader(eq(photos.slug, slug));
  }

  findByIdWithUploader(id: string): Promise<PhotoWithUploader | undefined> {
    return this.findWithUploader(eq(photos.id, id));
  }

  /**
   * One gallery page. The page's ids come from an index-only scan of the filter's index (see the
   * schema), then only those rows are read: a deep page skips index entries, never whole rows.
   * The total is counted separately ({@link countPublic}), so callers can keep it between pages.
   */
  async listPublic(query: GalleryQuery): Promise<PhotoWithUploader[]> {
    const pageIds = this.db
      .select({ id: photos.id })
      .from(photos)
      .where(publicWhere(query))
      .orderBy(...ORDER[query.sort])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .as('page_ids');
    return this.db
      .select(withUploader)
      .from(pageIds)
      .innerJoin(photos, eq(photos.id, pageIds.id))
      .leftJoin(uploaders, eq(uploaders.userId, photos.userId))
      .orderBy(...ORDER[query.sort]);
  }

  /** An index-only count; callers cache it. */
  async countPublic(filter: GalleryFilter): Promise<number> {
    const [row] = await this.db.select({ total: sql<number>`count(*)::int` }).from(photos).where(publicWhere(filter));
    return row?.total ?? 0;
  }

  async featured(limit: number): Promise<PhotoWithUploader[]> {
    return this.db
      .select(withUploader)
      .from(photos)
      .leftJoin(uploaders, eq(uploaders.userId, photos.userId))
      .where(and(eq(photos.isFeatured, true), eq(photos.isPublic, true)))
      .orderBy(desc(photos.uploadedAt), desc(photos.id))
      .limit(limit);
  }

  /** Index on (user, upload time). */
  async listByUser(userId: string, page?: PageRequest): Promise<PhotoWithUploader[]> {
    const query = this.db
      .select(withUploader)
      .from(photos)
      .leftJoin(uploaders, eq(uploaders.userId, photos.userId))
      .where(eq(photos.userId, userId))
      .orderBy(desc(photos.uploadedAt), desc(photos.id))
      .$dynamic();
    return page ? query.limit(page.limit).offset((page.page - 1) * page.limit) : query;
  }

  async listAll(page?: PageRequest): Promise<PhotoWithUploader[]> {
    const query = this.db
      .select(withUploader)
      .from(photos)
      .leftJoin(uploaders, eq(uploaders.userId, photos.userId))
      .orderBy(desc(photos.uploadedAt), desc(photos.id))
      .$dynamic();
    return page ? query.limit(page.limit).offset((page.page - 1) * page.limit) : query;
  }

  /** One aggregate over the user's index, instead of loading every row. */
  async totalsByUser(userId: string): Promise<UserTotals> {
    const [row] = await this.db
      .select({
        photos: sql<number>`count(*)::int`,
        publicPhotos: sql<number>`(count(*) FILTER (WHERE ${photos.isPublic}))::int`,
        likes: sql<number>`coalesce(sum(${photos.likes}), 0)::int`,
        views: sql<number>`coalesce(sum(${photos.views}), 0)::int`,
      })
      .from(photos)
      .where(eq(photos.userId, userId));
    return row ?? { photos: 0, publicPhotos: 0, likes: 0, views: 0 };
  }

  async byUser(userId: string): Promise<Photo[]> {
    return this.db.select().from(photos).where(eq(photos.userId, userId));
  }

  async expiredTemporary(now: Date, limit: number): Promise<Photo[]> {
    return this.db
      .select()
      .from(photos)
      .where(and(eq(photos.isTemporary, true), lte(photos.expiresAt, now)))
      .limit(limit);
  }

  /**
   * The photo row is locked for the toggle, so concurrent clicks are applied one at a time and the
   * count is recomputed from the likes stored.
   */
  async toggleLike(photoId: string, viewer: Viewer, announce: Announce<LikeToggle>): Promise<LikeToggle> {
    return this.db.transaction(async (tx) => {
      const [locked] = await tx.select({ id: photos.id }).from(photos).where(eq(photos.id, photoId)).for('update');
      if (!locked) throw photosErrors.notFound();
      const removed = await tx.delete(photoLikes).where(and(eq(photoLikes.photoId, photoId), likedBy(viewer))).returning({ id: photoLikes.id });
      if (removed.length === 0) await tx.insert(photoLikes).values({ photoId, userId: viewer.userId, ipAddress: viewer.ip });
      const [updated] = await tx
        .update(photos)
        .set({ likes: sql`(SELECT count(*)::int FROM ${photoLikes} WHERE ${photoLikes.photoId} = ${photoId})` })
        .where(eq(photos.id, photoId))
        .returning({ likes: photos.likes });
      const result = { liked: removed.length === 0, totalLikes: updated?.likes ?? 0 };
      await storeEvents(tx, PHOTOS_SCHEMA, announce(result));
      return result;
    });
  }

  async likedAmong(photoIds: readonly string[], viewer: Viewer): Promise<Set<string>> {
    if (photoIds.length === 0) return new Set();
    const rows = await this.db
      .select({ photoId: photoLikes.photoId })
      .from(photoLikes)
      .where(and(inArray(photoLikes.photoId, [...photoIds]), likedBy(viewer)));
    return new Set(rows.map((row) => row.photoId));
  }

  async hasLiked(photoId: string, viewer: Viewer): Promise<boolean> {
    return (await this.likedAmong([photoId], viewer)).has(photoId);
  }

  async guestHasLikes(ip: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: photoLikes.id })
      .from(photoLikes)
      .where(and(isNull(photoLikes.userId), eq(photoLikes.ipAddress, ip)))
      .limit(1);
    return row !== undefined;
  }

  /** The lock (per photo and viewer) makes two quick loads by one viewer count once. */
  async recordView(photoId: string, viewer: Viewer, at: Date, countedSince: Date, announce: Announce<number>): Promise<{ views: number; counted: boolean }> {
    return this.db.transaction(async (tx) => {
      const who = viewer.userId ? eq(photoViews.userId, viewer.userId) : and(isNull(photoViews.userId), eq(photoViews.ipAddress, viewer.ip));
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`view:${photoId}:${viewer.userId ?? viewer.ip}`}, 0))`);
      const [recent] = await tx
        .select({ id: photoViews.id })
        .from(photoViews)
        .where(and(eq(photoViews.photoId, photoId), who, gt(photoViews.viewedAt, countedSince)))
        .limit(1);
      if (recent) {
        const [current] = await tx.select({ views: photos.views }).from(photos).where(eq(photos.id, photoId));
        return { views: current?.views ?? 0, counted: false };
      }
      const [row] = await tx.update(photos).set({ views: sql`${photos.views} + 1` }).where(eq(photos.id, photoId)).returning({ views: photos.views });
      if (!row) throw photosErrors.notFound();
      await tx.insert(photoViews).values({ photoId, userId: viewer.userId, ipAddress: viewer.ip, viewedAt: at });
      await storeEvents(tx, PHOTOS_SCHEMA, announce(row.views));
      return { views: row.views, counted: true };
    });
  }

  async updateDescription(id: string, description: string): Promise<Photo> {
    const [row] = await this.db.update(photos).set({ description }).where(eq(photos.id, id)).returning();
    if (!row) throw photosErrors.notFound();
    return row;
  }

  /** The row is locked while the hold (and `refuse`) is checked, so a hold or an edit and a toggle never cross. */
  async toggle(id: string, flag: 'isPublic' | 'isFeatured', announce: Announce<Photo>, refuse?: (photo: Photo) => Error | null): Promise<Photo> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(photos).where(eq(photos.id, id)).for('update');
      if (!current) throw photosErrors.notFound();
      if (current.moderation && !current[flag]) throw photosErrors.heldForReview(flag);
      if (flag === 'isFeatured' && !current[flag] && !current.isPublic) throw photosErrors.notPublicForFeature();
      const refused = !current[flag] && refuse ? refuse(current) : null;
      if (refused) throw refused;
      const [row] = await tx
        .update(photos)
        .set({ [flag]: sql`NOT ${photos[flag]}` })
        .where(eq(photos.id, id))
        .returning();
      if (!row) throw photosErrors.notFound();
      await storeEvents(tx, PHOTOS_SCHEMA, announce(row));
      return row;
    });
  }

  /** The row is locked while the change is made from it. */
  async updateNature(id: string, change: (before: Photo) => NatureChange, announce: Announce<{ before: Photo; after: Photo }>): Promise<Photo | undefined> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(photos).where(eq(photos.id, id)).for('update');
      if (!before) return undefined;
      const [after] = await tx.update(photos).set(change(before)).where(eq(photos.id, id)).returning();
      if (!after) return undefined;
      await storeEvents(tx, PHOTOS_SCHEMA, announce({ before, after }));
      return after;
    });
  }

  setRating(photoId: string, rating: StoredRating, delivery: Delivery, hold?: LateHold): Promise<boolean> {
    return this.processed.runOnce(delivery.consumer, delivery.eventId, async (tx) => {
      const [before] = await tx.select().from(photos).where(eq(photos.id, photoId)).for('update');
      if (!before) return;
      // Only a photo its upload stored without a critique can still be held: a reviewed one stays reviewed.
      const holding = hold !== undefined && before.rating === null;
      const held = holding ? { ...moderationFields(hold.reasons, categoryOf(before.category, hold.engineCategory)), isPublic: false, isFeatured: false } : {};
      const [after] = await tx.update(photos).set({ rating, overallRating: rating.overallRating, ...held }).where(eq(photos.id, photoId)).returning();
      if (holding && after) await storeEvents(tx, PHOTOS_SCHEMA, hold.announce({ before, after }));
    });
  }

  async approveHeld(id: string, announce: Announce<Photo>): Promise<Photo | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(photos)
        .set({ moderation: null, reviewReasons: null, reviewCategory: null, category: sql`coalesce(${photos.reviewCategory}, ${photos.category})` })
        .where(and(eq(photos.id, id), eq(photos.moderation, 'review')))
        .returning();
      if (row) await storeEvents(tx, PHOTOS_SCHEMA, announce(row));
      return row;
    });
  }

  /** Likes and views go with the row (foreign keys cascade); storage is summed over the rows left. */
  async delete(id: string, announce: Announce<Photo>, heldOnly = false): Promise<Photo | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(photos)
        .where(heldOnly ? and(eq(photos.id, id), eq(photos.moderation, 'review')) : eq(photos.id, id))
        .returning();
      if (row) await storeEvents(tx, PHOTOS_SCHEMA, announce(row));
      return row;
    });
  }
}
