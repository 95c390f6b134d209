import type { Topic } from './catalogue';

/**
 * How an event travels on Kafka, part of the public interface (proto/asyncapi.json documents it):
 * the CloudEvents Kafka protocol binding in binary content mode. Key = aggregate id, value = the
 * topic's protobuf message, CloudEvents attributes as `ce_*` headers. The platform's event bus
 * writes and reads records with these names; consumers outside Wildframe read them too.
 */
export const CE_HEADERS = {
  id: 'ce_id',
  source: 'ce_source',
  type: 'ce_type',
  time: 'ce_time',
  subject: 'ce_subject',
  specversion: 'ce_specversion',
} as const;
export const CONTENT_TYPE_HEADER = 'content-type';
export const EVENT_CONTENT_TYPE = 'application/protobuf';
export const CLOUDEVENTS_SPEC_VERSION = '1.0';
export const REQUEST_ID_HEADER = 'x-request-id';

/** Headers added to a record parked on a dead-letter topic (the original headers are kept). */
export const DLQ_HEADERS = {
  error: 'x-dlq-error',
  attempts: 'x-dlq-attempts',
  originalTopic: 'x-dlq-original-topic',
  group: 'x-dlq-group',
  failedAt: 'x-dlq-failed-at',
  /** Kafka only: where the original record was. */
  originalPartition: 'x-dlq-original-partition',
  originalOffset: 'x-dlq-original-offset',
} as const;

/** Where a consumer group parks an event its handler keeps failing on: `<topic>.dlq.<group>`. */
export function deadLetterTopic(topic: string, group: string): string {
  return `${topic}.dlq.${group}`;
}

/** Every topic's events come from the service named by its first segment (`photos.…` → `/services/photos`). */
export function eventSource(topic: Topic): string {
  return `/services/${topic.slice(0, topic.indexOf('.'))}`;
}
