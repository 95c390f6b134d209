// The worker module of work-pool.spec.ts: jobs that behave well, throw, loop, crash or eat memory.
import { readFileSync } from 'node:fs';
import { decodeHeic, reportProgress, serveJobs } from '../worker';

/** WebAssembly's Memory (the compiler's lib here has no WebAssembly types). */
const WasmMemory = (globalThis as unknown as { WebAssembly: { Memory: new (descriptor: { initial: number; maximum?: number }) => { grow(pages: number): number; buffer: ArrayBuffer } } }).WebAssembly.Memory;

class RefusedError extends Error {
  readonly code = 'REFUSED';
  constructor() {
    super('refused by the job');
    this.name = 'RefusedError';
  }
}

serveJobs((init) => ({
  echo: async (bytes: Uint8Array) => ({ pid: process.pid, init, bytes: Buffer.from(bytes).reverse() }),
  refuse: async () => {
    throw new RefusedError();
  },
  spin: async () => {
    for (;;);
  },
  exit: async () => process.exit(3),
  // Native memory outside V8's heap and any WebAssembly memory: only the resident-memory watch sees it.
  hoard: async (mb: number) => {
    const kept: Buffer[] = [];
    for (let i = 0; i < mb; i++) {
      kept.push(Buffer.alloc(1024 * 1024, 1));
      if (i % 16 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return kept.length;
  },
  // A WebAssembly memory asked to grow to `mb`: V8 refuses past the worker's cap.
  growWasm: async (mb: number) => {
    const memory = new WasmMemory({ initial: 1, maximum: 65536 });
    memory.grow(Math.ceil((mb * 1024 * 1024) / 65536) - 1);
    return memory.buffer.byteLength;
  },
  heic: async (path: string) => {
    const image = await decodeHeic(readFileSync(path));
    return image.raw;
  },
  rss: async () => process.memoryUsage.rss(),
  // Sends its steps ahead of its end, then fails if asked to.
  steps: async (count: number, failAfter: boolean) => {
    for (let step = 1; step <= count; step++) await reportProgress({ step, bytes: Buffer.from([step]) });
    if (failAfter) throw new RefusedError();
    return 'finished';
  },
}));
