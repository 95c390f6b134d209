#!/usr/bin/env node
// A single-node Apache Kafka broker (KRaft: broker and controller in one JVM) for tests and the
// local distributed shape, from Apache's own jars on Maven Central (no container runtime needed).
//   node tools/infra/kafka.mjs start|stop|status [--instance name]
//   import { start } from './kafka.mjs'; const { brokers, saslSsl, stop } = await start();
// Needs Java 17+ and Maven (jars fetched once into <cache>/kafka), and openssl for the SASL_SSL
// listener. Loopback only, free ports.
//
// Two listeners: PLAINTEXT (`brokers`) and SASL_SSL (`saslSsl.brokers`): TLS with a CA and broker
// certificate made at start with openssl (`saslSsl.caFile`), client certificates optional (one is
// made: `saslSsl.clientCertFile`/`clientKeyFile`, for mutual TLS), and one user (`saslSsl.username`,
// a random `saslSsl.password`) accepted with PLAIN, SCRAM-SHA-256 and SCRAM-SHA-512.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  Fatal,
  cacheDir,
  cli,
  freePort,
  instanceDir,
  isAlive,
  log,
  poll,
  readState,
  removeState,
  requireTool,
  run,
  spawnDetached,
  tail,
  sweepOrphans,
  terminate,
  withLock,
  writeState,
} from './common.mjs';

export const KAFKA_VERSION = '4.4.0';
// Kafka logs through SLF4J; without a binding the broker prints nothing (not even "started").
const LOG4J_VERSION = '2.25.5';
const KIND = 'kafka';

function libsDir() {
  return join(cacheDir(KIND), `libs-${KAFKA_VERSION}`);
}

/** Fetches Kafka's jars once (Maven, into the cache). Returns the seconds it took, 0 when cached. */
export async function prepare() {
  const libs = libsDir();
  const done = join(libs, '.complete');
  if (existsSync(done)) return 0;
  await requireTool('java', `the Kafka ${KAFKA_VERSION} broker needs Java 17 or newer`, ['-version']);
  await requireTool('mvn', `Maven fetches the Kafka ${KAFKA_VERSION} jars from Maven Central`, ['-v']);
  return withLock(
    `kafka-${KAFKA_VERSION}`,
    async () => {
      if (existsSync(done)) return 0;
      const started = Date.now();
      const work = cacheDir(KIND, 'fetch');
      writeFileSync(
        join(work, 'pom.xml'),
        `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>wildframe.infra</groupId>
  <artifactId>kafka-broker</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka_2.13</artifactId><version>${KAFKA_VERSION}</version></dependency>
    <dependency><groupId>org.apache.logging.log4j</groupId><artifactId>log4j-slf4j-impl</artifactId><version>${LOG4J_VERSION}</version></dependency>
  </dependencies>
</project>
`,
      );
      log(KIND, `fetching Kafka ${KAFKA_VERSION} jars from Maven Central (once) ...`);
      rmSync(libs, { recursive: true, force: true });
      await run(
        'mvn',
        [
          '-B',
          '-q',
          `-Dmaven.repo.local=${join(work, 'm2')}`,
          'dependency:copy-dependencies',
          `-DoutputDirectory=${libs}`,
          '-DincludeScope=runtime',
        ],
        { cwd: work },
      );
      const jars = readdirSync(libs).filter((name) => name.endsWith('.jar'));
      if (!jars.some((name) => name.startsWith(`kafka_2.13-${KAFKA_VERSION}`))) {
        throw new Error(`Maven finished but ${libs} holds no kafka_2.13-${KAFKA_VERSION} jar`);
      }
      // The local Maven repository duplicates the jars (plus Maven's plugins): keep only libs.
      rmSync(join(work, 'm2'), { recursive: true, force: true });
      writeFileSync(done, `${jars.length} jars\n`);
      const seconds = (Date.now() - started) / 1000;
      log(KIND, `${jars.length} jars in ${libs} (${seconds.toFixed(1)} s)`);
      return seconds;
    },
    { onWait: (pid) => log(KIND, `waiting for another fetch of the Kafka jars (pid ${pid}) ...`) },
  );
}

