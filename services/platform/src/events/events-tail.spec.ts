import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { examplePayload } from '@wildframe/contracts';
import { describeWithServer, kafkaTestServer } from '../testing/test-servers';
import { eventually, RecordingLogger } from './event-bus.contract';
import { KafkaEventBus } from './kafka-event-bus';

/**
 * `npm run events:tail` (tools/events/tail.mjs), the example consumer of the topics, against the
 * real broker: what the bus publishes, the tail prints decoded.
 */
const TAIL = path.join(__dirname, '../../../../tools/events/tail.mjs');
const kafka = kafkaTestServer();

describeWithServer('events:tail, the example consumer of the topics', kafka, ({ brokers }) => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
  });

  function tail(args: string[]): { child: ChildProcess; output: () => { stdout: string; stderr: string }; exit: Promise<number | null> } {
    const child = spawn(process.execPath, [TAIL, ...args], { env: { ...process.env, KAFKA_BROKERS: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, output: () => ({ stdout, stderr }), exit };
  }

  /** Publishes a like through the event bus, as the photos service does. Returns the event id. */
  async function publishLike(photoId: string): Promise<string> {
    const bus = new KafkaEventBus({ brokers, clientId: 'tail-test', createTopics: { numPartitions: 3 } }, { logger: new RecordingLogger() });
    await bus.start();
    try {
      return await bus.publish('photos.photo.liked.v1', examplePayload('photos.photo.liked.v1', { photoId, totalLikes: 42 }), { key: photoId });
    } finally {
      await bus.stop();
    }
  }

  it('prints a published like decoded, with its key and event id', async () => {
    const photoId = randomUUID();
    const id = await publishLike(photoId);
    const run = tail(['--topic', 'photos.photo.liked.v1', '--brokers', brokers.join(','), '--from-beginning', '--json']);
    const line = await eventually(() => {
      const found = run.output().stdout.split('\n').find((text) => text.includes(id));
      if (found === undefined) throw new Error(`not printed yet; stderr: ${run.output().stderr}`);
      return found;
    }, 30_000, 100);
    expect(JSON.parse(line)).toMatchObject({
      topic: 'photos.photo.liked.v1',
      key: photoId,
      headers: { ce_id: id, ce_type: 'photos.photo.liked.v1', ce_source: '/services/photos' },
      payload: { ...examplePayload('photos.photo.liked.v1', { photoId, totalLikes: 42 }) },
    });
    run.child.kill('SIGINT');
    expect(await run.exit).toBe(0);
  }, 60_000);

  it('prints one line per event in text form and stops after --max events', async () => {
    await publishLike(randomUUID());
    const run = tail(['--topic', 'photos.photo.liked.v1', '--brokers', brokers.join(','), '--from-beginning', '--max', '1']);
    expect(await run.exit).toBe(0);
    const lines = run.output().stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\S+ photos\.photo\.liked\.v1 key=\S+ id=[0-9a-f-]{36} \d+@\d+ \{"photoId":/);
  }, 60_000);

  it('refuses a topic outside the catalogue, with the reason', async () => {
    const run = tail(['--topic', 'photos.photo.likd.v1', '--brokers', brokers.join(',')]);
    expect(await run.exit).toBe(2);
    expect(run.output().stderr).toContain("unknown topic 'photos.photo.likd.v1'");
  });
});
