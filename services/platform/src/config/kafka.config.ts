import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import type { SASLOptions } from 'kafkajs';
import { z } from 'zod';
import { envField, loadConfig, type Env } from './load-config';

/**
 * How every Kafka client of Wildframe reaches the brokers: the services' event bus, the topics
 * Job, the dead-letter replay, `events:tail` and the distributed scripts all build their kafkajs
 * `ssl` and `sasl` options here, from the same variables:
 *
 *   KAFKA_TLS=true            TLS to the brokers (the system's CAs unless KAFKA_TLS_CA_FILE)
 *   KAFKA_TLS_CA_FILE         PEM bundle of the CAs that signed the brokers' certificates
 *   KAFKA_TLS_CERT_FILE, KAFKA_TLS_KEY_FILE
 *                             a client certificate and its unencrypted key (mutual TLS), both or neither
 *   KAFKA_SASL_MECHANISM      plain, scram-sha-256 or scram-sha-512
 *   KAFKA_SASL_USERNAME, KAFKA_SASL_PASSWORD
 *
 * The files are read and checked when the configuration loads, so a wrong path stops the process
 * with the variable's name. Problems never quote the password.
 */
export const KAFKA_SASL_MECHANISMS = ['plain', 'scram-sha-256', 'scram-sha-512'] as const;
export type KafkaSaslMechanism = (typeof KAFKA_SASL_MECHANISMS)[number];

/** A PEM file as the configuration keeps it: where it was and what it holds. */
export interface PemFile {
  path: string;
  pem: string;
}

