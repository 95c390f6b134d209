import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, storeEvents } from '@wildframe/platform';
import type { PendingEvent, ServiceDatabase } from '@wildframe/platform';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { PHOTOS_SCHEMA } from '../../repositories/postgres/postgres-photos.repository';
import { UploadAttemptsRepository } from '../upload-attempts.repository';
import { uploadsInProgress, uploadTries } from './upload-attempts.schema';

/** PostgreSQL: a try is one conditional upsert (its row lock orders parallel tries); an abandon is one transaction with its events. */
@Injectable()
export class PostgresUploadAttemptsRepository extends UploadAttemptsRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {
    super();
  }

  private get db() {
    return this.database.db;
  }

  async countTry(subject: string, day: string, limit: number): Promise<boolean> {
    if (limit < 1) return false;
    const counted = await this.db
      .insert(uploadTries)
      .values({ subject, day, tries: 1 })
      .onConflictDoUpdate({ target: [uploadTries.subject, uploadTries.day], set: { tries: sql`${uploadTries.tries} + 1` }, setWhere: lt(uploadTries.tries, limit) })
      .returning({ tries: uploadTries.tries });
    return counted.length > 0;
  }

  async triesOn(subject: string, day: string): Promise<number> {
    const [row] = await this.db.select({ tries: uploadTries.tries }).from(uploadTries).where(and(eq(uploadTries.subject, subject), eq(uploadTries.day, day)));
    return row?.tries ?? 0;
  }

  async forgetTriesBefore(day: string): Promise<void> {
    await this.db.delete(uploadTries).where(lt(uploadTries.day, day));
  }

  async begin(photoId: string, at: Date): Promise<void> {
    await this.db.insert(uploadsInProgress).values({ photoId, startedAt: at }).onConflictDoNothing();
  }

  async end(photoId: string): Promise<void> {
    await this.db.delete(uploadsInProgress).where(eq(uploadsInProgress.photoId, photoId));
  }

  async begunBefore(cutoff: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ photoId: uploadsInProgress.photoId })
      .from(uploadsInProgress)
      .where(lt(uploadsInProgress.startedAt, cutoff))
      .orderBy(asc(uploadsInProgress.startedAt))
      .limit(limit);
    return rows.map((row) => row.photoId);
  }

  async abandon(photoId: string, events: PendingEvent[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      const removed = await tx.delete(uploadsInProgress).where(eq(uploadsInProgress.photoId, photoId)).returning({ photoId: uploadsInProgress.photoId });
      // Another replica's sweep took it first: it announces it.
      if (removed.length > 0) await storeEvents(tx, PHOTOS_SCHEMA, events);
    });
  }
}
