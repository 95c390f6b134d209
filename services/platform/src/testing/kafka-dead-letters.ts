import { randomUUID } from 'node:crypto';
import type { ConnectionOptions } from 'node:tls';
import { Kafka, logLevel, type SASLOptions } from 'kafkajs';
import { deadLetterTopic, type Topic } from '@wildframe/contracts';
import { eventually } from '../events/event-bus.contract';
import { readDeadLetter, type DeadLetter } from '../events/event-record';

/** How a test client reaches the broker (the listener's address, and its TLS/SASL options). */
export interface KafkaTestClient {
  brokers: string[];
  ssl?: ConnectionOptions | boolean;
  sasl?: SASLOptions;
}

/** Reads every record of a dead-letter topic with a throw-away consumer group (the Kafka contract suites' `deadLetters`). */
export async function readDeadLetters(client: KafkaTestClient, topic: Topic, group: string): Promise<DeadLetter[]> {
  const dlqTopic = deadLetterTopic(topic, group);
  const kafka = new Kafka({ ...client, clientId: 'dlq-reader', logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  let total = 0;
  try {
    if (!(await admin.listTopics()).includes(dlqTopic)) return [];
    for (const { high, low } of await admin.fetchTopicOffsets(dlqTopic)) total += Number(high) - Number(low);
  } finally {
    await admin.disconnect();
  }
  if (total === 0) return [];
  const consumer = kafka.consumer({ groupId: `dlq-reader-${randomUUID()}`, maxWaitTimeInMs: 250 });
  const letters: DeadLetter[] = [];
  await consumer.connect();
  try {
    await consumer.subscribe({ topics: [dlqTopic], fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(message.headers ?? {})) {
          if (value !== undefined) headers[name] = (Array.isArray(value) ? value[0] : value).toString();
        }
        letters.push(readDeadLetter(dlqTopic, { key: message.key?.toString() ?? '', value: message.value ?? Buffer.alloc(0), headers }));
      },
    });
    await eventually(() => expect(letters.length).toBeGreaterThanOrEqual(total), 20_000);
  } finally {
    await consumer.disconnect();
  }
  return letters;
}
