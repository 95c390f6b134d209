#!/usr/bin/env node
// An example consumer of Wildframe's Kafka topics (the public interface is proto/asyncapi.json):
// subscribes, decodes each record's protobuf value with the contracts' codec and prints it.
//   npm run events:tail -- --topic photos.photo.liked.v1 [--topic ...] [--brokers host:port[,...]]
//                          [--from-beginning] [--group id] [--json] [--max n]
// Brokers: --brokers, else KAFKA_BROKERS, else the broker of `npm run infra -- start kafka`.
// TLS and SASL as the services take them: KAFKA_TLS, KAFKA_TLS_CA_FILE, KAFKA_TLS_CERT_FILE,
// KAFKA_TLS_KEY_FILE, KAFKA_SASL_MECHANISM, KAFKA_SASL_USERNAME, KAFKA_SASL_PASSWORD.
// Without --group it reads as a throw-away consumer group (nothing is committed for later).
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import { parseArgs } from 'node:util';
import { Kafka, logLevel } from 'kafkajs';

const require = createRequire(import.meta.url);
require('../ts-require.cjs');
const { EventCodec } = require('../../proto/ts/codec.ts');
const { isTopic, TOPICS } = require('../../proto/ts/catalogue.ts');
const { ConfigError } = require('../../services/platform/src/config/load-config.ts');
const { kafkaConnectionFromEnv } = require('../../services/platform/src/config/kafka.config.ts');

const usage =
  'usage: npm run events:tail -- --topic <topic> [--topic <topic>] [--brokers host:port[,...]] [--from-beginning] [--group id] [--json] [--max n]';

function fail(message) {
  console.error(`events:tail: ${message}\n${usage}`);
  process.exit(2);
}

let options;
try {
  ({ values: options } = parseArgs({
    options: {
      topic: { type: 'string', multiple: true },
      brokers: { type: 'string' },
      'from-beginning': { type: 'boolean', default: false },
      group: { type: 'string' },
      json: { type: 'boolean', default: false },
      max: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  fail(error.message);
}
if (options.help) {
  console.log(`${usage}\ntopics:\n  ${TOPICS.join('\n  ')}`);
  process.exit(0);
}
const topics = options.topic ?? [];
if (topics.length === 0) fail('name at least one --topic');
for (const topic of topics) if (!isTopic(topic)) fail(`unknown topic '${topic}' (see --help for the catalogue)`);
const max = options.max === undefined ? Infinity : Number(options.max);
if (!(max > 0) || (max !== Infinity && !Number.isInteger(max))) fail(`--max must be a positive integer, not '${options.max}'`);

async function brokers() {
  const given = options.brokers ?? process.env.KAFKA_BROKERS;
  if (given) return given.split(',').map((broker) => broker.trim()).filter(Boolean);
  const { status } = await import('../infra/kafka.mjs');
  const running = status();
  if (running) return running.facts.brokers;
  fail('no brokers: pass --brokers host:port, set KAFKA_BROKERS, or start one with `npm run infra -- start kafka`');
}

function headersOf(message) {
  const headers = {};
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    if (value !== undefined) headers[name] = (Array.isArray(value) ? value[0] : value).toString();
  }
  return headers;
}

/** The brokers and the TLS/SASL options of every Wildframe Kafka client, from the environment. */
function connection(brokerList) {
  try {
    return kafkaConnectionFromEnv('events:tail', { ...process.env, KAFKA_BROKERS: brokerList.join(','), KAFKA_CLIENT_ID: 'wildframe-events-tail' }, 'wildframe-events-tail');
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

const codec = new EventCodec();
const { warnings, ...client } = connection(await brokers());
for (const warning of warnings) console.error(`events:tail: warning: ${warning}`);
const kafka = new Kafka({ ...client, logLevel: logLevel.ERROR });
const consumer = kafka.consumer({ groupId: options.group ?? `events-tail-${hostname()}-${randomUUID().slice(0, 8)}`, maxWaitTimeInMs: 500 });
let printed = 0;
let stopping = false;

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  await consumer.disconnect().catch(() => undefined);
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

consumer.on(consumer.events.GROUP_JOIN, () => console.error(`events:tail: listening to ${topics.join(', ')}`));
consumer.on(consumer.events.CRASH, ({ payload }) => {
  if (!payload.restart) {
    console.error(`events:tail: consumer stopped: ${payload.error?.message ?? payload.error}`);
    void stop(1);
  }
});

await consumer.connect();
await consumer.subscribe({ topics, fromBeginning: options['from-beginning'] });
await consumer.run({
  eachMessage: async ({ topic, partition, message }) => {
    if (stopping) return;
    const headers = headersOf(message);
    const key = message.key?.toString() ?? '';
    let payload;
    try {
      payload = codec.decode(topic, message.value ?? Buffer.alloc(0));
    } catch (error) {
      console.error(`events:tail: ${topic} ${partition}@${message.offset} key=${key}: ${error.message}`);
      return;
    }
    if (options.json) {
      console.log(JSON.stringify({ topic, partition, offset: message.offset, key, headers, payload }));
    } else {
      const time = headers.ce_time ?? new Date(Number(message.timestamp)).toISOString();
      console.log(`${time} ${topic} key=${key} id=${headers.ce_id ?? '-'} ${partition}@${message.offset} ${JSON.stringify(payload)}`);
    }
    printed += 1;
    // Not awaited: disconnect() waits for this handler to return.
    if (printed >= max) void stop(0);
  },
});
