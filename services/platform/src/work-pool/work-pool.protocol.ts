/**
 * The messages between a work pool (the web process) and its worker processes, over the IPC
 * channel with structured-clone serialisation: Buffers travel as bytes, not as JSON.
 */

/** An error as it crosses the channel: its class name, message and code (e.g. `TOO_SMALL`). */
export interface SerializedError {
  name: string;
  message: string;
  code?: string;
}

export type ToWorker =
  /** First message: what the worker module's setup needs (e.g. the analysis configuration). */
  | { type: 'init'; init: unknown; memoryLimitMb: number }
  | { type: 'job'; id: number; method: string; params: unknown[] };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'setup-failed'; error: SerializedError }
  /** A part of the job's result sent before its end (`reportProgress`), e.g. the first derivative. */
  | { type: 'progress'; id: number; value: unknown }
  /** `leaving`: the worker exits after this answer (its memory stayed high, or a cap refused it). */
  | { type: 'done'; id: number; value: unknown; leaving: boolean }
  | { type: 'failed'; id: number; error: SerializedError; leaving: boolean };

/** Thrown by job code when a memory cap refused it (a WebAssembly memory that could not grow). */
export const MEMORY_LIMIT_ERROR = 'MemoryLimitError';
