/**
 * `npm run train:analysis`: trains the scene classifier's heads (train-scene.ts), then the learned
 * composition term (train-composition.ts), then the measured signs (calibrate-signs.ts), passing
 * each the same options (e.g. --no-write).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

for (const script of ['train-scene.js', 'train-composition.js', 'calibrate-signs.js']) {
  console.log(`\n== ${script.replace('.js', '')}`);
  const run = spawnSync(process.execPath, [join(__dirname, script), ...process.argv.slice(2)], { stdio: 'inherit' });
  if (run.status !== 0) {
    process.exitCode = run.status ?? 1;
    break;
  }
}
