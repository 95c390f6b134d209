import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

/** Test support: an S3-compatible server (s3rver) on a free local port, with its data in a temp folder. */
export interface LocalS3Server {
  endpoint: string;
  stop(): Promise<void>;
}

// s3rver signs ListObjectsV2 continuation tokens with DES, which OpenSSL 3 only offers through its
// legacy provider; Node enables that per process, at start-up. So the server runs in a child Node
// process started with --openssl-legacy-provider, leaving the test process untouched.
const SERVER_SCRIPT = `
const S3rver = require(process.argv[1]);
const server = new S3rver(JSON.parse(process.argv[2]));
server.run().then(
  (address) => process.send({ port: address.port }),
  (error) => { console.error(error); process.exit(1); },
);
process.on('message', (message) => {
  if (message === 'stop') server.close().finally(() => process.exit(0));
});
process.on('disconnect', () => process.exit(0));
`;

const START_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 5_000;

export async function startLocalS3Server(buckets: readonly string[]): Promise<LocalS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'wildframe-s3rver-'));
  const options = {
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  };
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '-e', SERVER_SCRIPT, require.resolve('s3rver'), JSON.stringify(options)],
    { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('s3rver did not start in time')), START_TIMEOUT_MS);
    child.once('message', (message: unknown) => {
      clearTimeout(timer);
      const reported = (message as { port?: unknown } | null)?.port;
      if (typeof reported === 'number') resolve(reported);
      else reject(new Error(`s3rver sent an unexpected message: ${JSON.stringify(message)}`));
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited before it started: ${stderr}`));
    });
  }).catch(async (error: unknown) => {
    child.kill();
    await rm(directory, { recursive: true, force: true });
    throw error;
  });

  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.send('stop');
        const timer = setTimeout(() => child.kill(), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
