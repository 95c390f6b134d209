import { readFileSync, readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { REPO_FIXTURES, readManifest, readManifestRows as rows } from './fixtures';

/** The repo's photo folders: the test and evaluation photos, and the composition term's training-only photos. */
const FOLDERS = [REPO_FIXTURES, resolve(REPO_FIXTURES, '..', 'training-photos')];
const IMAGE = /\.(jpe?g|png|webp)$/i;

describe.each(FOLDERS.map((folder) => [`fixtures/${basename(folder)}`, folder]))('the photos in %s', (_name, folder) => {
  it('are each listed in MANIFEST.tsv once, and every listed photo is there', () => {
    const files = readdirSync(folder).filter((f) => IMAGE.test(f)).sort();
    const listed = rows(folder).map((r) => r['name'] ?? '');
    expect([...listed].sort()).toEqual(files);
    expect(new Set(listed).size).toBe(listed.length);
    expect(readManifest(folder).map((p) => p.name)).toEqual(listed);
  });

  // `pkg` and `path` say where each photo was taken from (a Debian package's file); `source`, the
  // upstream page, is known for only some of them.
  it('each carry an author, a licence and where they were taken from, and are credited in CREDITS.md', () => {
    const credits = readFileSync(join(folder, 'CREDITS.md'), 'utf8');
    for (const row of rows(folder)) {
      expect({ name: row['name'], author: row['author'] !== '', licence: row['lic'] !== '', takenFrom: row['pkg'] !== '' && row['path'] !== '' }).toEqual({ name: row['name'], author: true, licence: true, takenFrom: true });
      expect(credits).toContain(`| ${row['name']} |`);
    }
  });

  it('each have a known class', () => {
    for (const row of rows(folder)) expect(['wildlife', 'landscape', 'other-nature', 'not-nature']).toContain(row['cls']);
  });
});
