#!/usr/bin/env node
// The test servers together: `npm run infra -- prepare|start|stop|status [kafka] [minio] [postgres] [ferretdb]`
// (all when none is named). `prepare` fetches and builds everything once, ahead of a test
// run, and prints how long each took; `start` prints where each listens.
import { pathToFileURL } from 'node:url';
import * as ferretdb from './ferretdb.mjs';
import * as kafka from './kafka.mjs';
import * as minio from './minio.mjs';
import * as postgres from './postgres.mjs';

export const servers = { kafka, minio, postgres, ferretdb };
export { ferretdb, kafka, minio, postgres };

/** Fetches/builds what the named servers need. Returns seconds per server (0 = already cached). */
export async function prepareAll(names = Object.keys(servers)) {
  const timings = {};
  // One after the other: on two cores a parallel Maven fetch and Go build only slow each other.
  for (const name of names) {
    const started = Date.now();
    await servers[name].prepare();
    timings[name] = (Date.now() - started) / 1000;
  }
  return timings;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [command = 'status', ...rest] = process.argv.slice(2);
  const names = rest.length > 0 ? rest : Object.keys(servers);
  const unknown = names.filter((name) => !(name in servers));
  if (unknown.length > 0 || !['prepare', 'start', 'stop', 'status'].includes(command)) {
    console.error(`usage: node tools/infra/index.mjs prepare|start|stop|status [${Object.keys(servers).join('] [')}]`);
    process.exit(2);
  }
  try {
    if (command === 'prepare') {
      const timings = await prepareAll(names);
      for (const [name, seconds] of Object.entries(timings)) console.log(`[infra] ${name}: ready to start (${seconds.toFixed(1)} s)`);
    } else if (command === 'start') {
      for (const name of names) {
        const { stop: _stop, createBucket: _create, ...facts } = await servers[name].start();
        console.log(`[infra] ${name} ${facts.reused ? 'already running' : 'started'}: ${JSON.stringify(facts)}`);
      }
    } else if (command === 'stop') {
      for (const name of names) {
        const stopped = await servers[name].stopInstance();
        console.log(`[infra] ${name}: ${stopped ? 'stopped' : 'was not running'}`);
      }
    } else {
      for (const name of names) {
        const state = servers[name].status();
        console.log(`[infra] ${name}: ${state ? `running ${JSON.stringify(state.facts)}` : 'not running'}`);
      }
    }
  } catch (error) {
    console.error(`[infra] ${command} failed: ${error.message ?? error}`);
    process.exit(1);
  }
}
