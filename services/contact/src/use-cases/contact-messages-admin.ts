import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, EventOutbox, pendingEvent } from '@wildframe/platform';
import type { Clock, Identity } from '@wildframe/platform';
import { contactErrors } from '../domain/contact.errors';
import { ContactMessage, ContactMessageView, ContactResponseView, ContactStatus, toMessageView, toResponseView } from '../domain/contact-message';
import type { AuditAction } from '../domain/contact-message';
import { ContactMessagesRepository } from '../repositories/contact-messages.repository';

export type { StatusResult } from '../dto/contact.responses';
import type { StatusResult } from '../dto/contact.responses';

/** The admin's side of contact messages. Every change is written with its audit row. */
@Injectable()
export class ContactMessagesAdmin {
  constructor(
    private readonly messages: ContactMessagesRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly outbox: EventOutbox,
  ) {}

  async list(): Promise<ContactMessageView[]> {
    return (await this.messages.listWithResponses()).map(({ message, responses }) => toMessageView(message, responses));
  }

  /** Setting the status a message already has changes nothing and records nothing. */
  async changeStatus(id: string, status: ContactStatus, admin: Identity, reason: string | null): Promise<StatusResult> {
    const after = await this.setStatus(id, admin, reason, 'status_changed', (current) => (current.status === status ? null : status));
    return { id, status: after.status, message: 'Status updated' };
  }

  async archive(id: string, admin: Identity, reason: string | null): Promise<StatusResult> {
    const after = await this.setStatus(id, admin, reason, 'archived', (current) => {
      if (current.status === 'archived') throw contactErrors.alreadyArchived();
      return 'archived';
    });
    return { id, status: after.status, message: 'Message archived' };
  }

  async respond(id: string, admin: Identity, response: { responseText: string; isPublic: boolean }): Promise<ContactResponseView> {
    const row = await this.messages.addResponse(id, response, { changedBy: admin.userId, reason: null });
    if (!row) throw contactErrors.notFound();
    return toResponseView(row);
  }

  async delete(id: string, admin: Identity, reason: string | null): Promise<{ message: string }> {
    const deleted = await this.messages.delete(id, { changedBy: admin.userId, reason });
    if (!deleted) throw contactErrors.notFound();
    return { message: 'Message deleted' };
  }

  private async setStatus(
    id: string,
    admin: Identity,
    reason: string | null,
    action: AuditAction,
    decide: (current: ContactMessage) => ContactStatus | null,
  ): Promise<ContactMessage> {
    const change = await this.messages.changeStatus(id, decide, action, { changedBy: admin.userId, reason }, (before, after) => [
      // Stored with the change, published once it is stored (and after a crash, at the next start).
      pendingEvent(
        'contact.message.status-changed.v1',
        { messageId: id, oldStatus: before.status, newStatus: after.status, changedBy: admin.userId, at: this.clock.now().toISOString() },
        { key: id, subject: id },
      ),
    ]);
    if (!change) throw contactErrors.notFound();
    await this.outbox.flush();
    return change.after;
  }
}
