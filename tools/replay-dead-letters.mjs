#!/usr/bin/env node
// Replays a dead-letter topic: every event parked on `<topic>.dlq.<group>` (see
// services/platform/src/events/event-bus.ts) is produced again to `<topic>` with its key, value
// and original headers (the x-dlq-* failure headers dropped). Every consumer group of the topic
// receives it again; the groups that handled it already skip it (handlers are idempotent by the
// event id, ce_id). The replay's own consumer group (wildframe-replay.<dlq topic>) remembers how
// far it got, so a second run replays only what was parked since.
//
//   node tools/replay-dead-letters.mjs --brokers kafka:9092 --topic photos.photo.uploaded.v1 --group analysis [--dry-run]
//
// Brokers: --brokers, else KAFKA_BROKERS. TLS and SASL as the services take them: KAFKA_TLS,
// KAFKA_TLS_CA_FILE, KAFKA_TLS_CERT_FILE, KAFKA_TLS_KEY_FILE, KAFKA_SASL_MECHANISM,
// KAFKA_SASL_USERNAME, KAFKA_SASL_PASSWORD.
//
// Fix the cause first (a deploy, a data repair): an event that fails again is parked again.
import { createRequire } from 'node:module';
import { Kafka, logLevel, Partitioners } from 'kafkajs';

const require = createRequire(import.meta.url);
require('./ts-require.cjs');
const { ConfigError } = require('../services/platform/src/config/load-config.ts');
const { kafkaConnectionFromEnv } = require('../services/platform/src/config/kafka.config.ts');

function argument(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  if (at === -1) return fallback;
  return process.argv[at + 1];
}

const brokers = argument('brokers', process.env.KAFKA_BROKERS ?? '').split(',').filter(Boolean);
const topic = argument('topic');
const group = argument('group');
const dryRun = process.argv.includes('--dry-run');
if (brokers.length === 0 || !topic || !group) {
  console.error('usage: node tools/replay-dead-letters.mjs --brokers host:port[,host:port] --topic <topic> --group <consumer group> [--dry-run]');
  process.exit(2);
}
const dlq = `${topic}.dlq.${group}`;

let connection;
try {
  connection = kafkaConnectionFromEnv('replay-dead-letters', { ...process.env, KAFKA_BROKERS: brokers.join(','), KAFKA_CLIENT_ID: 'wildframe-replay' }, 'wildframe-replay');
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}
const { warnings, ...client } = connection;
for (const warning of warnings) console.error(`warning: ${warning}`);
const kafka = new Kafka({ ...client, logLevel: logLevel.WARN });
const admin = kafka.admin();
await admin.connect();
// Replay what is parked now; what arrives during the replay waits for the next run.
const ends = new Map((await admin.fetchTopicOffsets(dlq)).map((p) => [p.partition, BigInt(p.high)]));
const replayGroup = `wildframe-replay.${dlq}`;
const [committed] = await admin.fetchOffsets({ groupId: replayGroup, topics: [dlq] });
const startAt = new Map((committed?.partitions ?? []).map((p) => [p.partition, BigInt(p.offset)]));
await admin.disconnect();

// Murmur2 like the services' producer, so a key lands on the same partition as before.
const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, createPartitioner: Partitioners.DefaultPartitioner });
const consumer = kafka.consumer({ groupId: replayGroup });
await producer.connect();
await consumer.connect();
await consumer.subscribe({ topics: [dlq], fromBeginning: true });

let replayed = 0;
// Partitions with nothing left to replay (empty, or replayed up to their end by an earlier run).
const done = new Set([...ends].filter(([partition, end]) => end === 0n || (startAt.get(partition) ?? -1n) >= end).map(([partition]) => partition));
const finished = new Promise((resolve) => {
  if (done.size === ends.size) resolve();
  void consumer.run({
    // A dry run leaves the replay group where it was.
    autoCommit: !dryRun,
    autoCommitThreshold: 1,
    eachMessage: async ({ partition, message }) => {
      const end = ends.get(partition) ?? 0n;
      if (BigInt(message.offset) < end) {
        const headers = Object.fromEntries(Object.entries(message.headers ?? {}).filter(([name]) => !name.startsWith('x-dlq-')));
        const reason = message.headers?.['x-dlq-error']?.toString() ?? '';
        console.log(`${dryRun ? 'would replay' : 'replaying'} ${dlq}[${partition}]@${message.offset} id=${message.headers?.ce_id ?? '?'} (${reason})`);
        if (!dryRun) await producer.send({ topic, acks: -1, messages: [{ key: message.key, value: message.value, headers }] });
        replayed += 1;
      }
      if (BigInt(message.offset) + 1n >= end) {
        done.add(partition);
        if (done.size === ends.size) resolve();
      }
    },
  });
});
await finished;
await consumer.disconnect();
await producer.disconnect();
console.log(`${dryRun ? 'would replay' : 'replayed'} ${replayed} event(s) from ${dlq} to ${topic}`);
