import { z } from 'zod';
import { kafkaSecurity, kafkaSecurityEnv, requireKafkaSecuritySettings, type KafkaConnection, type KafkaSecurityFields } from './kafka.config';
import { envField } from './load-config';

/**
 * Environment fields every service shares: logging, the event bus and object storage.
 * A service spreads the groups it needs into its own schema, then refines with the checks below.
 */
export const loggingEnv = { LOG_LEVEL: envField.logLevel() };

/**
 * The address the HTTP server binds; unset: every interface (what a pod needs). `127.0.0.1` keeps
 * a service on this machine. Not HOST: some shells and CI systems export that with a host name.
 */
export const listenEnv = { LISTEN_HOST: envField.string().optional() };

/**
 * Distributed entrypoints: Prometheus metrics on GET /metrics of this port (0: any free port,
 * logged). Unset: no metrics server. Read by `runService` for every service.
 */
export const metricsEnv = {
  METRICS_PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int('must be a port number')
    .min(0, 'must be a port number')
    .max(65_535, 'must be a port number')
    .optional(),
};

/** The bus, and with `kafka` the brokers and how to reach them (TLS, SASL: see `kafka.config.ts`). */
export const eventBusEnv = {
  EVENT_BUS_DRIVER: envField.oneOf(['in-process', 'kafka'] as const, 'in-process'),
  KAFKA_BROKERS: envField.list().optional(),
  KAFKA_CLIENT_ID: envField.string().default('wildframe'),
  ...kafkaSecurityEnv,
};

export const storageEnv = {
  STORAGE_DRIVER: envField.oneOf(['filesystem', 's3'] as const, 'filesystem'),
  STORAGE_DIR: envField.string().default('./data/storage'),
  S3_BUCKET: envField.string().optional(),
  S3_ENDPOINT: envField.url(['http', 'https']).optional(),
  S3_REGION: envField.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: envField.string().optional(),
  S3_SECRET_ACCESS_KEY: envField.string().optional(),
  S3_FORCE_PATH_STYLE: envField.bool(false),
  /** At start-up: create the bucket when it is missing (true), or only check it is there and usable (false). */
  S3_CREATE_BUCKETS: envField.bool(false),
  /** Orphan sweep of the service's stored files (see storage/orphan-sweep.ts): every hour; 0 turns it off. */
  ORPHAN_SWEEP_INTERVAL_MS: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must not be negative').default(3_600_000),
  /** Unreferenced objects younger than this are kept: an upload stores its files before its row commits. */
  ORPHAN_MIN_AGE_MS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(300_000, 'must be at least 300000 (5 minutes): an upload stores its files before its row commits')
    .default(3_600_000),
};

/**
 * Distributed entrypoints, on SIGTERM: readiness fails for SHUTDOWN_DRAIN_DELAY_MS while requests
 * are still answered, then in-flight requests finish, the outbox flushes and the bus stops; all
 * within SHUTDOWN_TIMEOUT_MS, or the process exits with status 1. Keep the sum below the pod's
 * terminationGracePeriodSeconds (the chart: 5 000 + 20 000 ms < 30 s).
 */
export const shutdownEnv = {
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must not be negative').default(0),
  SHUTDOWN_TIMEOUT_MS: envField.positiveInt(20_000),
};

/** Distributed shape: shared by the gateway (signs caller identities) and services (verify them). */
export const identityEnv = {
  IDENTITY_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** During a rotation, a second accepted value (the one rotated in, then out); the gateway signs with IDENTITY_SECRET. */
  IDENTITY_SECRET_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
};

export const databaseEnv = {
  /** postgres:// (schemas of one database) or mongodb:// (one database per service); see databaseDriver(). */
  DATABASE_URL: envField.databaseUrl(),
  /**
   * Optional: the backend DATABASE_URL must name (the Helm chart's database.driver). The URL's
   * scheme picks the adapters; this only catches a Secret holding the other kind of URL.
   */
  DATABASE_DRIVER: envField.oneOf(['postgres', 'mongodb'] as const).optional(),
  /** In Kubernetes a migration Job may run migrations instead of every replica. */
  RUN_MIGRATIONS: envField.bool(true),
  DATABASE_POOL_SIZE: envField.positiveInt(5),
};

export type EventBusFields = { EVENT_BUS_DRIVER: 'in-process' | 'kafka'; KAFKA_BROKERS?: string[]; KAFKA_CLIENT_ID: string } & KafkaSecurityFields;
type StorageFields = {
  STORAGE_DRIVER: 'filesystem' | 's3';
  STORAGE_DIR: string;
  S3_BUCKET?: string;
  S3_ENDPOINT?: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE: boolean;
  S3_CREATE_BUCKETS: boolean;
};

/** Cross-field rules: variables that become required once a driver is chosen. */
type DatabaseFields = { DATABASE_URL: string; DATABASE_DRIVER?: 'postgres' | 'mongodb' };

/** Cross-field checks of the infrastructure settings (every service's schema runs it in superRefine). */
export function requireDriverSettings(value: Partial<EventBusFields & StorageFields & DatabaseFields>, ctx: z.RefinementCtx): void {
  if (value.DATABASE_DRIVER !== undefined && value.DATABASE_URL !== undefined) {
    const named = /^mongodb(\+srv)?:/i.test(value.DATABASE_URL) ? 'mongodb' : 'postgres';
    if (named !== value.DATABASE_DRIVER) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: `must be a ${value.DATABASE_DRIVER === 'mongodb' ? 'mongodb://' : 'postgres://'} URL (DATABASE_DRIVER=${value.DATABASE_DRIVER})` });
    }
  }
  if (value.EVENT_BUS_DRIVER === 'kafka' && !value.KAFKA_BROKERS) {
    ctx.addIssue({ code: 'custom', path: ['KAFKA_BROKERS'], message: 'is required when EVENT_BUS_DRIVER=kafka' });
  }
  requireKafkaSecuritySettings(value, ctx);
  if (value.STORAGE_DRIVER === 's3' && !value.S3_BUCKET) {
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when STORAGE_DRIVER=s3' });
  }
}

export type EventBusSettings = { driver: 'in-process' } | ({ driver: 'kafka' } & KafkaConnection);

export function eventBusSettings(cfg: EventBusFields): EventBusSettings {
  return cfg.EVENT_BUS_DRIVER === 'kafka'
    ? { driver: 'kafka', brokers: cfg.KAFKA_BROKERS ?? [], clientId: cfg.KAFKA_CLIENT_ID, ...kafkaSecurity(cfg) }
    : { driver: 'in-process' };
}

export type StorageSettings =
  | { driver: 'filesystem'; dir: string }
  | {
      driver: 's3';
      bucket: string;
      endpoint?: string;
      region: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
      /** Create the bucket at start-up when it is missing (otherwise only check it). */
      createBucket: boolean;
    };

export function storageSettings(cfg: StorageFields): StorageSettings {
  if (cfg.STORAGE_DRIVER === 'filesystem') return { driver: 'filesystem', dir: cfg.STORAGE_DIR };
  return {
    driver: 's3',
    bucket: cfg.S3_BUCKET ?? '',
    endpoint: cfg.S3_ENDPOINT,
    region: cfg.S3_REGION,
    accessKeyId: cfg.S3_ACCESS_KEY_ID,
    secretAccessKey: cfg.S3_SECRET_ACCESS_KEY,
    forcePathStyle: cfg.S3_FORCE_PATH_STYLE,
    createBucket: cfg.S3_CREATE_BUCKETS,
  };
}
