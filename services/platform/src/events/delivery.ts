import type { EventCodec, Topic } from '@wildframe/contracts';
import type { EventHandler, SubscribeOptions } from './event-bus';
import { errorContext, errorMessage, type EventBusLogger } from './event-bus-logger';
import { readRecord, type EventRecord } from './event-record';

export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_RETRY_DELAY_MS = 200;
/** Back-off never waits longer than this between two attempts. */
export const MAX_RETRY_DELAY_MS = 60_000;

/** One registered handler: a consumer group's handler for one topic. */
export interface Subscription<T extends Topic = Topic> {
  topic: T;
  group: string;
  handler: EventHandler<T>;
  maxAttempts: number;
  retryDelayMs: number;
}

export function subscription<T extends Topic>(
  topic: T,
  group: string,
  handler: EventHandler<T>,
  options: SubscribeOptions = {},
): Subscription<T> {
  if (typeof group !== 'string' || !/^[A-Za-z0-9._-]+$/.test(group)) {
    throw new Error(`Invalid consumer group '${group}': use letters, digits, '.', '_' and '-'`);
  }
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw new Error(`Invalid maxAttempts ${maxAttempts} for '${topic}' in group '${group}': an integer >= 1 is required`);
  }
  if (!Number.isFinite(retryDelayMs) || retryDelayMs < 0) {
    throw new Error(`Invalid retryDelayMs ${retryDelayMs} for '${topic}' in group '${group}': a number >= 0 is required`);
  }
  return { topic, group, handler, maxAttempts, retryDelayMs };
}

/** Wait before attempt `attempt + 1`: retryDelayMs, doubled per attempt, capped. */
export function retryDelay(retryDelayMs: number, attempt: number): number {
  return Math.min(retryDelayMs * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS);
}

export type DeliveryOutcome = { delivered: true; attempts: number } | { delivered: false; attempts: number; error: unknown };

/**
 * Runs a subscription's handler on one record: decodes it anew for each attempt (handlers never
 * share objects, not even with their own earlier attempt), retries failures with exponential
 * back-off up to maxAttempts, and logs every failure. A record that cannot be read is not retried.
 * Never throws: the caller parks a failed outcome on the dead-letter topic.
 */
export async function deliver(
  codec: EventCodec,
  sub: Subscription,
  record: EventRecord,
  logger: EventBusLogger,
  context: Record<string, unknown> = {},
): Promise<DeliveryOutcome> {
  const base = { topic: sub.topic, group: sub.group, key: record.key, eventId: record.headers['ce_id'], ...context };
  for (let attempt = 1; ; attempt++) {
    let envelope;
    try {
      envelope = readRecord(codec, sub.topic, record);
    } catch (error) {
      logger.error({ ...base, ...errorContext(error) }, 'Event cannot be read; parking it without retry');
      return { delivered: false, attempts: attempt - 1, error };
    }
    try {
      await sub.handler(envelope);
      return { delivered: true, attempts: attempt };
    } catch (error) {
      if (attempt >= sub.maxAttempts) {
        logger.error(
          { ...base, attempt, maxAttempts: sub.maxAttempts, ...errorContext(error) },
          `Event handler failed ${attempt} time(s); giving up: ${errorMessage(error)}`,
        );
        return { delivered: false, attempts: attempt, error };
      }
      const delayMs = retryDelay(sub.retryDelayMs, attempt);
      logger.warn(
        { ...base, attempt, maxAttempts: sub.maxAttempts, retryInMs: delayMs, ...errorContext(error) },
        `Event handler failed; retrying: ${errorMessage(error)}`,
      );
      await new Promise<void>((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
