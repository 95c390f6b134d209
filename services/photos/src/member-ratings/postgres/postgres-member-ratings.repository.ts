import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, storeEvents } from '@wildframe/platform';
import type { DatabaseTransaction, ServiceDatabase } from '@wildframe/platform';
import { and, desc, eq, sql } from 'drizzle-orm';
import { CRITERIA, MemberRating, MemberRatingChange, MemberRatingSummary, Scores, SubmitMemberRating, summaryFromSums } from '../member-rating';
import { AnnounceRatingChange, MemberRatingsRepository } from '../member-ratings.repository';
import { MemberRatingRow, memberRatings } from './member-ratings.schema';

function toRating(row: MemberRatingRow): MemberRating {
  return {
    id: row.id,
    photoId: row.photoId,
    userId: row.userId,
    authorName: row.authorName,
    scores: {
      overallRating: Number(row.overallRating),
      composition: Number(row.composition),
      lighting: Number(row.lighting),
      clarity: Number(row.clarity),
      creativity: Number(row.creativity),
    },
    feedback: row.feedback,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function scoreColumns(scores: Scores) {
  return {
    overallRating: String(scores.overallRating),
    composition: String(scores.composition),
    lighting: String(scores.lighting),
    clarity: String(scores.clarity),
    creativity: String(scores.creativity),
  };
}

/**
 * PostgreSQL: each write is one transaction with its events (`storeEvents`). Writes of one photo
 * take a transaction-scoped lock on it, so the count and averages announced are those of the rows
 * right after the change; the unique index keeps one critique per member and photo.
 */
@Injectable()
export class PostgresMemberRatingsRepository extends MemberRatingsRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {
    super();
  }

  private get db() {
    return this.database.db;
  }

  private async lockPhoto(tx: DatabaseTransaction, photoId: string): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`member-ratings:${photoId}`}, 0))`);
  }

  async submit(input: SubmitMemberRating, announce: AnnounceRatingChange): Promise<MemberRatingChange> {
    return this.db.transaction(async (tx) => {
      await this.lockPhoto(tx, input.photoId);
      const [existing] = await tx
        .select({ id: memberRatings.id })
        .from(memberRatings)
        .where(and(eq(memberRatings.photoId, input.photoId), eq(memberRatings.userId, input.userId)));
      const values = { ...scoreColumns(input.scores), feedback: input.feedback, authorName: input.authorName, updatedAt: input.at };
      const [row] = existing
        ? await tx.update(memberRatings).set(values).where(eq(memberRatings.id, existing.id)).returning()
        : await tx
            .insert(memberRatings)
            .values({ ...values, photoId: input.photoId, userId: input.userId, createdAt: input.at })
            .returning();
      const change: MemberRatingChange = { action: existing ? 'updated' : 'created', rating: toRating(row as MemberRatingRow), summary: await this.summaryIn(tx, input.photoId) };
      await storeEvents(tx, this.database.schema, announce(change));
      return change;
    });
  }

  async remove(ratingId: string, announce: AnnounceRatingChange): Promise<MemberRatingChange | null> {
    const found = await this.findById(ratingId);
    if (!found) return null;
    return this.db.transaction(async (tx) => {
      await this.lockPhoto(tx, found.photoId);
      const [row] = await tx.delete(memberRatings).where(eq(memberRatings.id, ratingId)).returning();
      if (!row) return null;
      const change: MemberRatingChange = { action: 'removed', rating: toRating(row), summary: await this.summaryIn(tx, row.photoId) };
      await storeEvents(tx, this.database.schema, announce(change));
      return change;
    });
  }

  async findById(ratingId: string): Promise<MemberRating | null> {
    const [row] = await this.db.select().from(memberRatings).where(eq(memberRatings.id, ratingId));
    return row ? toRating(row) : null;
  }

  async listForPhoto(photoId: string): Promise<MemberRating[]> {
    const rows = await this.db.select().from(memberRatings).where(eq(memberRatings.photoId, photoId)).orderBy(desc(memberRatings.updatedAt), desc(memberRatings.id));
    return rows.map(toRating);
  }

  summary(photoId: string): Promise<MemberRatingSummary> {
    return this.summaryIn(this.db, photoId);
  }

  private async summaryIn(db: Pick<DatabaseTransaction, 'select'>, photoId: string): Promise<MemberRatingSummary> {
    const sum = (column: (typeof memberRatings)[(typeof CRITERIA)[number]]) => sql<string>`coalesce(sum(${column}), 0)`;
    const [row] = await db
      .select({
        count: sql<number>`count(*)::int`,
        overallRating: sum(memberRatings.overallRating),
        composition: sum(memberRatings.composition),
        lighting: sum(memberRatings.lighting),
        clarity: sum(memberRatings.clarity),
        creativity: sum(memberRatings.creativity),
      })
      .from(memberRatings)
      .where(eq(memberRatings.photoId, photoId));
    const sums = {} as Scores;
    for (const criterion of CRITERIA) sums[criterion] = Number(row?.[criterion] ?? 0);
    return summaryFromSums(row?.count ?? 0, sums);
  }

  async removeAllOfPhoto(photoId: string): Promise<void> {
    await this.db.delete(memberRatings).where(eq(memberRatings.photoId, photoId));
  }

  async removeAllByUser(userId: string): Promise<void> {
    await this.db.delete(memberRatings).where(eq(memberRatings.userId, userId));
  }

  async renameAuthor(userId: string, authorName: string): Promise<void> {
    await this.db.update(memberRatings).set({ authorName }).where(eq(memberRatings.userId, userId));
  }
}
