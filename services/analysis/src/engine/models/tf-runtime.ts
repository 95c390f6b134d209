import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { readFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export type TensorFlow = typeof tf;

/**
 * Reads a TensorFlow.js graph model (model.json + weight shards) from the local disk. tfjs in
 * Node only knows http(s) without tfjs-node (which cannot install offline), so models shipped
 * inside npm packages are loaded through this `file://` handler.
 */
export function fileModelHandler(url: string): tf.io.IOHandler {
  const path = fileURLToPath(url);
  return {
    async load(): Promise<tf.io.ModelArtifacts> {
      const json = JSON.parse(await readFile(path, 'utf8')) as tf.io.ModelJSON;
      const weightSpecs: tf.io.WeightsManifestEntry[] = [];
      const shards: Buffer[] = [];
      for (const group of json.weightsManifest) {
        weightSpecs.push(...group.weights);
        for (const shard of group.paths) shards.push(await readFile(join(dirname(path), shard)));
      }
      const weights = Buffer.concat(shards);
      return {
        modelTopology: json.modelTopology,
        weightSpecs,
        weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength) as ArrayBuffer,
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy,
        signature: json.signature,
        userDefinedMetadata: json.userDefinedMetadata,
      };
    },
  };
}

/** Folder holding the wasm binaries shipped in @tensorflow/tfjs-backend-wasm (with a trailing separator, as tfjs expects). */
export function wasmFolder(): string {
  return dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + sep;
}

let runtime: Promise<TensorFlow> | undefined;

/**
 * TensorFlow.js on the WebAssembly backend (about 17× faster than the pure JS one), set up once
 * per process with the wasm files from node_modules and the `file://` model loader.
 */
export function tensorflow(): Promise<TensorFlow> {
  runtime ??= (async () => {
    setWasmPaths(wasmFolder());
    const router = (url: string | string[]): tf.io.IOHandler | null =>
      typeof url === 'string' && url.startsWith('file://') ? fileModelHandler(url) : null;
    // A router answers null for URLs it does not handle; tfjs's type leaves that out.
    tf.io.registerLoadRouter(router as (url: string | string[]) => tf.io.IOHandler);
    if (!(await tf.setBackend('wasm'))) throw new Error('the tfjs wasm backend could not start');
    await tf.ready();
    tf.enableProdMode();
    return tf;
  })();
  return runtime;
}
