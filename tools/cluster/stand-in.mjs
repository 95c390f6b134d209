// Stand-in for Apache Kafka's `kafka-topics.sh`, for check:cluster only: the chart's topics Job
// names the apache/kafka image, which cannot be pulled on a machine without a registry. This
// does what the Job asks of the CLI, with kafkajs (from the service image it is added to):
//   kafka-topics.sh --bootstrap-server B --create --if-not-exists --topic T --partitions P
//                   --replication-factor R [--config k=v]...
// Anything else is refused, so a Job that starts asking more fails instead of passing.
import { Kafka, logLevel } from 'kafkajs';

const args = process.argv.slice(2);
const options = { config: [] };
for (let i = 0; i < args.length; i += 1) {
  const name = args[i];
  if (name === '--create' || name === '--if-not-exists') options[name.slice(2)] = true;
  else if (['--bootstrap-server', '--topic', '--partitions', '--replication-factor', '--config'].includes(name)) {
    const value = args[(i += 1)];
    if (value === undefined) throw new Error(`${name} needs a value`);
    if (name === '--config') options.config.push(value);
    else options[name.slice(2)] = value;
  } else {
    console.error(`kafka-topics stand-in: unsupported argument ${name}`);
    process.exit(2);
  }
}
if (!options.create || !options['if-not-exists'] || !options.topic || !options['bootstrap-server']) {
  console.error('kafka-topics stand-in: only --create --if-not-exists --topic … --bootstrap-server … is supported');
  process.exit(2);
}
const kafka = new Kafka({ brokers: options['bootstrap-server'].split(','), clientId: 'kafka-topics-stand-in', logLevel: logLevel.NOTHING });
const admin = kafka.admin();
await admin.connect();
try {
  const created = await admin.createTopics({
    waitForLeaders: true,
    topics: [{
      topic: options.topic,
      numPartitions: Number(options.partitions ?? -1),
      replicationFactor: Number(options['replication-factor'] ?? -1),
      configEntries: options.config.map((entry) => ({ name: entry.split('=')[0], value: entry.slice(entry.indexOf('=') + 1) })),
    }],
  });
  console.log(created ? `Created topic ${options.topic}.` : `Topic ${options.topic} exists.`);
} finally {
  await admin.disconnect();
}
