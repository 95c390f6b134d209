import { Injectable } from '@nestjs/common';
import { isUuid, ServiceDatabase, storeEvents } from '@wildframe/platform';
import type { DatabaseTransaction, PendingEvent } from '@wildframe/platform';
import { and, asc, count, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { AuditAction, ContactAuditEntry, ContactMessage, ContactResponse, ContactStatus } from '../../domain/contact-message';
import { ContactMessagesRepository, type AuditContext, type NewContactMessage, type SubmissionLimit } from '../contact-messages.repository';
import { contactMessageAudit, contactMessages, contactResponses, contactSubmissions, type ContactMessageRow } from './schema';

const SCHEMA = 'contact';

/**
 * PostgreSQL: one transaction per method, with the outbox rows (`storeEvents`) and the audit row
 * of the change. Admin changes lock the message row, so the trail never disagrees with the data;
 * submissions take an advisory lock on the address, so parallel ones are counted one after another.
 */
@Injectable()
export class PostgresContactMessages extends ContactMessagesRepository {
  constructor(private readonly database: ServiceDatabase) {
    super();
  }

  private get db() {
    return this.database.db;
  }

  async submit(message: NewContactMessage, limit: SubmissionLimit, announce: (stored: ContactMessage) => PendingEvent[]): Promise<ContactMessage> {
    return this.db.transaction(async (tx) => {
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
      const stored = row as ContactMessageRow;
      await storeEvents(tx, SCHEMA, announce(stored));
      return stored;
    });
  }

  async listWithResponses(): Promise<Array<{ message: ContactMessage; responses: ContactResponse[] }>> {
    const messages = await this.db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
    if (messages.length === 0) return [];
    const responses = await this.db
      .select()
      .from(contactResponses)
      .where(inArray(contactResponses.messageId, messages.map((m) => m.id)))
      .orderBy(asc(contactResponses.createdAt), asc(contactResponses.id));
    const byMessage = new Map<string, ContactResponse[]>();
    for (const response of responses) byMessage.set(response.messageId, [...(byMessage.get(response.messageId) ?? []), response]);
    return messages.map((message) => ({ message, responses: byMessage.get(message.id) ?? [] }));
  }

  async changeStatus(
    id: string,
    decide: (current: ContactMessage) => ContactStatus | null,
    action: AuditAction,
    audit: AuditContext,
    announce: (before: ContactMessage, after: ContactMessage) => PendingEvent[],
  ): Promise<{ before: ContactMessage; after: ContactMessage } | undefined> {
    return this.db.transaction(async (tx) => {
      const before = await this.lock(tx, id);
      if (!before) return undefined;
      const status = decide(before);
      if (status === null) return { before, after: before };
      const [row] = await tx.update(contactMessages).set({ status, updatedAt: sql`now()` }).where(eq(contactMessages.id, id)).returning();
      const after = row as ContactMessageRow;
      await this.audit(tx, id, action, before.status, status, audit);
      await storeEvents(tx, SCHEMA, announce(before, after));
      return { before, after };
    });
  }

  async addResponse(id: string, response: { responseText: string; isPublic: boolean }, audit: AuditContext): Promise<ContactResponse | undefined> {
    return this.db.transaction(async (tx) => {
      if (!(await this.lock(tx, id))) return undefined;
      const [row] = await tx
        .insert(contactResponses)
        .values({ messageId: id, responseText: response.responseText, isPublic: response.isPublic, respondedBy: audit.changedBy })
        .returning();
      await tx.update(contactMessages).set({ updatedAt: sql`now()` }).where(eq(contactMessages.id, id));
      await this.audit(tx, id, 'response_added', null, response.responseText, audit);
      return row;
    });
  }

  async delete(id: string, audit: AuditContext): Promise<ContactMessage | undefined> {
    return this.db.transaction(async (tx) => {
      const before = await this.lock(tx, id);
      if (!before) return undefined;
      // Its responses go with it (foreign key, on delete cascade); the audit rows stay.
      await tx.delete(contactMessages).where(eq(contactMessages.id, id));
      await this.audit(tx, id, 'deleted', before.status, null, audit);
      return before;
    });
  }

  async auditTrail(messageId: string): Promise<ContactAuditEntry[]> {
    if (!isUuid(messageId)) return [];
    const rows = await this.db
      .select()
      .from(contactMessageAudit)
      .where(eq(contactMessageAudit.messageId, messageId))
      .orderBy(asc(contactMessageAudit.createdAt), asc(contactMessageAudit.id));
    return rows.map(({ messageId: message, action, oldValue, newValue, changedBy, reason, createdAt }) => ({
      messageId: message,
      action: action as AuditAction,
      oldValue,
      newValue,
      changedBy,
      reason,
      createdAt,
    }));
  }

  private async lock(tx: DatabaseTransaction, id: string): Promise<ContactMessageRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
    return row;
  }

  private async audit(tx: DatabaseTransaction, messageId: string, action: AuditAction, oldValue: string | null, newValue: string | null, context: AuditContext): Promise<void> {
    // clock_timestamp(), not now() (the transaction's start): under the row lock it orders the trail as the changes were made.
    await tx
      .insert(contactMessageAudit)
      .values({ messageId, action, oldValue, newValue, changedBy: context.changedBy, reason: context.reason, createdAt: sql`clock_timestamp()` });
  }
}
