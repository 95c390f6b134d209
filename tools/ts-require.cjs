// Lets a plain Node script require the contracts' TypeScript (proto/ts) without a build step:
// each .ts file is transpiled on load (types are not checked here; typecheck does that).
// Only for relative imports and npm packages: the tsconfig path aliases are not resolved.
const { readFileSync } = require('node:fs');
const ts = require('typescript');

require.extensions['.ts'] = (module, filename) => {
  const { outputText } = ts.transpileModule(readFileSync(filename, 'utf8'), {
    fileName: filename,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true, sourceMap: false },
  });
  module._compile(outputText, filename);
};
