import type { EventPayloads, Topic } from '@wildframe/contracts';
import type { EventBus, PublishOptions } from '../../events/event-bus';

/** The outbox suites' bus: records what it is given, optionally slowly or failing, and can come back after an outage. */
export class FlakyBus implements EventBus {
  readonly published: Array<{ topic: Topic; payload: unknown; options: PublishOptions }> = [];
  fail: ((topic: Topic, options: PublishOptions) => boolean) | undefined;
  delayMs = 0;

  async publish<T extends Topic>(topic: T, payload: EventPayloads[T], options: PublishOptions): Promise<string> {
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.fail?.(topic, options)) throw new Error('broker unavailable');
    this.published.push({ topic, payload, options });
    return options.id ?? 'generated';
  }
  subscribe(): void {
    throw new Error('not used by the outbox');
  }
  start(): Promise<void> {
    return Promise.resolve();
  }
  stop(): Promise<void> {
    return Promise.resolve();
  }

  ids(): string[] {
    return this.published.map((p) => p.options.id ?? '');
  }

  /** As the Kafka bus does when the brokers answer again after an outage. */
  private readonly availableListeners: Array<() => void> = [];
  onAvailable(listener: () => void): void {
    this.availableListeners.push(listener);
  }
  becomeAvailable(): void {
    this.fail = undefined;
    for (const listener of this.availableListeners) listener();
  }
}
