import pino from 'pino';
import { createEventBus } from './create-event-bus';
import type { EventBusLogger } from './event-bus-logger';
import { InProcessEventBus } from './in-process-event-bus';
import { EventBusUnavailableError } from './event-bus';
import { eventually } from './event-bus.contract';
import { KafkaEventBus } from './kafka-event-bus';

describe('createEventBus', () => {
  // A pino logger is what the services pass; this line stops compiling if the shapes drift apart.
  const logger: EventBusLogger = pino({ enabled: false });

  it('builds the in-process bus', () => {
    expect(createEventBus({ driver: 'in-process' }, { logger })).toBeInstanceOf(InProcessEventBus);
  });

  it('builds the Kafka bus without connecting (start() connects)', () => {
    const bus = createEventBus({ driver: 'kafka', brokers: ['127.0.0.1:1'], clientId: 'photos' }, { logger });
    expect(bus).toBeInstanceOf(KafkaEventBus);
  });

  it('refuses a Kafka config without brokers or client id', () => {
    expect(() => createEventBus({ driver: 'kafka', brokers: [], clientId: 'photos' }, { logger })).toThrow(/at least one broker/);
    expect(() => createEventBus({ driver: 'kafka', brokers: ['b:9092'], clientId: '' }, { logger })).toThrow(/clientId/);
  });

  it('refuses an unknown driver', () => {
    expect(() => createEventBus({ driver: 'rabbit' } as unknown as { driver: 'in-process' })).toThrow(/Unknown event bus driver 'rabbit'/);
  });

  it('with Kafka unreachable, start() still returns: readiness and publish say why, the log too, and it keeps trying', async () => {
    const errors: string[] = [];
    const recording: EventBusLogger = { info: () => undefined, warn: () => undefined, error: (_context, message) => errors.push(message) };
    const bus = new KafkaEventBus(
      { brokers: ['127.0.0.1:1'], clientId: 'unreachable', retry: { retries: 1, initialRetryTimeMs: 50 }, reconnect: { initialDelayMs: 100, maxDelayMs: 100 } },
      { logger: recording },
    );
    await expect(bus.start()).resolves.toBeUndefined();
    await expect(bus.readinessCheck().check()).rejects.toThrow('cannot connect to the brokers: ECONNREFUSED');
    await expect(bus.publish('web.page.viewed.v1', { path: '/', referrer: '', sessionId: 's', at: '' }, { key: 's' })).rejects.toThrow(EventBusUnavailableError);
    // It tries again with back-off, logging each failure.
    await eventually(() => expect(errors.filter((message) => message.startsWith('Cannot connect to Kafka (cannot connect to the brokers: ECONNREFUSED); trying again in')).length).toBeGreaterThanOrEqual(2), 15_000);
    await bus.stop();
    await expect(bus.publish('web.page.viewed.v1', { path: '/', referrer: '', sessionId: 's', at: '' }, { key: 's' })).rejects.toThrow(/stopped/);
  }, 20_000);
});
