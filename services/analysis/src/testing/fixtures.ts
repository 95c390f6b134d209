import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** One row of a fixture set's MANIFEST.tsv. */
export interface FixturePhoto {
  name: string;
  /** wildlife, landscape, other-nature or not-nature. */
  cls: string;
  subject: string;
  path: string;
}

/**
 * The photos shipped with the service (a subset of the shared set), used by the tests. Found
 * from the source folder, or from the workspace root when running compiled (the evaluation).
 */
export const REPO_FIXTURES = [resolve(__dirname, '..', '..', 'fixtures', 'photos'), resolve(process.cwd(), 'services', 'analysis', 'fixtures', 'photos')].find(
  (folder) => existsSync(join(folder, 'MANIFEST.tsv')),
) ?? resolve(__dirname, '..', '..', 'fixtures', 'photos');

/** Reads a fixture folder's MANIFEST.tsv (tab-separated, header row, columns include name, subject, cls). */
export function readManifest(folder: string): FixturePhoto[] {
  const [header, ...lines] = readFileSync(join(folder, 'MANIFEST.tsv'), 'utf8').split('\n').filter((l) => l.trim() !== '');
  const columns = (header ?? '').split('\t');
  const at = (name: string): number => {
    const i = columns.indexOf(name);
    if (i < 0) throw new Error(`MANIFEST.tsv in ${folder} has no '${name}' column`);
    return i;
  };
  const [nameAt, clsAt, subjectAt] = [at('name'), at('cls'), at('subject')];
  return lines
    .map((line) => line.split('\t'))
    .map((cells) => ({
      name: cells[nameAt] ?? '',
      cls: cells[clsAt] ?? '',
      subject: (cells[subjectAt] ?? '').replace(/^"|"$/g, ''),
      path: join(folder, cells[nameAt] ?? ''),
    }))
    .filter((photo) => photo.name !== '' && existsSync(photo.path));
}

/** The category a manifest class should receive; null for photos that should be refused. */
export function expectedCategory(cls: string): 'wildlife' | 'landscape' | 'others' | null {
  if (cls === 'wildlife' || cls === 'landscape') return cls;
  if (cls === 'other-nature') return 'others';
  return null;
}
