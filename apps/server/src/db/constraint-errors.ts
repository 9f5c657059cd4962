import type { TTx } from './client.js';

/** The SQLSTATE of a database error (the pg driver's own, or Drizzle's wrapped in `cause`), or null. */
function sqlState(error: unknown): string | null {
  const failure = error as { code?: unknown; cause?: { code?: unknown } };
  const code = failure.code ?? failure.cause?.code;
  return typeof code === 'string' ? code : null;
}

/** Whether a database error is a unique violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

/** Whether a database error is an exclusion-constraint violation (23P01), e.g. overlapping time ranges. */
export function isExclusionViolation(error: unknown): boolean {
  return sqlState(error) === '23P01';
}

/**
 * Runs a write in a savepoint and answers undefined when it breaks a unique constraint, so the request's
 * transaction stays usable and the caller answers its own 409 (a name or identifier that is taken).
 */
export function unlessUniqueViolation<T>(tx: TTx, write: (sp: TTx) => Promise<T>): Promise<T | undefined> {
  return tx.transaction(write).catch((error: unknown) => {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  });
}
