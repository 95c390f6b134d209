import { Injectable } from '@nestjs/common';
import { combineUpdates, freedValue, isDuplicateKey, liveOnly, markApplied, MongoServiceDatabase, notApplied, pushEvents, tombstone, withEvents } from '@wildframe/platform';
import type { Delivery, PendingEvent } from '@wildframe/platform';
import { randomUUID } from 'node:crypto';
import type { FilterQuery, UpdateQuery } from 'mongoose';
import { categoryOf, moderationFields } from '../../domain/photo';
import type { LateHold, NewPhoto, Photo, PhotoWithUploader, StoredRating, Viewer } from '../../domain/photo';
import { photosErrors } from '../../domain/photos.errors';
import { cellCorner, CELL_DEGREES } from '../../nature/geoprivacy';
import { NOT_WILD } from '../../nature/labels';
import { Announce, GalleryFilter, NatureChange, PhotoFileKeys, GalleryQuery, GallerySort, LikeToggle, PageRequest, PhotosRepository, Quota, UserTotals } from '../photos.repository';
import { DocumentLocks } from './document-locks';
import { upsertRetried } from './mongo-support';
import { PhotoDocument, photosModels, PhotosModels } from './schemas';

/** Reads never see tombstones (deleted photos whose events are not published yet). */
const LIVE = liveOnly;
/** What a read loads: the photo's own fields, not who liked it nor its pending events. */
const PHOTO_FIELDS = { likedBy: 0, _outbox: 0, _rev: 0, _deleted: 0, _outboxLease: 0, _applied: 0 } as const;
/** The same, with the revision a conditional write is made on. */
const PHOTO_STATE = { likedBy: 0, _outbox: 0, _outboxLease: 0, _applied: 0 } as const;
/** A write that lost a race re-reads and tries again; more rounds than this means something is wrong. */
const MAX_ROUNDS = 200;

const SORT: Record<GallerySort, Record<string, 1 | -1>> = {
  newest: { uploadedAt: -1, _id: -1 },
  oldest: { uploadedAt: 1, _id: 1 },
  'most-liked': { likes: -1, uploadedAt: -1, _id: -1 },
  'most-viewed': { views: -1, uploadedAt: -1, _id: -1 },
  // Scores are stored as the API's strings with one decimal ("9.5"); unrated (null) sort last.
  'top-rated': { overallRating: -1, uploadedAt: -1, _id: -1 },
};
const NEWEST = SORT.newest;
/** The one score whose string does not sort as its number ("10.0" < "9.9"): read ahead of the others. */
const PERFECT_SCORE = '10.0';

/** The key a viewer's likes and views are kept under. */
function viewerKey(viewer: Viewer): string {
  return viewer.userId ? `u:${viewer.userId}` : `g:${viewer.ip}`;
}

