import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, EVENT_BUS } from '@wildframe/platform';
import type { Clock, EventBus, Identity } from '@wildframe/platform';
import { CONTACT_CONFIG } from '../contact.config';
import type { ContactConfig } from '../contact.config';
import { contactErrors } from '../domain/contact.errors';
import type { ContactMessageBody } from '../dto/contact.dto';
import { ContactMessagesRepository } from '../repositories/contact-messages.repository';

export interface SubmittedMessage {
  id: string;
  status: string;
  message: string;
}

/** The longest address a column of the spec holds (IPv6 with an IPv4 tail). */
const IP_MAX_LENGTH = 45;

/**
 * A visitor's message: stored as pending, medium priority, with the sender's address and, when
 * signed in, their account. Each address may send a few per window (spam protection).
 */
@Injectable()
export class SubmitContactMessage {
  constructor(
    private readonly messages: ContactMessagesRepository,
    @Inject(CONTACT_CONFIG) private readonly config: ContactConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
  ) {}

  async execute(input: { body: ContactMessageBody; identity: Identity | null; ip: string }): Promise<SubmittedMessage> {
    const now = this.clock.now();
    const ipAddress = (input.ip || 'unknown').slice(0, IP_MAX_LENGTH);
    const row = await this.messages.insertWithinLimit(
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
        ipAddress,
        at: now,
        windowStart: new Date(now.getTime() - this.config.CONTACT_RATE_LIMIT_WINDOW_MINUTES * 60_000),
        max: this.config.CONTACT_MAX_MESSAGES_PER_WINDOW,
        refuse: contactErrors.tooManyMessages,
      },
    );
    // Published after the message committed; a crash in between loses this notice (outbox: see README).
    await this.bus.publish(
      'contact.message.received.v1',
      { messageId: row.id, category: row.category, userId: row.userId ?? '', at: now.toISOString() },
      { key: row.id, subject: row.id },
    );
    return { id: row.id, status: row.status, message: 'Message sent successfully!' };
  }
}
