#!/usr/bin/env node
// Proves the lint rule that keeps services apart really fires: for every pair of services, an
// import from one into the other (by alias or by relative path) must be reported, while imports
// of the platform chassis and the contracts must pass. Guards against the rule being loosened.
import { createProjectGraphAsync } from '@nx/devkit';
import { ESLint } from 'eslint';

const root = new URL('..', import.meta.url).pathname;
const services = ['gateway', 'auth', 'photos', 'analysis', 'billing', 'contact'];
// The rule reads Nx's cached project graph and silently skips itself without one: build it first.
await createProjectGraphAsync({ exitOnError: true });
const eslint = new ESLint({ cwd: root });
const RULE = '@nx/enforce-module-boundaries';
let passed = 0;
const failures = [];

async function boundaryErrors(fromDir, source) {
  const [result] = await eslint.lintText(source, { filePath: `${root}${fromDir}/src/boundary-probe.ts` });
  return result.messages.filter((m) => m.ruleId === RULE);
}

async function expectCase(name, fromDir, source, shouldFail) {
  const errors = await boundaryErrors(fromDir, source);
  if ((errors.length > 0) === shouldFail) passed++;
  else failures.push(`${name}: expected ${shouldFail ? 'a boundary error' : 'no boundary error'}, got ${errors.length}`);
}

for (const from of services) {
  for (const to of services.filter((s) => s !== from)) {
    await expectCase(`${from} → @wildframe/${to}`, `services/${from}`, `import * as other from '@wildframe/${to}';\nexport const probe = other;\n`, true);
    await expectCase(`${from} → ../../${to}`, `services/${from}`, `import * as other from '../../${to}/src/index';\nexport const probe = other;\n`, true);
  }
  await expectCase(`${from} → platform`, `services/${from}`, `import * as p from '@wildframe/platform';\nexport const probe = p;\n`, false);
  await expectCase(`${from} → contracts`, `services/${from}`, `import * as c from '@wildframe/contracts';\nexport const probe = c;\n`, false);
  await expectCase(`standalone → ${from}`, 'services/standalone', `import * as s from '@wildframe/${from}';\nexport const probe = s;\n`, false);
}
await expectCase('platform → auth', 'services/platform', `import * as a from '@wildframe/auth';\nexport const probe = a;\n`, true);

for (const failure of failures) console.error(`  ✘ ${failure}`);
console.log(`module boundaries: ${passed} passed, ${failures.length} failed`);
process.exit(failures.length === 0 ? 0 : 1);
