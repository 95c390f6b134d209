import { Inject, Injectable } from '@nestjs/common';
import { EVENT_BUS, EventBusUnavailableError, type EventBus } from '@wildframe/platform';
import type { PageViewInput } from './page-view.schema';

/** Passes a page view on to the analytics consumers as `web.page.viewed.v1`, keyed by session. */
@Injectable()
export class PageViewService {
  constructor(@Inject(EVENT_BUS) private readonly bus: EventBus) {}

  async record(view: PageViewInput): Promise<void> {
    try {
      await this.bus.publish(
        'web.page.viewed.v1',
        // The time is the server's: a browser clock can be anything.
        { path: view.path, referrer: view.referrer, sessionId: view.sessionId, at: new Date().toISOString() },
        { key: view.sessionId, subject: view.sessionId },
      );
    } catch (error) {
      // A page view is analytics kept nowhere else (no outbox): while Kafka is unreachable it is
      // dropped rather than answered with a 5xx; the bus has logged the outage.
      if (!(error instanceof EventBusUnavailableError)) throw error;
    }
  }
}
