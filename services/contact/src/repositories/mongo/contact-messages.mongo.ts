import { Injectable } from '@nestjs/common';
import { combineUpdates, isDuplicateKey, isUuid, MongoServiceDatabase, pushEvents, withEvents } from '@wildframe/platform';
import type { PendingEvent } from '@wildframe/platform';
import type { Model } from 'mongoose';
import { randomUUID } from 'node:crypto';
import type { AuditAction, ContactAuditEntry, ContactMessage, ContactResponse, ContactStatus } from '../../domain/contact-message';
import { ContactMessagesRepository, type AuditContext, type NewContactMessage, type SubmissionLimit } from '../contact-messages.repository';
import {
  CONTACT_MESSAGE_MODEL,
  SUBMISSION_SLOT_MODEL,
  type AuditDocument,
  type MessageDocument,
  type ResponseDocument,
  type SubmissionSlotDocument,
} from './schemas';

/** Messages that are not deleted (a deleted one keeps only its audit trail). */
const LIVE = { deletedAt: { $exists: false } } as const;

/** A status change that lost a race re-reads and decides again; this many times at most. */
const STATUS_ATTEMPTS = 5;

/**
 * MongoDB: every unit is ONE single-document write. The message document carries its responses,
 * its audit trail and the events announcing its changes (`_outbox`), so a change, its audit entry
 * and its events are written together. The per-address limit is kept by submission slots (see
 * `SubmissionSlotDocument`); a slot claimed for a message that then fails to be stored is given
 * back (compensation). A process dying between the two writes leaves the address one slot short
 * for the window: it errs on the side of the limit.
 */
@Injectable()
export class MongoContactMessages extends ContactMessagesRepository {
  constructor(private readonly database: MongoServiceDatabase) {
    super();
  }

  private get messages(): Model<MessageDocument> {
    return this.database.model<MessageDocument>(CONTACT_MESSAGE_MODEL);
  }

  private get slots(): Model<SubmissionSlotDocument> {
    return this.database.model<SubmissionSlotDocument>(SUBMISSION_SLOT_MODEL);
  }

  async submit(message: NewContactMessage, limit: SubmissionLimit, announce: (stored: ContactMessage) => PendingEvent[]): Promise<ContactMessage> {
    const slot = await this.claimSlot(limit);
    if (slot === undefined) throw limit.refuse();
    const now = new Date();
    const stored: ContactMessage = { ...message, id: randomUUID(), status: 'pending', priority: 'medium', assignedTo: null, createdAt: now, updatedAt: now };
    const { id, ...fields } = stored;
    try {
      await this.messages.create(withEvents({ _id: id, ...fields, responses: [], audit: [] }, announce(stored)));
    } catch (error) {
      await this.releaseSlot(slot, limit.at);
      throw error;
    }
    return stored;
  }

  async listWithResponses(): Promise<Array<{ message: ContactMessage; responses: ContactResponse[] }>> {
    const documents = await this.messages.find(LIVE).sort({ createdAt: -1, _id: -1 }).lean<MessageDocument[]>();
    return documents.map((document) => ({ message: toMessage(document), responses: document.responses.map((response) => toResponse(document._id, response)) }));
  }

  async changeStatus(
    id: string,
    decide: (current: ContactMessage) => ContactStatus | null,
    action: AuditAction,
    audit: AuditContext,
    announce: (before: ContactMessage, after: ContactMessage) => PendingEvent[],
  ): Promise<{ before: ContactMessage; after: ContactMessage } | undefined> {
    if (!isUuid(id)) return undefined;
    for (let attempt = 0; attempt < STATUS_ATTEMPTS; attempt++) {
      const current = await this.messages.findOne({ _id: id, ...LIVE }).lean<MessageDocument>();
      if (current === null) return undefined;
      const before = toMessage(current);
      const status = decide(before);
      if (status === null) return { before, after: before };
      const now = new Date();
      const after: ContactMessage = { ...before, status, updatedAt: now };
      // Written only if nobody changed the message since it was read (compare-and-set on the status and time).
      const written = await this.messages.updateOne(
        { _id: id, ...LIVE, status: before.status, updatedAt: current.updatedAt },
        combineUpdates({ $set: { status, updatedAt: now } }, { $push: { audit: auditEntry(action, before.status, status, audit, now) } }, pushEvents(announce(before, after))),
      );
      if (written.matchedCount === 1) return { before, after };
    }
    throw new Error(`contact message ${id} kept changing; status not set`);
  }

