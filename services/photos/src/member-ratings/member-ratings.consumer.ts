import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { EVENT_BUS } from '@wildframe/platform';
import type { EventBus } from '@wildframe/platform';
import { MemberRatingsRepository } from './member-ratings.repository';
import { authorNameOf } from './member-ratings.service';

const CONSUMER = 'photos.member-ratings';

/**
 * Critiques follow their photo and their author: removed with either, renamed with the author.
 * Each effect is idempotent (a redelivery finds nothing more to do), so no delivery record is kept.
 */
@Injectable()
export class MemberRatingsConsumer implements OnModuleInit {
  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly ratings: MemberRatingsRepository,
  ) {}

  onModuleInit(): void {
    this.bus.subscribe('photos.photo.deleted.v1', CONSUMER, (event) => this.ratings.removeAllOfPhoto(event.payload.photoId));
    this.bus.subscribe('auth.user.deleted.v1', CONSUMER, (event) => this.ratings.removeAllByUser(event.payload.userId));
    this.bus.subscribe('auth.user.updated.v1', CONSUMER, (event) => this.ratings.renameAuthor(event.payload.userId, authorNameOf(event.payload)));
  }
}
