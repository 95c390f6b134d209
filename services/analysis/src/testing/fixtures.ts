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

/** Photos the heads train on and are never reported on (animals, landscapes, buildings, people). */
export const TRAINING_PHOTOS = resolve(REPO_FIXTURES, '..', 'training-photos');
/** Non-nature images the heads and signs train on (documents, screens, gradients, renders, drawings, objects). */
export const NEGATIVES = resolve(REPO_FIXTURES, '..', 'negatives');
/** Images no head, sign or threshold ever reads in training: the evaluation's unseen set. */
export const HELD_OUT = resolve(REPO_FIXTURES, '..', 'held-out');

/**
 * Every row of a fixture folder's MANIFEST.tsv (tab-separated, header row) as column → cell, cells
 * trimmed (the file may have CRLF line ends), a missing cell empty. Throws when a `required` column is absent.
 * `file` reads another table of the same shape in that folder.
 */
export function readManifestRows(folder: string, required: readonly string[] = [], file = 'MANIFEST.tsv'): Array<Record<string, string>> {
  const [header, ...lines] = readFileSync(join(folder, file), 'utf8').split('\n').filter((l) => l.trim() !== '');
  const columns = (header ?? '').split('\t').map((c) => c.trim());
  const missing = required.find((column) => !columns.includes(column));
  if (missing) throw new Error(`${file} in ${folder} has no '${missing}' column`);
  return lines.map((line) => {
    const cells = line.split('\t');
    return Object.fromEntries(columns.map((column, i) => [column, (cells[i] ?? '').trim()]));
  });
}

/** Reads a fixture folder's MANIFEST.tsv (columns include name, subject, cls): the photos that are there. */
export function readManifest(folder: string): FixturePhoto[] {
  return readManifestRows(folder, ['name', 'cls', 'subject'])
    .map((row) => ({
      name: row['name'] ?? '',
      cls: row['cls'] ?? '',
      subject: (row['subject'] ?? '').replace(/^"|"$/g, ''),
      path: join(folder, row['name'] ?? ''),
    }))
    .filter((photo) => photo.name !== '' && existsSync(photo.path));
}

/** The category a manifest class should receive; null for photos that should be refused. */
export function expectedCategory(cls: string): 'wildlife' | 'landscape' | 'others' | null {
  if (cls === 'wildlife' || cls === 'landscape') return cls;
  if (cls === 'other-nature') return 'others';
  return null;
}
