import type { EventBus } from './event-bus';
import type { EventBusLogger } from './event-bus-logger';
import { InProcessEventBus } from './in-process-event-bus';
import { KafkaEventBus, type KafkaEventBusConfig } from './kafka-event-bus';

/** Which bus to run, chosen by each service's validated config (this module reads no environment). */
export type EventBusConfig = { driver: 'in-process' } | ({ driver: 'kafka' } & KafkaEventBusConfig);

export interface EventBusDependencies {
  logger?: EventBusLogger;
}

export function createEventBus(config: EventBusConfig, dependencies: EventBusDependencies = {}): EventBus {
  switch (config.driver) {
    case 'in-process':
      return new InProcessEventBus(dependencies);
    case 'kafka': {
      const { driver: _driver, ...kafka } = config;
      return new KafkaEventBus(kafka, dependencies);
    }
    default: {
      const unknown: never = config;
      throw new Error(`Unknown event bus driver '${(unknown as { driver: string }).driver}'`);
    }
  }
}
