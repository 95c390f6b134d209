/** Issued when security answers verify; a reset needs it. Stored as a hash, single use, short-lived. */
export abstract class ResetGrantsRepository {
  abstract create(userId: string, tokenHash: string, expiresAt: Date): Promise<void>;
  /** Deletes the grant and says whether it was live and belonged to that user: single use. */
  abstract consume(userId: string, tokenHash: string, now: Date): Promise<boolean>;
  abstract deleteForUser(userId: string): Promise<void>;
}
