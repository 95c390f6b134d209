import { messageSchema, uuidParams } from '@wildframe/platform';
import type { ServiceApiDocument } from '@wildframe/platform';
import { approveBody, approvedSchema, rejectBody } from './photo-reviews.dto';

/** The review operations of the photos API (admin). */
export function addPhotoReviewsApi(document: ServiceApiDocument): ServiceApiDocument {
  return document
    .add({
      method: 'post',
      path: '/api/admin/photos/{id}/approve',
      operationId: 'adminApprovePhoto',
      summary: 'Approve a photo held for review: it may then be made public and featured, and gets its category',
      access: 'admin',
      params: uuidParams('id'),
      body: approveBody,
      response: { status: 200, description: 'Approved', json: approvedSchema },
      errors: [409],
    })
    .add({
      method: 'post',
      path: '/api/admin/photos/{id}/reject',
      operationId: 'adminRejectPhoto',
      summary: 'Reject a photo held for review: it is deleted, with the admin’s reason kept in the audit trail',
      access: 'admin',
      params: uuidParams('id'),
      body: rejectBody,
      response: { status: 200, description: 'Rejected and deleted', json: messageSchema },
      errors: [409],
    });
}
