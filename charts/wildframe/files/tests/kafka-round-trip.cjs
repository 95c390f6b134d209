// `helm test`: a Kafka round trip with the services' own client settings. Produces one record to
// the test topic (HELM_TEST_TOPIC, created by the chart with the others) and reads it back with a
// consumer group of its own, within 60 s. Runs with `node -e` in the gateway image: kafkajs from
// /app/node_modules, and the brokers, TLS and SASL settings from the gateway's environment through
// the platform's own loader when the image has it (dist/services/platform/src/config/kafka.config.js).
const { createRequire } = require('node:module');
const { randomUUID } = require('node:crypto');

const app = createRequire('/app/');
const { Kafka, logLevel, Partitioners } = app('kafkajs');
const topic = process.env.HELM_TEST_TOPIC;
const clientId = `${process.env.KAFKA_CLIENT_ID || 'wildframe'}-helm-test`;

function connection() {
  let fromEnv;
  try {
    ({ kafkaConnectionFromEnv: fromEnv } = app('./dist/services/platform/src/config/kafka.config.js'));
  } catch {
    // An image without the TLS/SASL loader: brokers and client id only.
  }
  if (fromEnv) {
    const { warnings, ...client } = fromEnv('helm test', process.env, clientId);
    for (const warning of warnings) console.log(`warning: ${warning}`);
    return { ...client, clientId };
  }
  return { brokers: (process.env.KAFKA_BROKERS || '').split(',').filter(Boolean), clientId };
}

async function main() {
  const kafka = new Kafka({ ...connection(), logLevel: logLevel.WARN });
  const marker = randomUUID();
  const producer = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner });
  const consumer = kafka.consumer({ groupId: clientId });
  const deadline = setTimeout(() => {
    console.log(`FAIL the record ${marker} did not come back from ${topic} within 60 s`);
    process.exit(1);
  }, 60000);
  const started = Date.now();
  await consumer.connect();
  // From the beginning for a new group (earlier runs' records are skipped by their marker), so the
  // record is read whenever the group gets its partition.
  await consumer.subscribe({ topic, fromBeginning: true });
  const received = new Promise((resolve) => {
    void consumer.run({
      eachMessage: async ({ message }) => {
        if (message.value && message.value.toString() === marker) resolve();
      },
    });
  });
  await producer.connect();
  await producer.send({ topic, acks: -1, messages: [{ key: 'helm-test', value: marker }] });
  await received;
  clearTimeout(deadline);
  console.log(`ok   produced to and consumed from ${topic} in ${Date.now() - started} ms`);
  await Promise.allSettled([producer.disconnect(), consumer.disconnect()]);
  process.exit(0);
}

main().catch((error) => {
  console.log(`FAIL Kafka round trip on ${topic}: ${error.message}`);
  process.exit(1);
});
