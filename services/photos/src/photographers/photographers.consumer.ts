import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { EVENT_BUS } from '@wildframe/platform';
import type { EventBus } from '@wildframe/platform';
import { PublicReadCache } from '../public-cache/public-read-cache';
import { PhotographersRepository } from './photographers.repository';

const CONSUMER = 'photos.photographers';

/**
 * Keeps the photographer read model from auth's events. Every write keeps the newer fact, so a
 * redelivered event changes nothing and no delivery record is needed.
 */
@Injectable()
export class PhotographersConsumer implements OnModuleInit {
  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly photographers: PhotographersRepository,
    private readonly cache: PublicReadCache,
  ) {}

  onModuleInit(): void {
    this.bus.subscribe('auth.user.registered.v1', CONSUMER, async ({ payload: p }) => {
      await this.photographers.applyProfile(p.userId, { firstName: p.firstName, lastName: p.lastName, at: new Date(p.registeredAt) });
    });
    this.bus.subscribe('auth.user.updated.v1', CONSUMER, async ({ payload: p }) => {
      await this.photographers.applyProfile(p.userId, { firstName: p.firstName, lastName: p.lastName, profileImageUrl: p.profileImageUrl, at: new Date(p.updatedAt) });
      this.cache.invalidate();
    });
    this.bus.subscribe('auth.user.preferences-changed.v1', CONSUMER, async ({ payload: p }) => {
      const facts = { firstName: p.firstName, lastName: p.lastName, profileImageUrl: p.profileImageUrl, at: new Date(p.changedAt) };
      await this.photographers.applyPreference(p.userId, p.publicProfile, facts);
      // Gallery cards and photo pages link to public photographers: cached pages must follow.
      this.cache.invalidate();
    });
    this.bus.subscribe('auth.user.deleted.v1', CONSUMER, async ({ payload: p }) => {
      await this.photographers.remove(p.userId);
      this.cache.invalidate();
    });
  }
}
