#!/usr/bin/env node
// `npm run asyncapi`: writes proto/asyncapi.json, the AsyncAPI 3 document of the Kafka topics,
// from the event catalogue and the .proto files (see proto/ts/asyncapi.ts). `--check` only
// compares and exits 1 when the checked-in file is stale (the jest test does the same).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
require('./ts-require.cjs');
const { ASYNCAPI_FILE, renderAsyncApiDocument } = require('../proto/ts/asyncapi.ts');

const root = new URL('..', import.meta.url).pathname;
const file = join(root, ASYNCAPI_FILE);
const rendered = renderAsyncApiDocument();
const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
if (process.argv.includes('--check')) {
  if (current !== rendered) {
    console.error(`${ASYNCAPI_FILE} is stale: run npm run asyncapi`);
    process.exit(1);
  }
  console.log(`${ASYNCAPI_FILE} is up to date`);
} else if (current === rendered) {
  console.log(`${ASYNCAPI_FILE} is up to date`);
} else {
  writeFileSync(file, rendered);
  console.log(`wrote ${ASYNCAPI_FILE}`);
}
