import { isDuplicateKey } from '@wildframe/platform';

/**
 * A unique-index violation. FerretDB 1.24 on SQLite reports one caused by an UPDATE (not an
 * insert) as InternalError (code 1) with SQLite's message, so the message is checked too.
 */
export function isUniqueViolation(error: unknown): boolean {
  return isDuplicateKey(error) || /E11000|UNIQUE constraint failed/.test((error as { message?: unknown } | null)?.message?.toString() ?? '');
}
