import { writeFileSync } from 'node:fs';
import { publicApiDocument } from './public-api';

/** `node dist/services/standalone/src/openapi/write-openapi.js <file>`: writes the public document (tools/api-types.mjs). */
const target = process.argv[2];
if (!target) {
  process.stderr.write('usage: write-openapi.js <output.json>\n');
  process.exit(2);
}
writeFileSync(target, `${JSON.stringify(publicApiDocument(), null, 2)}\n`);
