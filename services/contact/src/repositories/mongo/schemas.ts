import { withOutbox, type MongoModelDefinition } from '@wildframe/platform';
import { Schema } from 'mongoose';
import type { AuditAction, ContactStatus } from '../../domain/contact-message';

/** A response, kept inside its message: added with the message's audit entry in one write. */
export interface ResponseDocument {
  id: string;
  responseText: string;
  respondedBy: string;
  isPublic: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** An audit entry, kept inside its message: written with the change it records, in one write. */
export interface AuditDocument {
  action: AuditAction;
  oldValue: string | null;
  newValue: string | null;
  changedBy: string;
  reason: string | null;
  createdAt: Date;
}

/**
 * A message with its responses and its audit trail. A deleted message keeps only its trail:
 * `deletedAt` set and the content erased (not a platform tombstone, which the outbox relay
 * removes: the trail of a deletion must outlive the message, as PostgreSQL's audit table does).
 */
export interface MessageDocument {
  _id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  category: string;
  status: ContactStatus;
  priority: string;
  userId: string | null;
  ipAddress: string | null;
  assignedTo: string | null;
  createdAt: Date;
  updatedAt: Date;
  responses: ResponseDocument[];
  audit: AuditDocument[];
  deletedAt?: Date;
}

/**
 * One of the `max` submission slots of a client address (`_id` = `<ip>#<n>`): a slot holds the
 * time of the last submission that used it and is free again once that is older than the window.
 * Claiming one is a single atomic write (insert of a new slot, unique `_id`; or a conditional
 * update of an expired one), so parallel submissions cannot take more than `max` within a window.
 */
export interface SubmissionSlotDocument {
  _id: string;
  ipAddress: string;
  at: Date;
}

const responseSchema = new Schema<ResponseDocument>(
  {
    id: { type: String, required: true },
    responseText: { type: String, required: true },
    respondedBy: { type: String, required: true },
    isPublic: { type: Boolean, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { _id: false },
);

const auditSchema = new Schema<AuditDocument>(
  {
    action: { type: String, required: true },
    oldValue: { type: String, default: null },
    newValue: { type: String, default: null },
    changedBy: { type: String, required: true },
    reason: { type: String, default: null },
    createdAt: { type: Date, required: true },
  },
  { _id: false },
);

const messageSchema = withOutbox(
  new Schema<MessageDocument>(
    {
      _id: { type: String, required: true },
      name: { type: String, required: true },
      email: { type: String, required: true },
      subject: { type: String, required: true },
      message: { type: String, required: true },
      category: { type: String, required: true },
      status: { type: String, required: true },
      priority: { type: String, required: true },
      userId: { type: String, default: null },
      ipAddress: { type: String, default: null },
      assignedTo: { type: String, default: null },
      createdAt: { type: Date, required: true },
      updatedAt: { type: Date, required: true },
      responses: { type: [responseSchema], default: [] },
      audit: { type: [auditSchema], default: [] },
      deletedAt: { type: Date },
    },
    { collection: 'contact_messages', versionKey: false, minimize: false },
  ),
);
messageSchema.index({ createdAt: -1, _id: -1 }, { name: 'contact_messages_created_idx' });
messageSchema.index({ status: 1 }, { name: 'contact_messages_status_idx' });

const slotSchema = new Schema<SubmissionSlotDocument>(
  {
    _id: { type: String, required: true },
    ipAddress: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { collection: 'contact_submission_slots', versionKey: false },
);

export const CONTACT_MESSAGE_MODEL = 'ContactMessage';
export const SUBMISSION_SLOT_MODEL = 'ContactSubmissionSlot';

/** The contact service's MongoDB models: registered at connection, their indexes made at start-up or by the migration Job. */
export const contactMongoModels: readonly MongoModelDefinition[] = [
  { name: CONTACT_MESSAGE_MODEL, schema: messageSchema, collection: 'contact_messages' },
  { name: SUBMISSION_SLOT_MODEL, schema: slotSchema, collection: 'contact_submission_slots' },
];
