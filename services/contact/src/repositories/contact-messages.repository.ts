import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, isUuid } from '@wildframe/platform';
import type { DatabaseTransaction, ServiceDatabase } from '@wildframe/platform';
import { and, asc, count, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { ContactMessageRow, contactMessageAudit, contactMessages, ContactResponseRow, contactResponses, contactSubmissions } from '../db/schema';
import type { AuditAction } from '../domain/contact-message';

export type NewContactMessage = Omit<typeof contactMessages.$inferInsert, 'id' | 'status' | 'priority' | 'createdAt' | 'updatedAt' | 'assignedTo'>;

/** The sliding window one client address is held to; `refuse` is thrown when it is used up. */
export interface SubmissionLimit {
  ipAddress: string;
  at: Date;
  windowStart: Date;
  max: number;
  refuse: () => Error;
}

/** Who made a change and why, for the audit row written with it. */
export interface AuditContext {
  changedBy: string;
  reason: string | null;
}


/**
 * Contact messages, their responses and their audit trail. Every admin change is made in one
 * transaction with its audit row, under a row lock, so the trail never disagrees with the data.
 */
@Injectable()
export class ContactMessagesRepository {
  constructor(@Inject(DATABASE) private readonly database: ServiceDatabase) {}

  private get db() {
    return this.database.db;
  }

  /**
   * Runs `fn` in one transaction, for writes that commit together with the events announcing them
   * (methods given it run their own transaction inside it as a savepoint).
   */
  transaction<T>(fn: (tx: DatabaseTransaction) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /**
   * Counts the address's recent submissions and stores the message in one transaction, under a lock
   * on the address, so parallel submissions are counted one after another and none slips past.
   */
  async insertWithinLimit(message: NewContactMessage, limit: SubmissionLimit, outer?: DatabaseTransaction): Promise<ContactMessageRow> {
    return (outer ?? this.db).transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`contact.submissions.${limit.ipAddress}`}))`);
      const [recent] = await tx
        .select({ count: count() })
        .from(contactSubmissions)
        .where(and(eq(contactSubmissions.ipAddress, limit.ipAddress), gt(contactSubmissions.at, limit.windowStart)));
      if (Number(recent?.count ?? 0) >= limit.max) throw limit.refuse();
      // Submissions older than the window count for nobody any more.
      await tx.delete(contactSubmissions).where(lte(contactSubmissions.at, limit.windowStart));
      await tx.insert(contactSubmissions).values({ ipAddress: limit.ipAddress, at: limit.at });
      const [row] = await tx.insert(contactMessages).values(message).returning();
      return row as ContactMessageRow;
    });
  }

  /** Every message, newest first, each with its responses oldest first. */
  async listWithResponses(): Promise<Array<{ message: ContactMessageRow; responses: ContactResponseRow[] }>> {
    const messages = await this.db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
    if (messages.length === 0) return [];
    const responses = await this.db
      .select()
      .from(contactResponses)
      .where(inArray(contactResponses.messageId, messages.map((m) => m.id)))
      .orderBy(asc(contactResponses.createdAt), asc(contactResponses.id));
    const byMessage = new Map<string, ContactResponseRow[]>();
    for (const response of responses) byMessage.set(response.messageId, [...(byMessage.get(response.messageId) ?? []), response]);
    return messages.map((message) => ({ message, responses: byMessage.get(message.id) ?? [] }));
  }

  /**
   * Locks the message and sets the status `decide` picks from the current row (null: leave it as
   * it is, nothing written). `decide` may throw to refuse; nothing is written then either.
   */
  async changeStatus(
    id: string,
    decide: (current: ContactMessageRow) => ContactMessageRow['status'] | null,
    action: AuditAction,
    audit: AuditContext,
    outer?: DatabaseTransaction,
  ): Promise<{ before: ContactMessageRow; after: ContactMessageRow } | undefined> {
    return (outer ?? this.db).transaction(async (tx) => {
      const before = await this.lock(tx, id);
      if (!before) return undefined;
      const status = decide(before);
      if (status === null) return { before, after: before };
      const [after] = await tx.update(contactMessages).set({ status, updatedAt: sql`now()` }).where(eq(contactMessages.id, id)).returning();
      await this.audit(tx, id, action, before.status, status, audit);
      return { before, after: after as ContactMessageRow };
    });
  }

  async addResponse(id: string, response: { responseText: string; isPublic: boolean }, audit: AuditContext): Promise<ContactResponseRow | undefined> {
    return this.db.transaction(async (tx) => {
      if (!(await this.lock(tx, id))) return undefined;
      const [row] = await tx
        .insert(contactResponses)
        .values({ messageId: id, responseText: response.responseText, isPublic: response.isPublic, respondedBy: audit.changedBy })
        .returning();
      await tx.update(contactMessages).set({ updatedAt: sql`now()` }).where(eq(contactMessages.id, id));
      await this.audit(tx, id, 'response_added', null, response.responseText, audit);
      return row as ContactResponseRow;
    });
  }

  /** Deletes the message and its responses; the audit row of the deletion stays. */
  async delete(id: string, audit: AuditContext): Promise<ContactMessageRow | undefined> {
    return this.db.transaction(async (tx) => {
      const before = await this.lock(tx, id);
      if (!before) return undefined;
      await tx.delete(contactMessages).where(eq(contactMessages.id, id));
      await this.audit(tx, id, 'deleted', before.status, null, audit);
      return before;
    });
  }

  private async lock(tx: DatabaseTransaction, id: string): Promise<ContactMessageRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
    return row;
  }

  private async audit(tx: DatabaseTransaction, messageId: string, action: AuditAction, oldValue: string | null, newValue: string | null, context: AuditContext): Promise<void> {
    await tx.insert(contactMessageAudit).values({ messageId, action, oldValue, newValue, changedBy: context.changedBy, reason: context.reason });
  }
}
