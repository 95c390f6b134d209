import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { workspaceRoot } from '../workspace-root';

/** The compiled entrypoint of a service or of the standalone app (built by `nx run standalone:build`). */
export function builtEntrypoint(project: string): string {
  const file = join(workspaceRoot(), 'dist', 'services', project, 'src', 'main.js');
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npx nx run standalone:build\` first (npm test does)`);
  return file;
}

export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Resolves when the output matches, rejects on exit or after the deadline. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
}

export function startProcess(entrypoint: string, env: Record<string, string>): RunningProcess {
  const child = spawn(process.execPath, [entrypoint], {
    cwd: workspaceRoot(),
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer): void => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return {
    child,
    output: () => output,
    exited,
    waitFor: (pattern, timeoutMs = 60_000) =>
      new Promise((done, fail) => {
        const check = (): void => {
          const match = pattern.exec(output);
          if (match) {
            cleanup();
            done(match);
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          fail(new Error(`no ${pattern} within ${timeoutMs} ms; output:\n${output}`));
        }, timeoutMs);
        const cleanup = (): void => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        void exited.then((code) => {
          if (!listeners.has(check)) return;
          cleanup();
          fail(new Error(`process exited (${code}) before ${pattern}; output:\n${output}`));
        });
        check();
      }),
  };
}

/** Polls `url` until it answers `status` or the deadline passes. */
export async function waitForStatus(url: string, status: number, timeoutMs = 30_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.status === status) return res;
      last = `status ${res.status}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms (${last})`);
}

/** A port free on loopback right now (the process started next binds it). */
export async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
