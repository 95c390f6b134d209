import type { PendingEvent } from '@wildframe/platform';
import type { AuditAction, ContactAuditEntry, ContactMessage, ContactResponse, ContactStatus } from '../domain/contact-message';

/** What a visitor's submission stores; the rest (id, status, priority, times) the repository sets. */
export type NewContactMessage = Pick<ContactMessage, 'name' | 'email' | 'subject' | 'message' | 'category' | 'userId' | 'ipAddress'>;

/** The sliding window one client address is held to; `refuse` is thrown when it is used up. */
export interface SubmissionLimit {
  ipAddress: string;
  at: Date;
  windowStart: Date;
  max: number;
  refuse: () => Error;
}

/** Who made a change and why, for the audit entry written with it. */
export interface AuditContext {
  changedBy: string;
  reason: string | null;
}

/**
 * Contact messages, their responses and their audit trail (port; adapters in `postgres/` and
 * `mongo/`). Each method is one unit: the change, its audit entry and the events `announce`
 * gives are stored together or not at all; the caller then flushes the `EventOutbox`.
 */
export abstract class ContactMessagesRepository {
  /**
   * Stores a message as pending, medium priority, unless its address has used up `limit` (then
   * throws `limit.refuse()` and stores nothing); parallel submissions never slip past the limit.
   */
  abstract submit(message: NewContactMessage, limit: SubmissionLimit, announce: (stored: ContactMessage) => PendingEvent[]): Promise<ContactMessage>;

  /** Every message, newest first, each with its responses oldest first. */
  abstract listWithResponses(): Promise<Array<{ message: ContactMessage; responses: ContactResponse[] }>>;

  /**
   * Sets the status `decide` picks from the current message (null: leave it, nothing written),
   * with an audit entry and the events `announce` gives. `decide` may throw to refuse; nothing is
   * written then. Undefined when there is no such message.
   */
  abstract changeStatus(
    id: string,
    decide: (current: ContactMessage) => ContactStatus | null,
    action: AuditAction,
    audit: AuditContext,
    announce: (before: ContactMessage, after: ContactMessage) => PendingEvent[],
  ): Promise<{ before: ContactMessage; after: ContactMessage } | undefined>;

  /** Adds a response with its audit entry. Undefined when there is no such message. */
  abstract addResponse(id: string, response: { responseText: string; isPublic: boolean }, audit: AuditContext): Promise<ContactResponse | undefined>;

  /** Deletes the message and its responses; the audit entry of the deletion stays. Undefined when there is no such message. */
  abstract delete(id: string, audit: AuditContext): Promise<ContactMessage | undefined>;

  /** The audit trail of a message (also of a deleted one), oldest first. */
  abstract auditTrail(messageId: string): Promise<ContactAuditEntry[]>;
}
