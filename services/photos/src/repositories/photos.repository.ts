import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@wildframe/platform';
import type { DatabaseTransaction, ServiceDatabase } from '@wildframe/platform';
import { and, asc, desc, eq, gt, ilike, inArray, isNull, lte, or, sql, SQL } from 'drizzle-orm';
import { photoLikes, PhotoRow, photos, photoViews, StoredRating, uploadCounts, uploaders } from '../db/schema';
import { photosErrors } from '../domain/photos.errors';

export type NewPhoto = typeof photos.$inferInsert;

/** The likes of one viewer: a signed-in user's by user id, a guest's by IP. */
function likedBy(userId: string | null, ip: string): SQL | undefined {
  return userId ? eq(photoLikes.userId, userId) : and(sql`${photoLikes.userId} IS NULL`, eq(photoLikes.ipAddress, ip));
}
export type GallerySort = 'newest' | 'oldest' | 'most-liked' | 'most-viewed';

export interface PhotoWithUploader {
  photo: PhotoRow;
  firstName: string | null;
  lastName: string | null;
}

export interface Quota {
  /** `user:<id>` or `guest:<ip>` */
  subject: string;
  day: string;
  dailyLimit: number;
  /** Storage is counted over the user's photos; guests have no storage account. */
  userId: string | null;
  storageLimitBytes: number;
}

const ORDER: Record<GallerySort, SQL[]> = {
  newest: [desc(photos.uploadedAt), desc(photos.id)],
  oldest: [asc(photos.uploadedAt), asc(photos.id)],
  'most-liked': [desc(photos.likes), desc(photos.uploadedAt), desc(photos.id)],
  'most-viewed': [desc(photos.views), desc(photos.uploadedAt), desc(photos.id)],
};

export interface GalleryFilter {
  category?: string;
  search?: string;
}

export interface PageRequest {
  page: number;
  limit: number;
}

/** Public photos matching the filter; the search is served by the trigram indexes. */
function publicWhere(filter: GalleryFilter): SQL | undefined {
  const conditions: SQL[] = [eq(photos.isPublic, true)];
  if (filter.category) conditions.push(eq(photos.category, filter.category));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(or(ilike(photos.title, pattern), ilike(photos.description, pattern)) as SQL);
  }
  return and(...conditions);
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

