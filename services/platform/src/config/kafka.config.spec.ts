import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { eventBusEnv, eventBusSettings, requireDriverSettings } from './infrastructure.config';
import { kafkaConnectionFromEnv } from './kafka.config';
import { ConfigError, loadConfig } from './load-config';

const CERTIFICATE = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const KEY = '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n';
const PASSWORD = 'kafka-password-never-shown';

const schema = z.object(eventBusEnv).superRefine(requireDriverSettings);

describe('Kafka TLS and SASL settings', () => {
  let dir: string;
  let files: Record<'ca' | 'cert' | 'key' | 'encryptedKey' | 'text', string>;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'wildframe-kafka-config-'));
    files = { ca: join(dir, 'ca.crt'), cert: join(dir, 'client.crt'), key: join(dir, 'client.key'), encryptedKey: join(dir, 'encrypted.key'), text: join(dir, 'notes.txt') };
    writeFileSync(files.ca, CERTIFICATE);
    writeFileSync(files.cert, CERTIFICATE);
    writeFileSync(files.key, KEY);
    writeFileSync(files.encryptedKey, '-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIE\n-----END ENCRYPTED PRIVATE KEY-----\n');
    writeFileSync(files.text, 'not a certificate');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const kafka = { EVENT_BUS_DRIVER: 'kafka', KAFKA_BROKERS: 'kafka-0:9093,kafka-1:9093' };

  function problemsOf(env: Record<string, string>): readonly string[] {
    try {
      loadConfig('photos', schema, env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    throw new Error('expected a ConfigError');
  }

  it('without them: plaintext, no SASL (as before)', () => {
    expect(eventBusSettings(loadConfig('photos', schema, kafka))).toEqual({ driver: 'kafka', brokers: ['kafka-0:9093', 'kafka-1:9093'], clientId: 'wildframe', warnings: [] });
  });

  it('builds kafkajs ssl (CA bundle, client certificate and key read from their files) and sasl options', () => {
    const settings = eventBusSettings(
      loadConfig('photos', schema, {
        ...kafka,
        KAFKA_TLS: 'true',
        KAFKA_TLS_CA_FILE: files.ca,
        KAFKA_TLS_CERT_FILE: files.cert,
        KAFKA_TLS_KEY_FILE: files.key,
        KAFKA_SASL_MECHANISM: 'scram-sha-512',
        KAFKA_SASL_USERNAME: 'photos',
        KAFKA_SASL_PASSWORD: PASSWORD,
      }),
    );
    expect(settings).toEqual({
      driver: 'kafka',
      brokers: ['kafka-0:9093', 'kafka-1:9093'],
      clientId: 'wildframe',
      ssl: { ca: [CERTIFICATE], cert: CERTIFICATE, key: KEY },
      sasl: { mechanism: 'scram-sha-512', username: 'photos', password: PASSWORD },
      warnings: [],
    });
  });

  it('TLS alone uses the system CAs (a managed Kafka with a public certificate)', () => {
    expect(eventBusSettings(loadConfig('photos', schema, { ...kafka, KAFKA_TLS: 'true' }))).toMatchObject({ ssl: {} });
  });

  it.each(['plain', 'scram-sha-256', 'scram-sha-512'])('takes the SASL mechanism %s', (mechanism) => {
    const settings = eventBusSettings(
      loadConfig('photos', schema, { ...kafka, KAFKA_TLS: 'true', KAFKA_SASL_MECHANISM: mechanism, KAFKA_SASL_USERNAME: 'u', KAFKA_SASL_PASSWORD: PASSWORD }),
    );
    expect(settings).toMatchObject({ sasl: { mechanism, username: 'u', password: PASSWORD }, warnings: [] });
  });

  it('warns that PLAIN without TLS sends the password in clear (without the password)', () => {
    const settings = eventBusSettings(loadConfig('photos', schema, { ...kafka, KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_USERNAME: 'u', KAFKA_SASL_PASSWORD: PASSWORD }));
    expect(settings).toMatchObject({ warnings: ['KAFKA_SASL_MECHANISM=plain without KAFKA_TLS=true sends the Kafka password unencrypted'] });
  });

  it('names what an incomplete setting lacks', () => {
    expect(problemsOf({ ...kafka, KAFKA_SASL_MECHANISM: 'scram-sha-256' })).toEqual([
      'KAFKA_SASL_USERNAME is required when KAFKA_SASL_MECHANISM=scram-sha-256',
      'KAFKA_SASL_PASSWORD is required when KAFKA_SASL_MECHANISM=scram-sha-256',
    ]);
    expect(problemsOf({ ...kafka, KAFKA_SASL_USERNAME: 'u', KAFKA_SASL_PASSWORD: PASSWORD })).toEqual([
      'KAFKA_SASL_MECHANISM is required when KAFKA_SASL_USERNAME is set (one of plain, scram-sha-256, scram-sha-512)',
    ]);
    expect(problemsOf({ ...kafka, KAFKA_TLS: 'true', KAFKA_TLS_CERT_FILE: files.cert })).toEqual([
      'KAFKA_TLS_KEY_FILE is required when KAFKA_TLS_CERT_FILE is set (the client certificate needs its key)',
    ]);
    expect(problemsOf({ ...kafka, KAFKA_TLS: 'true', KAFKA_TLS_KEY_FILE: files.key })).toEqual([
      'KAFKA_TLS_CERT_FILE is required when KAFKA_TLS_KEY_FILE is set (the key needs its client certificate)',
    ]);
    expect(problemsOf({ ...kafka, KAFKA_TLS_CA_FILE: files.ca })).toEqual([`KAFKA_TLS_CA_FILE: is only used with KAFKA_TLS=true (set it to use TLS) (got '${files.ca}')`]);
    expect(problemsOf({ ...kafka, KAFKA_SASL_MECHANISM: 'gssapi' })[0]).toMatch(/^KAFKA_SASL_MECHANISM: must be one of plain, scram-sha-256, scram-sha-512 \(got 'gssapi'\)/);
  });

  it('names a file it cannot read or that holds the wrong thing, with its path', () => {
    const missing = join(dir, 'missing.crt');
    expect(problemsOf({ ...kafka, KAFKA_TLS: 'true', KAFKA_TLS_CA_FILE: missing })).toEqual([`KAFKA_TLS_CA_FILE: cannot read the file (ENOENT) (got '${missing}')`]);
    expect(problemsOf({ ...kafka, KAFKA_TLS: 'true', KAFKA_TLS_CA_FILE: files.text })).toEqual([
      `KAFKA_TLS_CA_FILE: holds no PEM certificate (-----BEGIN CERTIFICATE-----) (got '${files.text}')`,
    ]);
    expect(problemsOf({ ...kafka, KAFKA_TLS: 'true', KAFKA_TLS_CERT_FILE: files.cert, KAFKA_TLS_KEY_FILE: files.cert })).toEqual([
      `KAFKA_TLS_KEY_FILE: holds no PEM private key (-----BEGIN PRIVATE KEY-----) (got '${files.cert}')`,
    ]);
    expect(problemsOf({ ...kafka, KAFKA_TLS: 'true', KAFKA_TLS_CERT_FILE: files.cert, KAFKA_TLS_KEY_FILE: files.encryptedKey })).toEqual([
      `KAFKA_TLS_KEY_FILE: holds an encrypted private key: give the key unencrypted (the Secret protects it) (got '${files.encryptedKey}')`,
    ]);
  });

  it('never quotes the password in a problem', () => {
    const problems = problemsOf({ ...kafka, KAFKA_SASL_PASSWORD: PASSWORD, KAFKA_TLS_CA_FILE: files.ca });
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).not.toContain(PASSWORD);
  });

  it('gives the programs outside the services (topics Job, replay, events:tail) the same options from their environment', () => {
    expect(
      kafkaConnectionFromEnv('events:tail', { KAFKA_BROKERS: 'k:9093', KAFKA_TLS: 'true', KAFKA_TLS_CA_FILE: files.ca, KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_USERNAME: 'u', KAFKA_SASL_PASSWORD: PASSWORD }, 'wildframe-events-tail'),
    ).toEqual({ brokers: ['k:9093'], clientId: 'wildframe-events-tail', ssl: { ca: [CERTIFICATE] }, sasl: { mechanism: 'plain', username: 'u', password: PASSWORD }, warnings: [] });
    expect(() => kafkaConnectionFromEnv('events:tail', {}, 'x')).toThrow(/Invalid configuration for events:tail:\n {2}- KAFKA_BROKERS is required/);
  });
});
