/** The four categories of the contact form (spec, section 3). */
export const CONTACT_CATEGORIES = ['feedback', 'support', 'bug-report', 'feature-request'] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];

export const CONTACT_STATUSES = ['pending', 'in_progress', 'resolved', 'archived'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** What the audit trail records: one entry per change an admin makes. */
export type AuditAction = 'status_changed' | 'response_added' | 'archived' | 'deleted';

/** A stored contact message (either backend). */
export interface ContactMessage {
  id: string;
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
}

/** An admin's answer to a message; goes with its message. */
export interface ContactResponse {
  id: string;
  messageId: string;
  responseText: string;
  respondedBy: string;
  isPublic: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** One change an admin made; the trail of a deleted message (its deletion included) outlives it. */
export interface ContactAuditEntry {
  messageId: string;
  action: AuditAction;
  oldValue: string | null;
  newValue: string | null;
  changedBy: string;
  reason: string | null;
  createdAt: Date;
}

// The views' shapes are the API's (dto/contact.responses).
export type { ContactMessageView, ContactResponseView } from '../dto/contact.responses';
import type { ContactMessageView, ContactResponseView } from '../dto/contact.responses';

export function toResponseView(row: ContactResponse): ContactResponseView {
  return { id: row.id, responseText: row.responseText, respondedBy: row.respondedBy, isPublic: row.isPublic, createdAt: row.createdAt.toISOString() };
}

export function toMessageView(row: ContactMessage, responses: ContactResponse[]): ContactMessageView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    category: row.category,
    status: row.status,
    priority: row.priority,
    userId: row.userId,
    ipAddress: row.ipAddress,
    assignedTo: row.assignedTo,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    responses: responses.map(toResponseView),
  };
}
