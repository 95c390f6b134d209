export {
  deadLetterTopic,
  EVENT_BUS,
  EventBusUnavailableError,
  type EventBus,
  type EventEnvelope,
  type EventHandler,
  type PublishOptions,
  type SubscribeOptions,
} from './event-bus';
export type { EventBusLogger } from './event-bus-logger';
export {
  CE_HEADERS,
  DLQ_HEADERS,
  MalformedEventError,
  readDeadLetter,
  REQUEST_ID_HEADER,
  type DeadLetter,
  type EventRecord,
} from './event-record';
export { DEFAULT_MAX_ATTEMPTS, DEFAULT_RETRY_DELAY_MS } from './delivery';
export { InProcessEventBus, type InProcessEventBusOptions } from './in-process-event-bus';
export { KafkaEventBus, type KafkaEventBusConfig, type KafkaEventBusDependencies } from './kafka-event-bus';
export { kafkaProblem } from './kafka-problem';
export { KAFKA_TOPICS_JOB_EXIT, runKafkaTopicsJob, type KafkaTopicsJobOutput } from './kafka-topics-job';
export {
  idempotent,
  InMemoryProcessedEventStore,
  type IdempotentEventHandler,
  type InMemoryProcessedEventStoreOptions,
  type ProcessedEventStore,
} from './idempotent';
export { createEventBus, type EventBusConfig, type EventBusDependencies } from './create-event-bus';
