import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { AdminGuard, CurrentIdentity, idParam, valid } from '@wildframe/platform';
import type { Identity } from '@wildframe/platform';
import type { ContactMessageView, ContactResponseView } from '../domain/contact-message';
import { reasonBody, responseBody, statusBody } from '../dto/contact.dto';
import type { ReasonBody, ResponseBody, StatusBody } from '../dto/contact.dto';
import { contactErrors } from '../domain/contact.errors';
import { ContactMessagesAdmin, StatusResult } from '../use-cases/contact-messages-admin';

const messageId = idParam(contactErrors.notFound);

/** Contact messages for admins: 401 to anonymous callers, 403 to members. */
@Controller('admin/contact-messages')
@UseGuards(AdminGuard)
export class AdminContactMessagesController {
  constructor(private readonly admin: ContactMessagesAdmin) {}

  @Get()
  list(): Promise<ContactMessageView[]> {
    return this.admin.list();
  }

  @Patch(':id/status')
  status(@Param('id', messageId) id: string, @CurrentIdentity() identity: Identity, @Body(valid(statusBody)) body: StatusBody): Promise<StatusResult> {
    return this.admin.changeStatus(id, body.status, identity, body.reason);
  }

  @Post(':id/response')
  @HttpCode(201)
  respond(@Param('id', messageId) id: string, @CurrentIdentity() identity: Identity, @Body(valid(responseBody)) body: ResponseBody): Promise<ContactResponseView> {
    return this.admin.respond(id, identity, body);
  }

  @Patch(':id/archive')
  archive(@Param('id', messageId) id: string, @CurrentIdentity() identity: Identity, @Body(valid(reasonBody)) body: ReasonBody): Promise<StatusResult> {
    return this.admin.archive(id, identity, body.reason);
  }

  @Delete(':id')
  remove(@Param('id', messageId) id: string, @CurrentIdentity() identity: Identity, @Body(valid(reasonBody)) body: ReasonBody): Promise<{ message: string }> {
    return this.admin.delete(id, identity, body.reason);
  }
}
