import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where uploads are written while they are processed (never held whole in memory): a folder of
 * its own, so what a crash leaves there is found and removed. Shared by every process of this
 * machine; each file is removed when its upload ends.
 */
export const UPLOAD_TEMP_DIR = join(tmpdir(), 'wildframe-uploads');

/** The folder, made again if the system's tmp cleaner took it. */
export async function uploadTempDir(): Promise<string> {
  await mkdir(UPLOAD_TEMP_DIR, { recursive: true });
  return UPLOAD_TEMP_DIR;
}

/**
 * Removes upload files not written for `minAgeMs` (an upload in progress is written and processed
 * within minutes): what a crash during uploads left. Answers how many it removed.
 */
export async function removeStaleUploadFiles(minAgeMs: number, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(UPLOAD_TEMP_DIR);
  } catch {
    return 0; // no folder: no upload since the machine started
  }
  let removed = 0;
  for (const name of names) {
    const path = join(UPLOAD_TEMP_DIR, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile() || now - info.mtimeMs < minAgeMs) continue;
    await rm(path, { force: true });
    removed++;
  }
  return removed;
}
