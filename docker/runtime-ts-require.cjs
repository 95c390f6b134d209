// tools/ts-require.cjs as the images have it (/app/tools/ts-require.cjs): the images carry no
// TypeScript sources and no compiler, only what the build compiled into dist/. A repository tool
// copied into the image (tools/replay-dead-letters.mjs) that loads `../services/…/x.ts` through
// ts-require therefore gets `dist/services/…/x.js`, the same code compiled.
const Module = require('node:module');
const path = require('node:path');

const app = path.join(__dirname, '..');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveCompiled(request, parent, ...rest) {
  if (request.endsWith('.ts')) {
    const from = parent?.filename ? path.dirname(parent.filename) : app;
    const source = path.relative(app, path.resolve(from, request));
    if (!source.startsWith('..')) return resolveFilename.call(this, path.join(app, 'dist', source.replace(/\.ts$/, '.js')), parent, ...rest);
  }
  return resolveFilename.call(this, request, parent, ...rest);
};
