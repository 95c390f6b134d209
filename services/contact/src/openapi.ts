import { messageSchema, ServiceApiDocument, uuidParams } from '@wildframe/platform';
import { z } from 'zod';
import { contactMessageBody, reasonBody, responseBody, statusBody } from './dto/contact.dto';
import { contactMessageViewSchema, contactResponseViewSchema, statusResultSchema, submittedMessageSchema } from './dto/contact.responses';

/** The contact service's public HTTP API, from the schemas its controllers validate with. */
export function contactApiDocument(): ServiceApiDocument {
  const id = uuidParams('id');
  return new ServiceApiDocument('contact', 'Contact messages, admin responses and their audit trail')
    .add({ method: 'post', path: '/api/contact', operationId: 'sendContactMessage', summary: 'Send a message to the team (a few per address and hour)', access: 'optional', body: contactMessageBody, response: { status: 201, description: 'Received', json: submittedMessageSchema }, errors: [429] })
    .add({ method: 'get', path: '/api/admin/contact-messages', operationId: 'adminListContactMessages', summary: 'Every message with its responses', access: 'admin', response: { status: 200, description: 'Messages', json: z.array(contactMessageViewSchema) } })
    .add({ method: 'patch', path: '/api/admin/contact-messages/{id}/status', operationId: 'adminSetContactStatus', summary: 'Change a message’s status (with an optional reason for the audit trail)', access: 'admin', params: id, body: statusBody, response: { status: 200, description: 'Changed', json: statusResultSchema } })
    .add({ method: 'post', path: '/api/admin/contact-messages/{id}/response', operationId: 'adminRespondToContact', summary: 'Add a response to a message', access: 'admin', params: id, body: responseBody, response: { status: 201, description: 'Added', json: contactResponseViewSchema } })
    .add({ method: 'patch', path: '/api/admin/contact-messages/{id}/archive', operationId: 'adminArchiveContact', summary: 'Archive a message', access: 'admin', params: id, body: reasonBody, response: { status: 200, description: 'Archived', json: statusResultSchema } })
    .add({ method: 'delete', path: '/api/admin/contact-messages/{id}', operationId: 'adminDeleteContact', summary: 'Delete a message (the audit trail keeps the reason)', access: 'admin', params: id, body: reasonBody, response: { status: 200, description: 'Deleted', json: messageSchema } });
}