  async addResponse(id: string, response: { responseText: string; isPublic: boolean }, audit: AuditContext): Promise<ContactResponse | undefined> {
    if (!isUuid(id)) return undefined;
    const now = new Date();
    const added: ResponseDocument = { id: randomUUID(), responseText: response.responseText, respondedBy: audit.changedBy, isPublic: response.isPublic, createdAt: now, updatedAt: now };
    const written = await this.messages.updateOne(
      { _id: id, ...LIVE },
      { $set: { updatedAt: now }, $push: { responses: added, audit: auditEntry('response_added', null, response.responseText, audit, now) } },
    );
    return written.matchedCount === 1 ? toResponse(id, added) : undefined;
  }

  async delete(id: string, audit: AuditContext): Promise<ContactMessage | undefined> {
    if (!isUuid(id)) return undefined;
    for (let attempt = 0; attempt < STATUS_ATTEMPTS; attempt++) {
      const current = await this.messages.findOne({ _id: id, ...LIVE }).lean<MessageDocument>();
      if (current === null) return undefined;
      const now = new Date();
      // The content goes (responses included); the trail stays, with the deletion's entry, in the same write.
      const written = await this.messages.updateOne(
        { _id: id, ...LIVE, status: current.status, updatedAt: current.updatedAt },
        {
          $set: { deletedAt: now, updatedAt: now, name: '', email: '', subject: '', message: '', userId: null, ipAddress: null, responses: [] },
          $push: { audit: auditEntry('deleted', current.status, null, audit, now) },
        },
      );
      if (written.matchedCount === 1) return toMessage(current);
    }
    throw new Error(`contact message ${id} kept changing; not deleted`);
  }

  async auditTrail(messageId: string): Promise<ContactAuditEntry[]> {
    if (!isUuid(messageId)) return [];
    const document = await this.messages.findById(messageId).select('audit').lean<Pick<MessageDocument, 'audit'>>();
    return (document?.audit ?? []).map((entry) => ({ messageId, ...entry }));
  }

  /** Takes a free slot of the address (a new one, or one whose last use left the window); undefined when all are in use. */
  private async claimSlot(limit: SubmissionLimit): Promise<{ id: string; previous: Date | undefined } | undefined> {
    for (let n = 0; n < limit.max; n++) {
      const id = `${limit.ipAddress}#${n}`;
      const expired = await this.slots.findOneAndUpdate({ _id: id, at: { $lte: limit.windowStart } }, { $set: { at: limit.at } }, { returnDocument: 'before' }).lean<SubmissionSlotDocument>();
      if (expired !== null) return { id, previous: expired.at };
      try {
        await this.slots.create({ _id: id, ipAddress: limit.ipAddress, at: limit.at });
        return { id, previous: undefined };
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
    }
    return undefined;
  }

  /** Compensation: gives a slot back when its message could not be stored. */
  private async releaseSlot(slot: { id: string; previous: Date | undefined }, at: Date): Promise<void> {
    if (slot.previous === undefined) await this.slots.deleteOne({ _id: slot.id, at });
    else await this.slots.updateOne({ _id: slot.id, at }, { $set: { at: slot.previous } });
  }
}

function auditEntry(action: AuditAction, oldValue: string | null, newValue: string | null, context: AuditContext, at: Date): AuditDocument {
  return { action, oldValue, newValue, changedBy: context.changedBy, reason: context.reason, createdAt: at };
}

function toMessage(document: MessageDocument): ContactMessage {
  return {
    id: document._id,
    name: document.name,
    email: document.email,
    subject: document.subject,
    message: document.message,
    category: document.category,
    status: document.status,
    priority: document.priority,
    userId: document.userId ?? null,
    ipAddress: document.ipAddress ?? null,
    assignedTo: document.assignedTo ?? null,
    createdAt: document.createdAt,
    updatedAt: document.updatedAt,
  };
}

function toResponse(messageId: string, response: ResponseDocument): ContactResponse {
  return { messageId, ...response };
}
