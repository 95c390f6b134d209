// The status button of a contact message (spec, section 4): pending → in_progress → resolved →
// pending. An archived message goes back to pending, which reopens it.
import type { MessageStatus } from './types';

export const STATUS_LABELS: Readonly<Record<MessageStatus, string>> = {
  pending: 'Pending',
  in_progress: 'In Progress',
  resolved: 'Resolved',
  archived: 'Archived',
};

const NEXT: Readonly<Record<MessageStatus, MessageStatus>> = {
  pending: 'in_progress',
  in_progress: 'resolved',
  resolved: 'pending',
  archived: 'pending',
};

export function nextStatus(status: MessageStatus): MessageStatus {
  return NEXT[status] ?? 'pending';
}

export function statusLabel(status: string): string {
  return (STATUS_LABELS as Record<string, string | undefined>)[status] ?? status;
}

/** What the status button says it will do: move the message on to its next status. */
export function statusAction(status: MessageStatus): string {
  return status === 'archived' ? 'Reopen' : `Mark ${STATUS_LABELS[nextStatus(status)]}`;
}
