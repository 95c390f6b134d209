import {
  BadRequestException,
  Body,
  Controller,
  HttpCode,
  HttpException,
  HttpStatus,
  Inject,
  Post,
  Req,
} from '@nestjs/common';
import type { Request } from 'express';
import type { z } from 'zod';
import { AddressKey, FixedWindowRateLimiter, withRequestTrace } from '@wildframe/platform';
import type { pageViewAcceptedSchema } from '../openapi';
import { pageViewSchema } from './page-view.schema';
import { PageViewService } from './page-view.service';

/**
 * Per client address, counted by each gateway replica on its own (the gateway has no database):
 * a person browsing quickly stays far below it.
 */
export const PAGE_VIEW_RATE_LIMITER = Symbol('PAGE_VIEW_RATE_LIMITER');
export const PAGE_VIEWS_PER_MINUTE = 120;

export type PageViewAccepted = z.infer<typeof pageViewAcceptedSchema>;

/** The web reports route changes here, and only after the visitor allowed analytics cookies. */
@Controller('analytics')
export class PageViewController {
  constructor(
    private readonly pageViews: PageViewService,
    @Inject(PAGE_VIEW_RATE_LIMITER) private readonly limiter: FixedWindowRateLimiter,
  ) {}

  @Post('page-view')
  @HttpCode(HttpStatus.ACCEPTED)
  async pageView(@Body() body: unknown, @AddressKey() address: string, @Req() req: Request): Promise<PageViewAccepted> {
    if (!(await this.limiter.tryHit(address))) {
      throw new HttpException('Too many page views. Please slow down.', HttpStatus.TOO_MANY_REQUESTS);
    }
    const parsed = pageViewSchema.safeParse(body ?? {});
    if (!parsed.success) {
      throw new BadRequestException(parsed.error.issues[0]?.message ?? 'Invalid page view');
    }
    // The event continues the request's trace.
    await withRequestTrace(req, () => this.pageViews.record(parsed.data));
    return { accepted: true };
  }
}
