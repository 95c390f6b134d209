// After `tsc` has compiled a service into dist/ (which mirrors the source layout):
//  1. rewrites workspace aliases (`require("@wildframe/platform")`) to relative paths, since
//     Node does not read tsconfig `paths`;
//  2. copies what the code reads at run time but tsc does not emit: each service's SQL
//     migrations, its bundled data (`services/<name>/data`) and the protobuf event contracts, at the same relative place as in the source.
import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
// DIST_DIR: a private output folder inside the workspace (e.g. tmp/mine/dist), so parallel builds
// do not overwrite each other's dist/; node_modules is still found by walking up.
const dist = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : join(root, 'dist');
const { compilerOptions } = JSON.parse(readFileSync(join(root, 'tsconfig.base.json'), 'utf8'));

// '@wildframe/platform' -> dist/services/platform/src/index (no extension: Node resolves .js)
const aliases = Object.entries(compilerOptions.paths).map(([alias, [target]]) => [
  alias,
  join(dist, target.replace(/^\.\//, '').replace(/\.ts$/, '')),
]);

function* jsFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* jsFiles(path);
    else if (name.endsWith('.js')) yield path;
  }
}

let rewritten = 0;
for (const file of jsFiles(dist)) {
  const source = readFileSync(file, 'utf8');
  const output = source.replace(/require\("(@wildframe\/[^"]+)"\)/g, (whole, specifier) => {
    const target = aliases.find(([alias]) => alias === specifier)?.[1];
    if (!target) throw new Error(`${file}: unknown workspace import ${specifier}`);
    let path = relative(dirname(file), target);
    if (!path.startsWith('.')) path = `./${path}`;
    return `require("${path}")`;
  });
  if (output !== source) {
    writeFileSync(file, output);
    rewritten++;
  }
}

for (const service of readdirSync(join(root, 'services'))) {
  const migrations = join(root, 'services', service, 'migrations');
  if (existsSync(migrations)) cpSync(migrations, join(dist, 'services', service, 'migrations'), { recursive: true });
  // Bundled reference data read at run time (photos: the species checklist and CITES Appendix I).
  const data = join(root, 'services', service, 'data');
  if (existsSync(data)) cpSync(data, join(dist, 'services', service, 'data'), { recursive: true });
}
cpSync(join(root, 'proto', 'wildframe'), join(dist, 'proto', 'wildframe'), { recursive: true });
console.log(`finish-build: ${rewritten} files with workspace imports rewritten; migrations, data and contracts copied`);
