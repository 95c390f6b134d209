// A consumer-group member in a process of its own, for kafka-event-bus.spec.ts to SIGKILL in the
// middle of handling an event. Runs the real KafkaEventBus (TypeScript, transpiled on load).
// Env: BROKERS, GROUP, RUN (key prefix), LOG (file: one "<event id>" line per handled event).
// An event with the header x-test: hang is logged and then never finishes.
require('../../../../tools/ts-require.cjs');
const { appendFileSync } = require('node:fs');
const { KafkaEventBus } = require('./kafka-event-bus.ts');

const { BROKERS, GROUP, RUN, LOG } = process.env;
const quiet = { info: () => undefined, warn: () => undefined, error: (context, message) => console.error(message) };
const bus = new KafkaEventBus(
  { brokers: BROKERS.split(','), clientId: `${GROUP}-child`, createTopics: { numPartitions: 3 }, consumer: { sessionTimeoutMs: 6_000, heartbeatIntervalMs: 1_000, maxWaitTimeMs: 250 } },
  { logger: quiet },
);
bus.subscribe('photos.photo.liked.v1', GROUP, async (event) => {
  if (!event.key.startsWith(RUN)) return;
  appendFileSync(LOG, `${event.id}\n`);
  if (event.headers['x-test'] === 'hang') await new Promise(() => undefined);
});
bus.start().then(
  () => console.log('started'),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
