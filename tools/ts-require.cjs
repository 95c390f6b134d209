// Lets a plain Node process require the repository's TypeScript without a build step: each .ts
// file is transpiled on load (types are not checked here; typecheck does that), and the
// tsconfig path aliases (@wildframe/contracts, @wildframe/platform, ...) resolve to the sources.
// Used by scripts (npm run asyncapi, events:tail) and by tests that run code in a child process.
const { existsSync, readFileSync } = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const ts = require('typescript');

const root = path.join(__dirname, '..');
const { compilerOptions } = require(path.join(root, 'tsconfig.base.json'));
const aliases = new Map(Object.entries(compilerOptions.paths ?? {}).map(([name, [target]]) => [name, path.join(root, target)]));

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveAlias(request, parent, ...rest) {
  // A relative import from TypeScript means the .ts file, as for tsc and jest: Node alone would
  // take a .json of the same name first (composition-head.ts beside composition-head.json).
  if (request.startsWith('.') && !path.extname(request) && parent?.filename?.endsWith('.ts')) {
    const source = path.resolve(path.dirname(parent.filename), `${request}.ts`);
    if (existsSync(source)) return source;
  }
  return resolveFilename.call(this, aliases.get(request) ?? request, parent, ...rest);
};

require.extensions['.ts'] = (module, filename) => {
  const { outputText } = ts.transpileModule(readFileSync(filename, 'utf8'), {
    fileName: filename,
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      esModuleInterop: true,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
      sourceMap: false,
    },
  });
  module._compile(outputText, filename);
};
