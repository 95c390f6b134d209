import { messageSchema, ServiceApiDocument, uuidParams } from '@wildframe/platform';
import { z } from 'zod';
import { addMemberRatingsApi } from './member-ratings/member-ratings.openapi';
import { addPhotographersApi } from './photographers/photographers.openapi';
import { addNatureApi } from './nature/nature.openapi';
import { addPhotoReviewsApi } from './photo-reviews/photo-reviews.openapi';
import { assetQuery, descriptionBody, galleryQuery, imageQuery, uploadFields } from './dto/photos.dto';
import {
  descriptionUpdatedSchema,
  featuredSchema,
  galleryPageSchema,
  likeSchema,
  photoCardSchema,
  photoDetailSchema,
  uploadLimitsSchema,
  uploadResultSchema,
  userStatsSchema,
  viewsSchema,
  visibilitySchema,
} from './dto/photos.responses';

const IMAGE_TYPES = ['image/webp', 'image/jpeg', 'image/png'] as const;
const DOWNLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/octet-stream'] as const;

/** The photos service's public HTTP API, from the schemas its controllers validate with. */
export function photosApiDocument(): ServiceApiDocument {
  const id = uuidParams('id');
  const document = new ServiceApiDocument('photos', 'Uploads, images, gallery, likes, views, featured photos and upload limits')
    .add({
      method: 'post',
      path: '/api/photos/upload',
      operationId: 'uploadPhoto',
      summary: 'Upload a photo (JPG, PNG, HEIC or WebP) and get its AI rating; guests may upload too',
      access: 'optional',
      form: z.object({ photo: z.string().meta({ format: 'binary' }), ...uploadFields.shape }),
      description:
        'Admitted before the file is read: 429 for a guest past the day’s tries (refused and failed uploads count) or for more uploads in flight from one address or account than allowed, 503 when the queue in front of the image workers is full; both transient refusals carry Retry-After. 422 when the photo needs more time or memory to decode than a worker is given.',
      response: { status: 201, description: 'Stored (with its rating, or error saying why there is none yet)', json: uploadResultSchema },
      errors: [409, 422, 429, 503],
    })
    .add({
      method: 'get',
      path: '/api/photos',
      operationId: 'getGallery',
      summary: 'The public gallery, a page at a time',
      description: '404 when `photographer` names a member without a public photographer page.',
      access: 'optional',
      query: galleryQuery,
      response: { status: 200, description: 'A page of cards', json: galleryPageSchema },
      errors: [404],
    })
    .add({
      method: 'get',
      // The spec's /api/photos/{slugOrId}: OpenAPI allows one parameter name per path, shared with DELETE.
      path: '/api/photos/{id}',
      operationId: 'getPhoto',
      summary: 'One photo by slug or id (public ones to anyone, private ones to their owner and admins)',
      access: 'optional',
      params: z.object({ id: z.string().min(1).max(200).describe('The photo’s slug or id') }),
      response: { status: 200, description: 'The photo', json: photoDetailSchema },
    })
    .add({ method: 'post', path: '/api/photos/{id}/view', operationId: 'recordView', summary: 'Record a view (once per viewer and day)', access: 'optional', params: id, response: { status: 200, description: 'Views so far', json: viewsSchema } })
    .add({ method: 'post', path: '/api/photos/{id}/like', operationId: 'toggleLike', summary: 'Like or unlike a photo', access: 'optional', params: id, response: { status: 200, description: 'Whether the caller likes it now', json: likeSchema } })
    .add({ method: 'put', path: '/api/photos/{id}/description', operationId: 'updateDescription', summary: 'Change the description of an own photo', access: 'user', params: id, body: descriptionBody, response: { status: 200, description: 'The new description', json: descriptionUpdatedSchema } })
    .add({
      method: 'post',
      path: '/api/photos/{id}/toggle-public',
      operationId: 'togglePublic',
      summary: 'Publish or unpublish an own photo (a photo held for review is published once an admin approves it)',
      access: 'user',
      params: id,
      response: { status: 200, description: 'The new visibility', json: visibilitySchema },
      errors: [409],
    })
    .add({ method: 'delete', path: '/api/photos/{id}', operationId: 'deletePhoto', summary: 'Delete an own photo', access: 'user', params: id, response: { status: 200, description: 'Deleted', json: messageSchema } })
    .add({ method: 'get', path: '/api/photos/{id}/download', operationId: 'downloadPhoto', summary: 'The original file of an own photo', access: 'user', params: id, response: { status: 200, description: 'The original file', binary: DOWNLOAD_TYPES } })
    .add({
      method: 'get',
      path: '/api/photos/{id}/image',
      operationId: 'getPhotoImage',
      summary: 'A derivative image (thumb, display or social); private photos need the signed URL from their detail',
      access: 'optional',
      params: id,
      query: imageQuery,
      response: { status: 200, description: 'The image', binary: IMAGE_TYPES },
      errors: [403],
    })
    .add({ method: 'get', path: '/api/user/photos', operationId: 'getMyPhotos', summary: 'The signed-in user’s photos', access: 'user', response: { status: 200, description: 'Own photos', json: z.array(photoDetailSchema) } })
    .add({ method: 'get', path: '/api/user/stats', operationId: 'getMyStats', summary: 'The signed-in user’s counts and storage', access: 'user', response: { status: 200, description: 'Stats', json: userStatsSchema } })
    .add({ method: 'get', path: '/api/upload-limits', operationId: 'getUploadLimits', summary: 'What the caller (member or guest) may still upload today', access: 'optional', response: { status: 200, description: 'Limits', json: uploadLimitsSchema } })
    .add({
      method: 'get',
      path: '/api/assets/{name}',
      operationId: 'getSiteAsset',
      summary: 'A site image (homepage-hero-grand-teton, homepage-wildlife-sample, homepage-editing-background)',
      access: 'public',
      params: z.object({ name: z.string().regex(/^[a-z0-9-]{1,100}$/) }),
      query: assetQuery,
      response: { status: 200, description: 'The image (w=960: its copy 960 px wide, for phones)', binary: ['image/webp'] },
    })
    .add({ method: 'get', path: '/api/featured-photos', operationId: 'getFeaturedPhotos', summary: 'The featured photos', access: 'public', response: { status: 200, description: 'Cards', json: z.array(photoCardSchema) } })
    .add({ method: 'get', path: '/api/admin/photos', operationId: 'adminListPhotos', summary: 'Every photo', access: 'admin', response: { status: 200, description: 'Photos', json: z.array(photoDetailSchema) } })
    .add({ method: 'delete', path: '/api/admin/photos/{id}', operationId: 'adminDeletePhoto', summary: 'Delete any photo', access: 'admin', params: id, response: { status: 200, description: 'Deleted', json: messageSchema } })
    .add({
      method: 'post',
      path: '/api/admin/photos/{id}/toggle-featured',
      operationId: 'adminToggleFeatured',
      summary: 'Feature or unfeature a public photo (a photo held for review is featured once approved)',
      access: 'admin',
      params: id,
      response: { status: 200, description: 'The new state', json: featuredSchema },
      errors: [409],
    });
  return addNatureApi(addPhotoReviewsApi(addPhotographersApi(addMemberRatingsApi(document))));
}
