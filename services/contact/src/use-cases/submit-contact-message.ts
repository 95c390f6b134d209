import { Inject, Injectable } from '@nestjs/common';
import { addressKey, CLOCK, EventOutbox, pendingEvent } from '@wildframe/platform';
import type { Clock, Identity } from '@wildframe/platform';
import { CONTACT_CONFIG } from '../contact.config';
import type { ContactConfig } from '../contact.config';
import { contactErrors } from '../domain/contact.errors';
import type { ContactMessageBody } from '../dto/contact.dto';
import { ContactMessagesRepository } from '../repositories/contact-messages.repository';

export type { SubmittedMessage } from '../dto/contact.responses';
import type { SubmittedMessage } from '../dto/contact.responses';

/** The longest address a column of the spec holds (IPv6 with an IPv4 tail). */
const IP_MAX_LENGTH = 45;

/**
 * A visitor's message: stored as pending, medium priority, with the sender's address and, when
 * signed in, their account. Each address may send a few per window (spam protection), counted by
 * its address key (an IPv6 /64 is one address).
 */
@Injectable()
export class SubmitContactMessage {
  constructor(
    private readonly messages: ContactMessagesRepository,
    @Inject(CONTACT_CONFIG) private readonly config: ContactConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly outbox: EventOutbox,
  ) {}

  async execute(input: { body: ContactMessageBody; identity: Identity | null; ip: string }): Promise<SubmittedMessage> {
    const now = this.clock.now();
    const ipAddress = (input.ip || 'unknown').slice(0, IP_MAX_LENGTH);
    const stored = await this.messages.submit(
      {
        name: input.body.name,
        email: input.body.email.toLowerCase(),
        subject: input.body.subject,
        message: input.body.message,
        category: input.body.category,
        userId: input.identity?.userId ?? null,
        ipAddress,
      },
      {
        ipAddress: addressKey(input.ip),
        at: now,
        windowStart: new Date(now.getTime() - this.config.CONTACT_RATE_LIMIT_WINDOW_MINUTES * 60_000),
        max: this.config.CONTACT_MAX_MESSAGES_PER_WINDOW,
        refuse: contactErrors.tooManyMessages,
      },
      // Stored with the message, published once it is stored (and after a crash, at the next start).
      (message) => [
        pendingEvent(
          'contact.message.received.v1',
          { messageId: message.id, category: message.category, userId: message.userId ?? '', at: now.toISOString() },
          { key: message.id, subject: message.id },
        ),
      ],
    );
    await this.outbox.flush();
    return { id: stored.id, status: stored.status, message: 'Message sent successfully!' };
  }
}
