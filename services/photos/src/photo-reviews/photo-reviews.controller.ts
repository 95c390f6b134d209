import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { AdminGuard, CurrentIdentity, idParam, valid } from '@wildframe/platform';
import type { Identity } from '@wildframe/platform';
import { photosErrors } from '../domain/photos.errors';
import { approveBody, rejectBody } from './photo-reviews.dto';
import type { ApproveBody, Approved, RejectBody } from './photo-reviews.dto';
import { PhotoReviews } from './photo-reviews.service';

const photoId = idParam(photosErrors.notFound);

/** The admin's decisions on photos held for review (the admin panel's "Needs review" list). */
@Controller('admin/photos/:id')
@UseGuards(AdminGuard)
export class PhotoReviewsController {
  constructor(private readonly reviews: PhotoReviews) {}

  @Post('approve')
  @HttpCode(200)
  approve(@Param('id', photoId) id: string, @CurrentIdentity() admin: Identity, @Body(valid(approveBody)) body: ApproveBody): Promise<Approved> {
    return this.reviews.approve(id, admin, body.reason);
  }

  @Post('reject')
  @HttpCode(200)
  reject(@Param('id', photoId) id: string, @CurrentIdentity() admin: Identity, @Body(valid(rejectBody)) body: RejectBody): Promise<{ message: string }> {
    return this.reviews.reject(id, admin, body.reason);
  }
}
