import { Body, Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { CurrentIdentity, valid } from '@wildframe/platform';
import type { Identity } from '@wildframe/platform';
import { contactMessageBody } from '../dto/contact.dto';
import type { ContactMessageBody } from '../dto/contact.dto';
import { SubmitContactMessage, SubmittedMessage } from '../use-cases/submit-contact-message';

/** The public contact form; guests and signed-in users alike. */
@Controller('contact')
export class ContactController {
  constructor(private readonly submit: SubmitContactMessage) {}

  @Post()
  @HttpCode(201)
  send(@Body(valid(contactMessageBody)) body: ContactMessageBody, @CurrentIdentity() identity: Identity | null, @Ip() ip: string): Promise<SubmittedMessage> {
    return this.submit.execute({ body, identity, ip });
  }
}