@Injectable()
export class PhotosRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {}

  private get db() {
    return this.database.db;
  }

  /**
   * Runs `fn` in one transaction, for writes that commit together with the events announcing them
   * (the methods taking a transaction; those with a transaction of their own nest as a savepoint).
   */
  transaction<T>(fn: (tx: DatabaseTransaction) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /**
   * Checks the daily and storage limits and inserts the photo in one transaction, under a lock on
   * the uploader: parallel uploads are counted one after another, so none slips past a quota.
   */
  async insertWithinQuota(photo: NewPhoto, quota: Quota, outer?: DatabaseTransaction): Promise<PhotoRow> {
    return (outer ?? this.db).transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`photos.quota.${quota.subject}`}))`);
      const [today] = await tx
        .select({ count: uploadCounts.count })
        .from(uploadCounts)
        .where(and(eq(uploadCounts.subject, quota.subject), eq(uploadCounts.day, quota.day)));
      if ((today?.count ?? 0) >= quota.dailyLimit) throw photosErrors.uploadLimit();
      if (quota.userId) {
        const [used] = await tx
          .select({ bytes: sql<string>`coalesce(sum(${photos.fileSize}), 0)` })
          .from(photos)
          .where(eq(photos.userId, quota.userId));
        if (Number(used?.bytes ?? 0) + photo.fileSize > quota.storageLimitBytes) throw photosErrors.storageLimit();
      }
      await tx
        .insert(uploadCounts)
        .values({ subject: quota.subject, day: quota.day, count: 1 })
        .onConflictDoUpdate({ target: [uploadCounts.subject, uploadCounts.day], set: { count: sql`${uploadCounts.count} + 1` } });
      const [row] = await tx.insert(photos).values(photo).returning();
      return row as PhotoRow;
    });
  }

  async uploadsOn(subject: string, day: string): Promise<number> {
    const [row] = await this.db.select({ count: uploadCounts.count }).from(uploadCounts).where(and(eq(uploadCounts.subject, subject), eq(uploadCounts.day, day)));
    return row?.count ?? 0;
  }

  async storageUsed(userId: string): Promise<number> {
    const [row] = await this.db.select({ bytes: sql<string>`coalesce(sum(${photos.fileSize}), 0)` }).from(photos).where(eq(photos.userId, userId));
    return Number(row?.bytes ?? 0);
  }

  async findById(id: string): Promise<PhotoRow | undefined> {
    const [row] = await this.db.select().from(photos).where(eq(photos.id, id)).limit(1);
    return row;
  }

  async findWithUploader(where: SQL): Promise<PhotoWithUploader | undefined> {
    const [row] = await this.db
      .select({ photo: photos, firstName: uploaders.firstName, lastName: uploaders.lastName })
      .from(photos)
      .leftJoin(uploaders, eq(uploaders.userId, photos.userId))
      .where(where)
      .limit(1);
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
  async listPublic(filter: GalleryFilter & { sort: GallerySort; page: number; pageSize: number }): Promise<PhotoWithUploader[]> {
    const where = publicWhere(filter);
    const pageIds = this.db
      .select({ id: photos.id })
      .from(photos)
      .where(where)
      .orderBy(...ORDER[filter.sort])
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .as('page_ids');
    return this.db
      .select({ photo: photos, firstName: uploaders.firstName, lastName: uploaders.lastName })
      .from(pageIds)
      .innerJoin(photos, eq(photos.id, pageIds.id))
      .leftJoin(uploaders, eq(uploaders.userId, photos.userId))
      .orderBy(...ORDER[filter.sort]);
  }

  /** How many public photos match the filter (an index-only count; callers cache it). */
  async countPublic(filter: GalleryFilter): Promise<number> {
    const [row] = await this.db.select({ total: sql<number>`count(*)::int` }).from(photos).where(publicWhere(filter));
    return row?.total ?? 0;
  }

  /** A user's photos, newest first, one page at a time when asked (index on user, upload time). */
  async listByUser(userId: string, page?: PageRequest): Promise<PhotoWithUploader[]> {
    const query = this.db
      .select({ photo: photos, firstName: uploaders.firstName, lastName: uploaders.lastName })
      .from(photos)
      .leftJoin(uploaders, eq(uploaders.userId, photos.userId))
      .where(eq(photos.userId, userId))
      .orderBy(desc(photos.uploadedAt), desc(photos.id))
      .$dynamic();
    return page ? query.limit(page.limit).offset((page.page - 1) * page.limit) : query;
  }

  /** Every photo for the admin, newest first, one page at a time when asked. */
  async listAll(page?: PageRequest): Promise<PhotoWithUploader[]> {
    const query = this.db
      .select({ photo: photos, firstName: uploaders.firstName, lastName: uploaders.lastName })
      .from(photos)
      .leftJoin(uploaders, eq(uploaders.userId, photos.userId))
      .orderBy(desc(photos.uploadedAt), desc(photos.id))
      .$dynamic();
    return page ? query.limit(page.limit).offset((page.page - 1) * page.limit) : query;
  }

  /** A user's totals in one aggregate over their index, instead of loading every row. */
  async totalsByUser(userId: string): Promise<{ photos: number; publicPhotos: number; likes: number; views: number }> {
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

  async featured(limit: number): Promise<PhotoWithUploader[]> {
    return this.db
      .select({ photo: photos, firstName: uploaders.firstName, lastName: uploaders.lastName })
      .from(photos)
      .leftJoin(uploaders, eq(uploaders.userId, photos.userId))
      .where(and(eq(photos.isFeatured, true), eq(photos.isPublic, true)))
      .orderBy(desc(photos.uploadedAt), desc(photos.id))
      .limit(limit);
  }

  /**
   * Likes toggle per user (or per IP for guests). The photo row is locked for the toggle, so
   * concurrent clicks are applied one at a time and the count always equals the likes stored.
   */
  async toggleLike(photoId: string, userId: string | null, ip: string, outer?: DatabaseTransaction): Promise<{ liked: boolean; totalLikes: number }> {
    return (outer ?? this.db).transaction(async (tx) => {
      const [locked] = await tx.select({ id: photos.id }).from(photos).where(eq(photos.id, photoId)).for('update');
      if (!locked) throw photosErrors.notFound();
      const removed = await tx.delete(photoLikes).where(and(eq(photoLikes.photoId, photoId), likedBy(userId, ip))).returning({ id: photoLikes.id });
      if (removed.length === 0) await tx.insert(photoLikes).values({ photoId, userId, ipAddress: ip });
      const [updated] = await tx
        .update(photos)
        .set({ likes: sql`(SELECT count(*)::int FROM ${photoLikes} WHERE ${photoLikes.photoId} = ${photoId})` })
        .where(eq(photos.id, photoId))
        .returning({ likes: photos.likes });
      return { liked: removed.length === 0, totalLikes: updated?.likes ?? 0 };
    });
  }

  /** Which of these photos the viewer (a user, or a guest by IP) has liked, in one query. */
  async likedAmong(photoIds: readonly string[], userId: string | null, ip: string): Promise<Set<string>> {
    if (photoIds.length === 0) return new Set();
    const rows = await this.db
      .select({ photoId: photoLikes.photoId })
      .from(photoLikes)
      .where(and(inArray(photoLikes.photoId, [...photoIds]), likedBy(userId, ip)));
    return new Set(rows.map((row) => row.photoId));
  }

  /** Whether a guest IP has liked any photo (most have not: their gallery needs no liked query). */
  async guestHasLikes(ip: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: photoLikes.id })
      .from(photoLikes)
      .where(and(sql`${photoLikes.userId} IS NULL`, eq(photoLikes.ipAddress, ip)))
      .limit(1);
    return row !== undefined;
  }

  async hasLiked(photoId: string, userId: string | null, ip: string): Promise<boolean> {
    return (await this.likedAmong([photoId], userId, ip)).has(photoId);
  }


  /**
   * Counts a view unless this viewer (the account, or a guest's address) already viewed the photo
   * since `countedSince`; answers the photo's view count either way. The lock makes two quick
   * loads by one viewer count once.
   */
  async recordView(photoId: string, userId: string | null, ip: string, at: Date, countedSince: Date, outer?: DatabaseTransaction): Promise<{ views: number; counted: boolean }> {
    return (outer ?? this.db).transaction(async (tx) => {
      const viewer = userId ? eq(photoViews.userId, userId) : and(isNull(photoViews.userId), eq(photoViews.ipAddress, ip));
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`view:${photoId}:${userId ?? ip}`}, 0))`);
      const [recent] = await tx
        .select({ id: photoViews.id })
        .from(photoViews)
        .where(and(eq(photoViews.photoId, photoId), viewer, gt(photoViews.viewedAt, countedSince)))
        .limit(1);
      if (recent) {
        const [current] = await tx.select({ views: photos.views }).from(photos).where(eq(photos.id, photoId));
        return { views: current?.views ?? 0, counted: false };
      }
      await tx.insert(photoViews).values({ photoId, userId, ipAddress: ip, viewedAt: at });
      const [row] = await tx.update(photos).set({ views: sql`${photos.views} + 1` }).where(eq(photos.id, photoId)).returning({ views: photos.views });
      return { views: row?.views ?? 0, counted: true };
    });
  }

  async update(id: string, changes: Partial<Pick<PhotoRow, 'description' | 'isPublic' | 'isFeatured'>>): Promise<PhotoRow> {
    const [row] = await this.db.update(photos).set(changes).where(eq(photos.id, id)).returning();
    if (!row) throw photosErrors.notFound();
    return row;
  }

  /** Flips visibility atomically, so two quick toggles end where they started. */
  async toggle(id: string, column: 'isPublic' | 'isFeatured', tx?: DatabaseTransaction): Promise<PhotoRow> {
    const [row] = await (tx ?? this.db)
      .update(photos)
      .set({ [column]: sql`NOT ${photos[column]}` })
      .where(eq(photos.id, id))
      .returning();
    if (!row) throw photosErrors.notFound();
    return row;
  }

  async setRating(photoId: string, rating: StoredRating): Promise<void> {
    await this.db.update(photos).set({ rating, overallRating: rating.overallRating }).where(eq(photos.id, photoId));
  }

  async delete(id: string, tx?: DatabaseTransaction): Promise<PhotoRow | undefined> {
    const [row] = await (tx ?? this.db).delete(photos).where(eq(photos.id, id)).returning();
    return row;
  }

  async deleteMany(ids: string[]): Promise<PhotoRow[]> {
    if (ids.length === 0) return [];
    return this.db.delete(photos).where(inArray(photos.id, ids)).returning();
  }

  async expiredTemporary(now: Date, limit: number): Promise<PhotoRow[]> {
    return this.db
      .select()
      .from(photos)
      .where(and(eq(photos.isTemporary, true), lte(photos.expiresAt, now)))
      .limit(limit);
  }

  async byUser(userId: string): Promise<PhotoRow[]> {
    return this.db.select().from(photos).where(eq(photos.userId, userId));
  }
}
