import { EventBusUnavailableError, type EventBus } from '@wildframe/platform';
import { PageViewService } from './page-view.service';

describe('PageViewService', () => {
  const view = { path: '/gallery', referrer: '', sessionId: 'session-1' };
  const busFailingWith = (error: Error): EventBus => ({
    publish: () => Promise.reject(error),
    subscribe: () => undefined,
    start: () => Promise.resolve(),
    stop: () => Promise.resolve(),
  });

  it('drops a page view while Kafka is unreachable instead of failing the request', async () => {
    const service = new PageViewService(busFailingWith(new EventBusUnavailableError("Cannot publish to 'web.page.viewed.v1': Kafka is unavailable")));
    await expect(service.record(view)).resolves.toBeUndefined();
  });

  it('fails on any other error', async () => {
    const service = new PageViewService(busFailingWith(new Error('invalid payload')));
    await expect(service.record(view)).rejects.toThrow('invalid payload');
  });
});
