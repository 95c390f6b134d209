import { Kafka, logLevel, type ITopicConfig } from 'kafkajs';
import { z } from 'zod';
import { kafkaSecurity, kafkaSecurityEnv, requireKafkaSecuritySettings } from '../config/kafka.config';
import { ConfigError, envField, loadConfig, type Env } from '../config/load-config';
import { kafkaProblem } from './kafka-problem';

/**
 * The Helm chart's topics Job (`node dist/services/gateway/src/kafka-topics.js` in the gateway
 * image): creates every topic it is given that the cluster does not have yet, in one process
 * with one admin connection. Existing topics are left exactly as they are (partitions, settings).
 *
 *   KAFKA_BROKERS, KAFKA_CLIENT_ID and the TLS/SASL variables of every Kafka client (kafka.config.ts)
 *   KAFKA_TOPICS                       JSON: [{"name": "...", "partitions": 6, "retentionMs": 604800000}, ...]
 *   KAFKA_TOPICS_REPLICATION_FACTOR    replicas of each new topic (default 3)
 *
 * Exit codes: 0 every topic exists; 1 Kafka refused or could not be reached (the message says
 * why; the Job's retries try again); 2 the configuration is wrong (retrying cannot help).
 */
export const KAFKA_TOPICS_JOB_EXIT = { ok: 0, kafka: 1, config: 2 } as const;

const topicsSchema = z
  .array(
    z.object({
      name: z.string().regex(/^[A-Za-z0-9._-]{1,249}$/, 'must be a Kafka topic name (letters, digits, ".", "_", "-")'),
      partitions: z.number().int().positive(),
      /** retention.ms; -1 keeps records forever. Unset: the broker's default. */
      retentionMs: z.number().int().min(-1).optional(),
    }),
  )
  .min(1, 'must list at least one topic');

const jobEnv = z
  .object({
    KAFKA_BROKERS: envField.list(),
    KAFKA_CLIENT_ID: envField.string().default('wildframe-topics'),
    ...kafkaSecurityEnv,
    KAFKA_TOPICS: envField.string().transform((raw, ctx): z.infer<typeof topicsSchema> => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array of {name, partitions, retentionMs}' });
        return z.NEVER;
      }
      const result = topicsSchema.safeParse(parsed);
      if (!result.success) {
        for (const issue of result.error.issues) {
          const [index, ...field] = issue.path;
          const where = index === undefined ? '' : `[${String(index)}]${field.map((name) => `.${String(name)}`).join('')}: `;
          ctx.addIssue({ code: 'custom', message: `${where}${issue.message}` });
        }
        return z.NEVER;
      }
      return result.data;
    }),
    KAFKA_TOPICS_REPLICATION_FACTOR: envField.positiveInt(3),
  })
  .superRefine(requireKafkaSecuritySettings);

export interface KafkaTopicsJobOutput {
  info(line: string): void;
  error(line: string): void;
}

const consoleOutput: KafkaTopicsJobOutput = {
  info: (line) => process.stdout.write(`${line}\n`),
  error: (line) => process.stderr.write(`${line}\n`),
};

/** Runs the Job; resolves with its exit code (see KAFKA_TOPICS_JOB_EXIT). Never rejects. */
export async function runKafkaTopicsJob(env: Env, output: KafkaTopicsJobOutput = consoleOutput): Promise<number> {
  let config: z.infer<typeof jobEnv>;
  try {
    config = loadConfig('kafka-topics', jobEnv, env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    output.error(error.message);
    return KAFKA_TOPICS_JOB_EXIT.config;
  }
  const security = kafkaSecurity(config);
  for (const warning of security.warnings) output.info(`warning: ${warning}`);
  const kafka = new Kafka({
    brokers: config.KAFKA_BROKERS,
    clientId: config.KAFKA_CLIENT_ID,
    ...(security.ssl ? { ssl: security.ssl } : {}),
    ...(security.sasl ? { sasl: security.sasl } : {}),
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin();
  const wanted = config.KAFKA_TOPICS;
  const replicationFactor = config.KAFKA_TOPICS_REPLICATION_FACTOR;
  try {
    await admin.connect();
    const { brokers } = await admin.describeCluster();
    if (brokers.length < replicationFactor) {
      output.error(
        `kafka-topics: the replication factor is ${replicationFactor} but the cluster has ${brokers.length} broker(s); ` +
          'lower kafka.topics.replicationFactor (KAFKA_TOPICS_REPLICATION_FACTOR) to at most the number of brokers',
      );
      return KAFKA_TOPICS_JOB_EXIT.config;
    }
    const existing = new Set(await admin.listTopics());
    const missing = wanted.filter((topic) => !existing.has(topic.name));
    if (missing.length > 0) {
      await admin.createTopics({
        waitForLeaders: true,
        topics: missing.map(
          (topic): ITopicConfig => ({
            topic: topic.name,
            numPartitions: topic.partitions,
            replicationFactor,
            ...(topic.retentionMs === undefined ? {} : { configEntries: [{ name: 'retention.ms', value: String(topic.retentionMs) }] }),
          }),
        ),
      });
    }
    for (const topic of missing) output.info(`created ${topic.name} (${topic.partitions} partition(s), replication factor ${replicationFactor})`);
    output.info(`kafka-topics: ${missing.length} topic(s) created, ${wanted.length - missing.length} already there (left as they are), on ${brokers.length} broker(s)`);
    return KAFKA_TOPICS_JOB_EXIT.ok;
  } catch (error) {
    output.error(`kafka-topics: ${describeFailure(error)}`);
    return KAFKA_TOPICS_JOB_EXIT.kafka;
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

/** kafkajs's createTopics failure lists each topic's error; anything else is a connection problem. */
function describeFailure(error: unknown): string {
  const perTopic = (error as { errors?: Array<{ topic?: string; message?: string }> }).errors;
  if (Array.isArray(perTopic) && perTopic.length > 0) {
    return `creating topics failed: ${perTopic.map((entry) => `${entry.topic ?? '?'}: ${entry.message ?? 'unknown error'}`).join('; ')}`;
  }
  return `cannot use Kafka (${kafkaProblem(error)})`;
}