function log4jConfig(dir) {
  const file = join(dir, 'log4j2.properties');
  writeFileSync(
    file,
    [
      'status = warn',
      'appender.out.type = Console',
      'appender.out.name = out',
      'appender.out.layout.type = PatternLayout',
      'appender.out.layout.pattern = [%d] %p %m (%c)%n',
      // Warnings and errors only, plus the one line that says the broker is ready.
      'rootLogger.level = warn',
      'rootLogger.appenderRef.out.ref = out',
      'logger.ready.name = kafka.server.KafkaRaftServer',
      'logger.ready.level = info',
      '',
    ].join('\n'),
  );
  return file;
}

/**
 * A CA, a broker certificate for 127.0.0.1/localhost and a client certificate, all signed by the
 * CA, made with openssl in `dir` (PEM; keys unencrypted PKCS#8, which Kafka's PEM key store reads).
 */
async function makeCertificates(dir) {
  const file = (name) => join(dir, name);
  const openssl = (args) => run('openssl', args, { cwd: dir });
  const days = '30';
  await openssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-days', days, '-subj', '/CN=Wildframe test CA']);
  const signed = async (name, subject, extensions) => {
    writeFileSync(file(`${name}.ext`), `${extensions}\n`);
    await openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject]);
    await openssl(['x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${name}.crt`, '-days', days, '-extfile', `${name}.ext`]);
  };
  await signed('broker', '/CN=localhost', 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth');
  await signed('client', '/CN=wildframe-test-client', 'extendedKeyUsage=clientAuth');
  // Kafka's PEM key store: the private key and its certificate in one file.
  writeFileSync(file('broker.pem'), readFileSync(file('broker.key'), 'utf8') + readFileSync(file('broker.crt'), 'utf8'));
  return { caFile: file('ca.crt'), keyStore: file('broker.pem'), clientCertFile: file('client.crt'), clientKeyFile: file('client.key') };
}

/** The SASL_SSL listener's settings: TLS from the made key store, PLAIN users in JAAS, SCRAM users in the metadata log. */
function saslSslProperties({ keyStore, caFile, username, password }) {
  const prefix = 'listener.name.sasl_ssl';
  return [
    'sasl.enabled.mechanisms=PLAIN,SCRAM-SHA-256,SCRAM-SHA-512',
    `${prefix}.ssl.keystore.type=PEM`,
    `${prefix}.ssl.keystore.location=${keyStore}`,
    `${prefix}.ssl.truststore.type=PEM`,
    `${prefix}.ssl.truststore.location=${caFile}`,
    // A client certificate is checked when one is presented (mutual TLS), not required.
    `${prefix}.ssl.client.auth=requested`,
    `${prefix}.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required user_${username}="${password}";`,
    `${prefix}.scram-sha-256.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;`,
    `${prefix}.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;`,
  ];
}

function serverProperties(dir, { host, port, controllerPort, saslSslPort, saslSsl, autoCreateTopics, partitions }) {
  const file = join(dir, 'server.properties');
  const secured = saslSsl !== undefined;
  writeFileSync(
    file,
    [
      'process.roles=broker,controller',
      'node.id=1',
      `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
      `listeners=PLAINTEXT://${host}:${port},CONTROLLER://127.0.0.1:${controllerPort}${secured ? `,SASL_SSL://127.0.0.1:${saslSslPort}` : ''}`,
      `advertised.listeners=PLAINTEXT://${host}:${port}${secured ? `,SASL_SSL://127.0.0.1:${saslSslPort}` : ''}`,
      `listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT${secured ? ',SASL_SSL:SASL_SSL' : ''}`,
      ...(secured ? saslSslProperties(saslSsl) : []),
      'inter.broker.listener.name=PLAINTEXT',
      'controller.listener.names=CONTROLLER',
      `log.dirs=${join(dir, 'data')}`,
      // One node: every internal topic has one replica.
      'offsets.topic.replication.factor=1',
      // Fewer offset partitions than the default 50: the first group join creates them all.
      'offsets.topic.num.partitions=6',
      'transaction.state.log.replication.factor=1',
      'transaction.state.log.min.isr=1',
      'share.coordinator.state.topic.replication.factor=1',
      'share.coordinator.state.topic.min.isr=1',
      // Tests join groups constantly: no 3 s wait for more members.
      'group.initial.rebalance.delay.ms=0',
      // Like k8s/dev-infra's broker: services that do not create their topics (and their
      // dead-letter topics) rely on it. A production cluster provisions topics instead.
      `auto.create.topics.enable=${autoCreateTopics}`,
      `num.partitions=${partitions}`,
      '',
    ].join('\n'),
  );
  return file;
}

function java(args, options) {
  return run('java', ['-Xmx512m', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', ...args], options);
}

/**
 * Starts (or reuses) a broker. Options: instance ('default' for the CLI), owner (a pid whose death
 * lets a later start sweep the instance away; a jest run passes its own), autoCreateTopics
 * (default true), partitions (default 3), warmUp (default true: one group join, so tests do not
 * see the retriable errors of a fresh broker), saslSsl (default true: the SASL_SSL listener, on
 * 127.0.0.1), host (the address the PLAINTEXT listener binds and advertises, default 127.0.0.1;
 * check:cluster gives its pods' bridge address).
 * Returns { brokers, saslSsl: { brokers, caFile, clientCertFile, clientKeyFile, username, password,
 * mechanisms }, instance, reused, pid, logFile, stop }, with saslSslUnavailable (why) instead of
 * saslSsl when openssl is missing. stop() stops the broker only if this call started it.
 */
export async function start(options = {}) {
  const instance = options.instance ?? 'default';
  await sweepOrphans(KIND, stopInstance);
  return withLock(`start-${KIND}-${instance}`, async () => {
    const running = status(instance);
    if (running) return { ...running.facts, reused: true, stop: async () => {} };
    await prepare();
    await stopInstance(instance); // leftovers of a dead instance
    const dir = instanceDir(KIND, instance);
    const ports = new Set();
    const newPort = async () => {
      let chosen = await freePort();
      while (ports.has(chosen)) chosen = await freePort();
      ports.add(chosen);
      return chosen;
    };
    const port = await newPort();
    const controllerPort = await newPort();
    const host = options.host ?? '127.0.0.1';
    let saslSsl;
    let saslSslUnavailable;
    // Without openssl the broker still starts, with PLAINTEXT only: what needs SASL_SSL says why.
    if (options.saslSsl ?? true) {
      saslSslUnavailable = await requireTool('openssl', 'the SASL_SSL listener needs its certificates made', ['version']).then(
        () => undefined,
        (error) => error.message,
      );
      if (saslSslUnavailable) log(KIND, `no SASL_SSL listener: ${saslSslUnavailable}`);
    }
    if ((options.saslSsl ?? true) && !saslSslUnavailable) {
      const tlsDir = join(dir, 'tls');
      mkdirSync(tlsDir, { recursive: true });
      const made = await makeCertificates(tlsDir);
      const saslSslPort = await newPort();
      saslSsl = {
        brokers: [`127.0.0.1:${saslSslPort}`],
        caFile: made.caFile,
        clientCertFile: made.clientCertFile,
        clientKeyFile: made.clientKeyFile,
        username: 'wildframe',
        password: randomBytes(12).toString('hex'),
        mechanisms: ['plain', 'scram-sha-256', 'scram-sha-512'],
        keyStore: made.keyStore,
        port: saslSslPort,
      };
    }
    const properties = serverProperties(dir, {
      host,
      port,
      controllerPort,
      saslSslPort: saslSsl?.port,
      saslSsl,
      autoCreateTopics: options.autoCreateTopics ?? true,
      partitions: options.partitions ?? 3,
    });
    const logging = log4jConfig(dir);
    const classpath = `${libsDir()}/*`;
    const started = Date.now();
    // A cluster id is 16 random bytes in URL-safe base64 (what `StorageTool random-uuid` prints);
    // like Kafka's own, never one starting with '-', which the tool would read as an option.
    let clusterId;
    do clusterId = randomBytes(16).toString('base64url');
    while (clusterId.startsWith('-'));
    // SCRAM credentials live in the metadata log: written with the format (PLAIN's are in the JAAS line).
    const scram = saslSsl
      ? ['SCRAM-SHA-256', 'SCRAM-SHA-512'].flatMap((mechanism) => ['--add-scram', `${mechanism}=[name=${saslSsl.username},password=${saslSsl.password}]`])
      : [];
    await java(['-cp', classpath, 'kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', properties, '--ignore-formatted', ...scram]);
    const logFile = join(dir, 'kafka.log');
    writeFileSync(logFile, '');
    const pid = spawnDetached(
      'java',
      [
        '-Xmx512m',
        '-XX:+UseSerialGC',
        '-XX:TieredStopAtLevel=1',
        '-Djava.awt.headless=true',
        `-Dlog4j2.configurationFile=${logging}`,
        '-cp',
        classpath,
        'kafka.Kafka',
        properties,
      ],
      { logFile, cwd: dir },
    );
    const facts = { brokers: [`${host}:${port}`], instance, pid, logFile };
    if (saslSsl) {
      const { keyStore: _keyStore, port: _port, ...client } = saslSsl;
      facts.saslSsl = client;
    }
    if (saslSslUnavailable) facts.saslSslUnavailable = saslSslUnavailable;
    writeState(KIND, instance, { pid, ownerPid: options.owner, dir, facts });
    try {
      await poll(
        `Kafka broker (log ${logFile})`,
        () => {
          if (!isAlive(pid)) throw new Fatal(`the broker exited:\n${tail(logFile)}`);
          return readFileSync(logFile, 'utf8').includes('Kafka Server started');
        },
        { timeoutMs: options.timeoutMs ?? 120_000, intervalMs: 100 },
      );
      const readyMs = Date.now() - started;
      if (options.warmUp ?? true) await warmUp(facts.brokers);
      log(KIND, `broker on ${facts.brokers[0]} ready in ${(readyMs / 1000).toFixed(1)} s, warm after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      await stopInstance(instance);
      throw error;
    }
    return { ...facts, reused: false, stop: () => stopInstance(instance).then(() => undefined) };
  });
}

/**
 * Creates the group coordinator's internal topic with one group join, so the first real group
 * of a test does not log "The coordinator is not available" while it is created.
 */
async function warmUp(brokers) {
  const { Kafka, logLevel } = await import('kafkajs');
  const kafka = new Kafka({ brokers, clientId: 'wildframe-infra-warmup', logLevel: logLevel.NOTHING });
  const topic = 'wildframe.infra.warmup';
  const admin = kafka.admin();
  await admin.connect();
  try {
    await admin.createTopics({ topics: [{ topic, numPartitions: 1 }], waitForLeaders: true });
  } finally {
    await admin.disconnect();
  }
  const producer = kafka.producer();
  await producer.connect();
  await producer.send({ topic, messages: [{ value: 'warm-up' }] });
  await producer.disconnect();
  const consumer = kafka.consumer({ groupId: 'wildframe-infra-warmup', maxWaitTimeInMs: 100 });
  let seen = false;
  await consumer.connect();
  try {
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    await consumer.run({ eachMessage: async () => void (seen = true) });
    await poll('Kafka warm-up group join', () => seen, { timeoutMs: 60_000 });
  } finally {
    await consumer.disconnect();
  }
}

/** The running instance's state, or undefined. */
export function status(instance = 'default') {
  const state = readState(KIND, instance);
  return state && isAlive(state.pid) ? state : undefined;
}

/** Stops an instance and deletes its data. Returns whether it was running. */
export async function stopInstance(instance = 'default') {
  const state = readState(KIND, instance);
  const wasRunning = state !== undefined && isAlive(state.pid);
  if (state) await terminate(state.pid, 15_000);
  const dir = join(cacheDir('run'), `${KIND}-${instance}`);
  if (existsSync(dir) && statSync(dir).isDirectory()) rmSync(dir, { recursive: true, force: true });
  removeState(KIND, instance);
  return wasRunning;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await cli(KIND, { start, stopInstance, status });
}
