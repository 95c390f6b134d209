import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The monorepo root (where nx.json is), found from this file whether it runs from src/ or dist/. */
export function workspaceRoot(from: string = __dirname): string {
  let dir = from;
  while (!existsSync(join(dir, 'nx.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No nx.json above ${from}`);
    dir = parent;
  }
  return dir;
}
