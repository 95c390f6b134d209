import type { EventPayloads, Topic } from '@wildframe/contracts';
import type { EventBus, PublishOptions } from '../events/event-bus';

export interface Published {
  topic: Topic;
  id: string;
  key: string;
  payload: unknown;
}

/** A bus that only records what the outbox relay publishes (the contract suites count events by id). */
export class RecordingBus implements EventBus {
  readonly published: Published[] = [];

  async publish<T extends Topic>(topic: T, payload: EventPayloads[T], options: PublishOptions): Promise<string> {
    const id = options.id ?? 'no-id';
    this.published.push({ topic, id, key: options.key, payload });
    return id;
  }
  subscribe(): void {
    throw new Error('the contract suites only publish');
  }
  start(): Promise<void> {
    return Promise.resolve();
  }
  stop(): Promise<void> {
    return Promise.resolve();
  }

  of(topic: Topic, key?: string): Published[] {
    return this.published.filter((p) => p.topic === topic && (key === undefined || p.key === key));
  }
}