/** The search keeps its meaning (a case-insensitive substring): the term is escaped, not a pattern. */
function containing(term: string): RegExp {
  return new RegExp(term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
}

/** The fields search matches besides the title and description (as the PostgreSQL adapter's natureSearchText). */
const NATURE_SEARCH_FIELDS = ['species.commonName', 'species.scientificName', 'species.group', 'rating.subject', 'camera.make', 'camera.model', 'camera.body', 'camera.lens'];

/** A place everyone may see: open, not a sensitive species, with its generalised point (nature/nature visiblePlace). */
export const SHOWN_PLACE: FilterQuery<PhotoDocument> = { publicPlace: { $ne: null }, 'place.privacy': 'open', 'species.sensitive': { $ne: true } };

function publicFilter(filter: GalleryFilter): FilterQuery<PhotoDocument> {
  const query: FilterQuery<PhotoDocument> = { isPublic: true, ...LIVE };
  if (filter.category) query.category = filter.category;
  if (filter.search) {
    const pattern = containing(filter.search);
    query.$or = [{ title: pattern }, { description: pattern }, ...NATURE_SEARCH_FIELDS.map((field) => ({ [field]: pattern }))];
  }
  if (filter.species) query['species.scientificName'] = filter.species;
  if (filter.wild) query.labels = { $nin: [...NOT_WILD] };
  if (filter.photographer) query.userId = filter.photographer;
  if (filter.cell) {
    const corner = cellCorner(filter.cell);
    Object.assign(query, SHOWN_PLACE, { 'publicPlace.lat': { $gte: corner.lat, $lt: corner.lat + CELL_DEGREES }, 'publicPlace.lon': { $gte: corner.lon, $lt: corner.lon + CELL_DEGREES } });
  }
  return query;
}

export type StoredPhoto = Omit<PhotoDocument, 'likedBy' | '_outbox' | '_rev' | '_deleted' | '_applied'>;

export function toPhoto(doc: StoredPhoto): Photo {
  return {
    id: doc._id,
    slug: doc.slug,
    originalName: doc.originalName,
    title: doc.title,
    description: doc.description,
    category: doc.category,
    mimeType: doc.mimeType,
    fileSize: doc.fileSize,
    storageKey: doc.storageKey,
    userId: doc.userId ?? null,
    isTemporary: doc.isTemporary,
    expiresAt: doc.expiresAt ?? null,
    views: doc.views,
    likes: doc.likes,
    isPublic: doc.isPublic,
    isFeatured: doc.isFeatured,
    uploadedAt: doc.uploadedAt,
    storageType: doc.storageType,
    guestIp: doc.guestIp ?? null,
    width: doc.width,
    height: doc.height,
    dominantColor: doc.dominantColor,
    thumbnailKey: doc.thumbnailKey,
    displayKey: doc.displayKey,
    camera: doc.camera ?? null,
    credit: doc.credit ?? null,
    overallRating: doc.overallRating ?? null,
    rating: doc.rating ?? null,
    moderation: doc.moderation ?? null,
    reviewReasons: doc.reviewReasons ?? null,
    reviewCategory: doc.reviewCategory ?? null,
    species: doc.species ?? null,
    labels: doc.labels ?? [],
    place: doc.place ?? null,
    publicPlace: doc.publicPlace ?? null,
  };
}

/**
 * Photos on MongoDB, correct without multi-document transactions (FerretDB has none):
 *  - a change and its events are one single-document write (`_outbox` pushed with it);
 *  - likes, views and flags are conditional updates of the photo document on the state they read
 *    (`likes`/`views`/`_rev` in the filter), retried when another write came first, so counts
 *    equal what is stored (`likes` is the length of `likedBy`, changed by the same write);
 *  - the quota is checked and counted under the subject's lock, with the count given back
 *    (compensation) when the insert then fails;
 *  - a deletion is a tombstone carrying its events (reads skip it; its slug is freed at once).
 */
@Injectable()
export class MongoPhotosRepository extends PhotosRepository {
  private readonly models: PhotosModels;
  private readonly locks: DocumentLocks;

  constructor(database: MongoServiceDatabase) {
    super();
    this.models = photosModels(database);
    this.locks = new DocumentLocks(this.models.locks);
  }

  async fileKeysReferencing(ids: readonly string[], keys: readonly string[]): Promise<PhotoFileKeys[]> {
    if (ids.length === 0 && keys.length === 0) return [];
    const named = [...keys];
    // Tombstones included: a photo being deleted still owns its files until its row is gone.
    const docs = await this.photos
      .find({ $or: [{ _id: { $in: [...ids] } }, { storageKey: { $in: named } }, { thumbnailKey: { $in: named } }, { displayKey: { $in: named } }] }, { _id: 1, storageKey: 1, thumbnailKey: 1, displayKey: 1 })
      .lean<Array<{ _id: string; storageKey: string; thumbnailKey?: string | null; displayKey?: string | null }>>();
    return docs.map((doc) => ({ id: doc._id, storageKey: doc.storageKey, thumbnailKey: doc.thumbnailKey ?? null, displayKey: doc.displayKey ?? null }));
  }

  private get photos() {
    return this.models.photos;
  }

  /**
   * Under the subject's lock: checks the day's count and the storage (recomputed from the photos
   * stored), counts the upload, inserts the photo with its events, and gives the count back if the
   * insert fails (compensation). A crash between count and insert over-counts that day by one.
   */
  async createWithinQuota(photo: NewPhoto, quota: Quota, announce: Announce<Photo>): Promise<Photo> {
    const stored: Photo = { ...photo, views: 0, likes: 0, isFeatured: false };
    // Made before anything is written: an event that cannot be made refuses the upload cleanly.
    const events = announce(stored);
    return this.locks.withLock(`upload_counters:${quota.subject}`, async () => {
      if ((await this.uploadsOn(quota.subject, quota.day)) >= quota.dailyLimit) throw photosErrors.uploadLimit();
      if (quota.userId && (await this.storageUsed(quota.userId)) + photo.fileSize > quota.storageLimitBytes) throw photosErrors.storageLimit();
      const counter = { _id: dailyId(quota) };
      await upsertRetried(() => this.models.counters.updateOne(counter, { $inc: { count: 1 } }, { upsert: true }));
      try {
        const { id, ...fields } = photo;
        await this.photos.create(withEvents({ _id: id, ...fields, views: 0, likes: 0, isFeatured: false, likedBy: [], _rev: 0 }, events));
      } catch (error) {
        await this.models.counters.updateOne(counter, { $inc: { count: -1 } });
        if (isDuplicateKey(error)) throw photosErrors.slugTaken();
        throw error;
      }
      return stored;
    });
  }

  /** A document that is only its events: published by the relay, then removed as a tombstone. */
  async announce(events: PendingEvent[]): Promise<void> {
    await this.models.announcements.create(withEvents({ _id: randomUUID(), _deleted: true }, events));
  }

  async uploadsOn(subject: string, day: string): Promise<number> {
    const counter = await this.models.counters.findById(`daily:${subject}:${day}`, { count: 1 }).lean();
    return counter?.count ?? 0;
  }

  /** Recomputed from the photos stored, so what is shown never drifts from them. */
  async storageUsed(userId: string): Promise<number> {
    const [row] = await this.photos.aggregate<{ bytes: number }>([{ $match: { userId, ...LIVE } }, { $group: { _id: null, bytes: { $sum: '$fileSize' } } }]);
    return row?.bytes ?? 0;
  }

  async findById(id: string): Promise<Photo | undefined> {
    const doc = await this.photos.findOne({ _id: id, ...LIVE }, PHOTO_FIELDS).lean<StoredPhoto>();
    return doc ? toPhoto(doc) : undefined;
  }

  /** Uploader names by a second query (FerretDB has no `$lookup`). */
  private async withUploaders(docs: StoredPhoto[]): Promise<PhotoWithUploader[]> {
    const userIds = [...new Set(docs.flatMap((doc) => (doc.userId ? [doc.userId] : [])))];
    const names = new Map(
      userIds.length === 0 ? [] : (await this.models.uploaders.find({ _id: { $in: userIds } }).lean()).map((u) => [u._id, u] as const),
    );
    return docs.map((doc) => {
      const uploader = doc.userId ? names.get(doc.userId) : undefined;
      return { photo: toPhoto(doc), firstName: uploader?.firstName ?? null, lastName: uploader?.lastName ?? null };
    });
  }

  private async findOneWithUploader(filter: FilterQuery<PhotoDocument>): Promise<PhotoWithUploader | undefined> {
    const doc = await this.photos.findOne({ ...filter, ...LIVE }, PHOTO_FIELDS).lean<StoredPhoto>();
    return doc ? (await this.withUploaders([doc]))[0] : undefined;
  }

  findByIdWithUploader(id: string): Promise<PhotoWithUploader | undefined> {
    return this.findOneWithUploader({ _id: id });
  }

  findBySlug(slug: string): Promise<PhotoWithUploader | undefined> {
    return this.findOneWithUploader({ slug });
  }

  async listPublic(query: GalleryQuery): Promise<PhotoWithUploader[]> {
    if (query.sort === 'top-rated') return this.withUploaders(await this.topRated(query));
    const docs = await this.photos
      .find(publicFilter(query), PHOTO_FIELDS)
      .sort(SORT[query.sort])
      .skip((query.page - 1) * query.pageSize)
      .limit(query.pageSize)
      .lean<StoredPhoto[]>();
    return this.withUploaders(docs);
  }

  /**
   * Highest rated first: the perfect scores (newest first), then the rest by their strings, which
   * order as numbers from "0.0" to "9.9" (the same index serves both parts), one page across the two.
   */
  private async topRated(query: GalleryQuery): Promise<StoredPhoto[]> {
    const filter = publicFilter(query);
    const skip = (query.page - 1) * query.pageSize;
    const perfect = { ...filter, overallRating: PERFECT_SCORE };
    const perfectCount = await this.photos.countDocuments(perfect);
    const head = skip < perfectCount ? await this.photos.find(perfect, PHOTO_FIELDS).sort(NEWEST).skip(skip).limit(query.pageSize).lean<StoredPhoto[]>() : [];
    const rest = query.pageSize - head.length;
    if (rest === 0) return head;
    const tail = await this.photos
      .find({ ...filter, overallRating: { $ne: PERFECT_SCORE } }, PHOTO_FIELDS)
      .sort(SORT['top-rated'])
      .skip(Math.max(0, skip - perfectCount))
      .limit(rest)
      .lean<StoredPhoto[]>();
    return [...head, ...tail];
  }

  countPublic(filter: GalleryFilter): Promise<number> {
    return this.photos.countDocuments(publicFilter(filter));
  }

  async featured(limit: number): Promise<PhotoWithUploader[]> {
    return this.withUploaders(await this.photos.find({ isFeatured: true, isPublic: true, ...LIVE }, PHOTO_FIELDS).sort(NEWEST).limit(limit).lean<StoredPhoto[]>());
  }

  private async newestFirst(filter: FilterQuery<PhotoDocument>, page?: PageRequest): Promise<PhotoWithUploader[]> {
    const query = this.photos.find({ ...filter, ...LIVE }, PHOTO_FIELDS).sort(NEWEST);
    if (page) query.skip((page.page - 1) * page.limit).limit(page.limit);
    return this.withUploaders(await query.lean<StoredPhoto[]>());
  }

  listByUser(userId: string, page?: PageRequest): Promise<PhotoWithUploader[]> {
    return this.newestFirst({ userId }, page);
  }

  listAll(page?: PageRequest): Promise<PhotoWithUploader[]> {
    return this.newestFirst({}, page);
  }

  async totalsByUser(userId: string): Promise<UserTotals> {
    const mine = { userId, ...LIVE };
    // One accumulator per `$group`: FerretDB 1.24 computes only the first of several.
    const sum = async (field: string) => (await this.photos.aggregate<{ total: number }>([{ $match: mine }, { $group: { _id: null, total: { $sum: field } } }]))[0]?.total ?? 0;
    const [photos, publicPhotos, likes, views] = await Promise.all([this.photos.countDocuments(mine), this.photos.countDocuments({ ...mine, isPublic: true }), sum('$likes'), sum('$views')]);
    return { photos, publicPhotos, likes, views };
  }

  async byUser(userId: string): Promise<Photo[]> {
    return (await this.photos.find({ userId, ...LIVE }, PHOTO_FIELDS).lean<StoredPhoto[]>()).map(toPhoto);
  }

  async expiredTemporary(now: Date, limit: number): Promise<Photo[]> {
    return (await this.photos.find({ isTemporary: true, expiresAt: { $lte: now }, ...LIVE }, PHOTO_FIELDS).limit(limit).lean<StoredPhoto[]>()).map(toPhoto);
  }

  /**
   * Reads the count and whether the viewer likes it, then writes the toggle on exactly that state
   * (count and membership in the filter): a toggle that lost a race matches nothing and reads again.
   */
  async toggleLike(photoId: string, viewer: Viewer, announce: Announce<LikeToggle>): Promise<LikeToggle> {
    const key = viewerKey(viewer);
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const [doc, likedDoc] = await Promise.all([
        this.photos.findOne({ _id: photoId, ...LIVE }, { likes: 1 }).lean(),
        this.photos.exists({ _id: photoId, likedBy: key }),
      ]);
      if (!doc) throw photosErrors.notFound();
      const wasLiked = likedDoc !== null;
      const result: LikeToggle = { liked: !wasLiked, totalLikes: doc.likes + (wasLiked ? -1 : 1) };
      const change = wasLiked ? { $pull: { likedBy: key }, $inc: { likes: -1, _rev: 1 } } : { $addToSet: { likedBy: key }, $inc: { likes: 1, _rev: 1 } };
      const update = combineUpdates(change, pushEvents(announce(result))) as UpdateQuery<PhotoDocument>;
      const written = await this.photos.updateOne({ _id: photoId, likes: doc.likes, likedBy: wasLiked ? key : { $ne: key }, ...LIVE }, update);
      if (written.modifiedCount === 1) return result;
    }
    throw new Error('like toggle: too many concurrent updates');
  }

  async likedAmong(photoIds: readonly string[], viewer: Viewer): Promise<Set<string>> {
    if (photoIds.length === 0) return new Set();
    const docs = await this.photos.find({ _id: { $in: [...photoIds] }, likedBy: viewerKey(viewer), ...LIVE }, { _id: 1 }).lean();
    return new Set(docs.map((doc) => doc._id));
  }

  async hasLiked(photoId: string, viewer: Viewer): Promise<boolean> {
    return (await this.likedAmong([photoId], viewer)).has(photoId);
  }

  async guestHasLikes(ip: string): Promise<boolean> {
    return (await this.photos.exists({ likedBy: `g:${ip}`, ...LIVE })) !== null;
  }

  /**
   * The viewer's marker is moved forward only when their last counted view is older than the
   * window (the window is in the filter; a recent one makes the upsert a
   * duplicate: not counted), then the count goes up by one on the state read, with its event. Two
   * documents: a crash in between loses that one view, never counts one twice.
   */
  async recordView(photoId: string, viewer: Viewer, at: Date, countedSince: Date, announce: Announce<number>): Promise<{ views: number; counted: boolean }> {
    const current = await this.photos.findOne({ _id: photoId, ...LIVE }, { views: 1 }).lean();
    if (!current) throw photosErrors.notFound();
    try {
      await this.models.views.updateOne({ _id: `${photoId}|${viewerKey(viewer)}`, viewedAt: { $lte: countedSince } }, { $set: { viewedAt: at, photoId } }, { upsert: true });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const doc = await this.photos.findOne({ _id: photoId }, { views: 1 }).lean();
      return { views: doc?.views ?? current.views, counted: false };
    }
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const doc = await this.photos.findOne({ _id: photoId, ...LIVE }, { views: 1 }).lean();
      if (!doc) throw photosErrors.notFound();
      const views = doc.views + 1;
      const written = await this.photos.updateOne(
        { _id: photoId, views: doc.views, ...LIVE },
        combineUpdates({ $inc: { views: 1, _rev: 1 } }, pushEvents(announce(views))) as UpdateQuery<PhotoDocument>,
      );
      if (written.modifiedCount === 1) return { views, counted: true };
    }
    throw new Error('view count: too many concurrent updates');
  }

  async updateDescription(id: string, description: string): Promise<Photo> {
    // Update then read (FerretDB's findAndModify takes no projection).
    const written = await this.photos.updateOne({ _id: id, ...LIVE }, { $set: { description }, $inc: { _rev: 1 } });
    const photo = written.matchedCount === 1 ? await this.findById(id) : undefined;
    if (!photo) throw photosErrors.notFound();
    return photo;
  }

  async toggle(id: string, flag: 'isPublic' | 'isFeatured', announce: Announce<Photo>, refuse?: (photo: Photo) => Error | null): Promise<Photo> {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const doc = await this.photos.findOne({ _id: id, ...LIVE }, PHOTO_STATE).lean<StoredPhoto & { _rev: number }>();
      if (!doc) throw photosErrors.notFound();
      if (doc.moderation && !doc[flag]) throw photosErrors.heldForReview(flag);
      if (flag === 'isFeatured' && !doc.isFeatured && !doc.isPublic) throw photosErrors.notPublicForFeature();
      // Checked on the revision written: an edit in between makes the write miss and read again.
      const refused = !doc[flag] && refuse ? refuse(toPhoto(doc)) : null;
      if (refused) throw refused;
      const updated = { ...toPhoto(doc), [flag]: !doc[flag] };
      const written = await this.photos.updateOne(
        { _id: id, _rev: doc._rev, ...LIVE },
        combineUpdates({ $set: { [flag]: updated[flag] }, $inc: { _rev: 1 } }, pushEvents(announce(updated))) as UpdateQuery<PhotoDocument>,
      );
      if (written.modifiedCount === 1) return updated;
    }
    throw new Error('toggle: too many concurrent updates');
  }

  /** On the revision read: a write that lost a race reads again and makes the change anew. */
  async updateNature(id: string, change: (before: Photo) => NatureChange, announce: Announce<{ before: Photo; after: Photo }>): Promise<Photo | undefined> {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const doc = await this.photos.findOne({ _id: id, ...LIVE }, PHOTO_STATE).lean<StoredPhoto & { _rev: number }>();
      if (!doc) return undefined;
      const before = toPhoto(doc);
      const changed = change(before);
      const after: Photo = { ...before, ...changed };
      const written = await this.photos.updateOne(
        { _id: id, _rev: doc._rev, ...LIVE },
        combineUpdates({ $set: changed, $inc: { _rev: 1 } }, pushEvents(announce({ before, after }))) as UpdateQuery<PhotoDocument>,
      );
      if (written.modifiedCount === 1) return after;
    }
    throw new Error('nature edit: too many concurrent updates');
  }

  async setRating(photoId: string, rating: StoredRating, delivery: Delivery, hold?: LateHold): Promise<boolean> {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const doc = await this.photos.findOne({ _id: photoId, ...LIVE }, PHOTO_STATE).lean<StoredPhoto & { _rev: number }>();
      if (!doc) return false;
      const before = toPhoto(doc);
      // Only a photo its upload stored without a critique can still be held: a reviewed one stays reviewed.
      const holding = hold !== undefined && before.rating === null;
      const held = holding ? { ...moderationFields(hold.reasons, categoryOf(before.category, hold.engineCategory)), isPublic: false, isFeatured: false } : {};
      const after: Photo = { ...before, rating, overallRating: rating.overallRating, ...held };
      // The guard in the document: effect, events and the delivery's record are one write.
      const written = await this.photos.updateOne(
        { _id: photoId, _rev: doc._rev, ...LIVE, ...notApplied(delivery) },
        combineUpdates(
          { $set: { rating, overallRating: rating.overallRating, ...held }, $inc: { _rev: 1 } },
          markApplied(delivery),
          holding ? pushEvents(hold.announce({ before, after })) : {},
        ) as UpdateQuery<PhotoDocument>,
      );
      if (written.modifiedCount === 1) return true;
      // Not written: applied before (the guard), or the photo changed since it was read (read again).
      if ((await this.photos.exists({ _id: photoId, ...LIVE, ...notApplied(delivery) })) === null) return false;
    }
    throw new Error('rating: too many concurrent updates');
  }

  async approveHeld(id: string, announce: Announce<Photo>): Promise<Photo | undefined> {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const doc = await this.photos.findOne({ _id: id, moderation: 'review', ...LIVE }, PHOTO_STATE).lean<StoredPhoto & { _rev: number }>();
      if (!doc) return undefined;
      const approved: Photo = { ...toPhoto(doc), moderation: null, reviewReasons: null, reviewCategory: null, category: doc.reviewCategory ?? doc.category };
      const written = await this.photos.updateOne(
        { _id: id, _rev: doc._rev, moderation: 'review', ...LIVE },
        combineUpdates(
          { $set: { moderation: null, reviewReasons: null, reviewCategory: null, category: approved.category }, $inc: { _rev: 1 } },
          pushEvents(announce(approved)),
        ) as UpdateQuery<PhotoDocument>,
      );
      if (written.modifiedCount === 1) return approved;
    }
    throw new Error('approve: too many concurrent updates');
  }

  /**
   * A tombstone with the events, on the state read (`_rev`); its likers and slug are cleared in the
   * same write, so the slug is free at once (and the storage it used, which is summed over live
   * photos). Then its view markers go (a crash before leaves markers nobody reads).
   */
  async delete(id: string, announce: Announce<Photo>, heldOnly = false): Promise<Photo | undefined> {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const doc = await this.photos.findOne({ _id: id, ...LIVE, ...(heldOnly ? { moderation: 'review' } : {}) }, PHOTO_STATE).lean<StoredPhoto & { _rev: number }>();
      if (!doc) return undefined;
      const photo = toPhoto(doc);
      const written = await this.photos.updateOne(
        { _id: id, _rev: doc._rev, ...LIVE },
        combineUpdates(tombstone(announce(photo), { slug: freedValue(id), likedBy: [], isPublic: false, isFeatured: false }), { $inc: { _rev: 1 } }) as UpdateQuery<PhotoDocument>,
      );
      if (written.modifiedCount !== 1) continue;
      await this.models.views.deleteMany({ photoId: id });
      return photo;
    }
    throw new Error('delete: too many concurrent updates');
  }
}

function dailyId(quota: Pick<Quota, 'subject' | 'day'>): string {
  return `daily:${quota.subject}:${quota.day}`;
}
