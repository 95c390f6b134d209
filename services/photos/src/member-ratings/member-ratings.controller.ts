import { Body, Controller, Delete, Get, Param, Put, UseGuards } from '@nestjs/common';
import { CurrentIdentity, idParam, SignedInGuard, valid } from '@wildframe/platform';
import type { Identity } from '@wildframe/platform';
import { photosErrors } from '../domain/photos.errors';
import { memberRatingBody } from './member-ratings.dto';
import type { MemberCritiques, MemberRatingBody } from './member-ratings.dto';
import { memberRatingsErrors } from './member-ratings.errors';
import { MemberRatings } from './member-ratings.service';

const photoId = idParam(photosErrors.notFound);
const ratingId = idParam(memberRatingsErrors.notFound);

/** Member critiques of a photo: read by anyone who may see the photo, written by members. */
@Controller('photos/:id/member-ratings')
export class MemberRatingsController {
  constructor(private readonly ratings: MemberRatings) {}

  @Get()
  list(@Param('id') id: string, @CurrentIdentity() identity: Identity | null): Promise<MemberCritiques> {
    return this.ratings.list(id, identity);
  }

  /** Creates the caller's critique, or replaces it (one per member and photo). */
  @Put('mine')
  @UseGuards(SignedInGuard)
  submit(@Param('id', photoId) id: string, @CurrentIdentity() identity: Identity, @Body(valid(memberRatingBody)) body: MemberRatingBody): Promise<MemberCritiques> {
    return this.ratings.submit(id, identity, body);
  }

  @Delete(':ratingId')
  @UseGuards(SignedInGuard)
  remove(@Param('id', photoId) id: string, @Param('ratingId', ratingId) rating: string, @CurrentIdentity() identity: Identity): Promise<MemberCritiques> {
    return this.ratings.remove(id, rating, identity);
  }
}
