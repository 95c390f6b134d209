import { isDuplicateKey } from '@wildframe/platform';

/** Two first upserts of one `_id` race to insert it; the loser's write is applied as an update on retry. */
export async function upsertRetried(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    await write();
  }
}