/** A variable naming a PEM file with at least one block of this kind (`CERTIFICATE`, or a private key). */
function pemFile(kind: 'certificate' | 'private key') {
  return envField.string().transform((path, ctx): PemFile => {
    let pem: string;
    try {
      pem = readFileSync(path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      ctx.addIssue({ code: 'custom', message: `cannot read the file${code ? ` (${code})` : ''}` });
      return z.NEVER;
    }
    const blocks = [...pem.matchAll(/-----BEGIN ([A-Z ]+)-----/g)].map((match) => match[1]);
    if (kind === 'certificate' && !blocks.includes('CERTIFICATE')) {
      ctx.addIssue({ code: 'custom', message: 'holds no PEM certificate (-----BEGIN CERTIFICATE-----)' });
    } else if (kind === 'private key') {
      if (blocks.includes('ENCRYPTED PRIVATE KEY')) {
        ctx.addIssue({ code: 'custom', message: 'holds an encrypted private key: give the key unencrypted (the Secret protects it)' });
      } else if (!blocks.some((block) => block.endsWith('PRIVATE KEY'))) {
        ctx.addIssue({ code: 'custom', message: 'holds no PEM private key (-----BEGIN PRIVATE KEY-----)' });
      }
    }
    return { path, pem };
  });
}

export const kafkaSecurityEnv = {
  KAFKA_TLS: envField.bool(false),
  KAFKA_TLS_CA_FILE: pemFile('certificate').optional(),
  KAFKA_TLS_CERT_FILE: pemFile('certificate').optional(),
  KAFKA_TLS_KEY_FILE: pemFile('private key').optional(),
  KAFKA_SASL_MECHANISM: envField.oneOf(KAFKA_SASL_MECHANISMS).optional(),
  KAFKA_SASL_USERNAME: envField.string().optional(),
  KAFKA_SASL_PASSWORD: envField.string().optional(),
};

export interface KafkaSecurityFields {
  KAFKA_TLS: boolean;
  KAFKA_TLS_CA_FILE?: PemFile;
  KAFKA_TLS_CERT_FILE?: PemFile;
  KAFKA_TLS_KEY_FILE?: PemFile;
  KAFKA_SASL_MECHANISM?: KafkaSaslMechanism;
  KAFKA_SASL_USERNAME?: string;
  KAFKA_SASL_PASSWORD?: string;
}

/** Settings that only make sense together (every schema with `kafkaSecurityEnv` runs it in superRefine). */
export function requireKafkaSecuritySettings(value: Partial<KafkaSecurityFields>, ctx: z.RefinementCtx): void {
  const problem = (variable: keyof KafkaSecurityFields, message: string): void => ctx.addIssue({ code: 'custom', path: [variable], message });
  if (!value.KAFKA_TLS) {
    for (const variable of ['KAFKA_TLS_CA_FILE', 'KAFKA_TLS_CERT_FILE', 'KAFKA_TLS_KEY_FILE'] as const) {
      if (value[variable] !== undefined) problem(variable, 'is only used with KAFKA_TLS=true (set it to use TLS)');
    }
  }
  if (value.KAFKA_TLS_CERT_FILE !== undefined && value.KAFKA_TLS_KEY_FILE === undefined) {
    problem('KAFKA_TLS_KEY_FILE', 'is required when KAFKA_TLS_CERT_FILE is set (the client certificate needs its key)');
  }
  if (value.KAFKA_TLS_KEY_FILE !== undefined && value.KAFKA_TLS_CERT_FILE === undefined) {
    problem('KAFKA_TLS_CERT_FILE', 'is required when KAFKA_TLS_KEY_FILE is set (the key needs its client certificate)');
  }
  if (value.KAFKA_SASL_MECHANISM !== undefined) {
    if (value.KAFKA_SASL_USERNAME === undefined) problem('KAFKA_SASL_USERNAME', `is required when KAFKA_SASL_MECHANISM=${value.KAFKA_SASL_MECHANISM}`);
    if (value.KAFKA_SASL_PASSWORD === undefined) problem('KAFKA_SASL_PASSWORD', `is required when KAFKA_SASL_MECHANISM=${value.KAFKA_SASL_MECHANISM}`);
  } else {
    for (const variable of ['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD'] as const) {
      if (value[variable] !== undefined) {
        problem('KAFKA_SASL_MECHANISM', `is required when ${variable} is set (one of ${KAFKA_SASL_MECHANISMS.join(', ')})`);
        break;
      }
    }
  }
}

/** kafkajs's `ssl` and `sasl` options, plus what an operator should hear about them at start-up. */
export interface KafkaSecurity {
  ssl?: ConnectionOptions;
  sasl?: SASLOptions;
  /** e.g. a password that would cross the network in clear. Log them; they never hold a secret. */
  warnings: string[];
}

export function kafkaSecurity(cfg: KafkaSecurityFields): KafkaSecurity {
  const warnings: string[] = [];
  let ssl: ConnectionOptions | undefined;
  if (cfg.KAFKA_TLS) {
    ssl = {};
    if (cfg.KAFKA_TLS_CA_FILE) ssl.ca = [cfg.KAFKA_TLS_CA_FILE.pem];
    if (cfg.KAFKA_TLS_CERT_FILE && cfg.KAFKA_TLS_KEY_FILE) {
      ssl.cert = cfg.KAFKA_TLS_CERT_FILE.pem;
      ssl.key = cfg.KAFKA_TLS_KEY_FILE.pem;
    }
  }
  let sasl: SASLOptions | undefined;
  const { KAFKA_SASL_MECHANISM: mechanism, KAFKA_SASL_USERNAME: username, KAFKA_SASL_PASSWORD: password } = cfg;
  if (mechanism !== undefined && username !== undefined && password !== undefined) {
    sasl = { mechanism, username, password };
    if (mechanism === 'plain' && !cfg.KAFKA_TLS) {
      warnings.push('KAFKA_SASL_MECHANISM=plain without KAFKA_TLS=true sends the Kafka password unencrypted');
    }
  }
  return { ...(ssl ? { ssl } : {}), ...(sasl ? { sasl } : {}), warnings };
}

/** What a kafkajs client needs to reach the brokers. */
export interface KafkaConnection extends KafkaSecurity {
  brokers: string[];
  clientId: string;
}

/**
 * For the programs outside the services (topics Job, replay, events:tail, scripts): KAFKA_BROKERS,
 * KAFKA_CLIENT_ID (default `clientId`) and the security variables from `env`, validated like a
 * service's. Throws a `ConfigError` naming every wrong variable.
 */
export function kafkaConnectionFromEnv(program: string, env: Env, clientId: string): KafkaConnection {
  const schema = z
    .object({ KAFKA_BROKERS: envField.list(), KAFKA_CLIENT_ID: envField.string().default(clientId), ...kafkaSecurityEnv })
    .superRefine(requireKafkaSecuritySettings);
  const cfg = loadConfig(program, schema, env);
  return { brokers: cfg.KAFKA_BROKERS, clientId: cfg.KAFKA_CLIENT_ID, ...kafkaSecurity(cfg) };
}
