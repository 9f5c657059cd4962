import { z } from 'zod';
import { validationError } from './app-error.js';

export type TCursor = { at: string; id: string };

/**
 * What a list sorts by, and so what a cursor's `at` must hold: an instant (ISO 8601, as toISOString
 * writes it), a text (a sort name), a number (a search rank), or a score and an instant joined by '|'.
 */
export type TCursorKey = 'instant' | 'text' | 'number' | 'score-instant';

const ZInstant = z.iso.datetime();
const ZFiniteNumber = z.string().refine((value) => value.trim() !== '' && Number.isFinite(Number(value)));
const ZScoreInstant = z.string().refine((value) => {
  const [score = '', at = '', ...rest] = value.split('|');
  return rest.length === 0 && ZFiniteNumber.safeParse(score).success && ZInstant.safeParse(at).success;
});
// PostgreSQL refuses NUL in text.
const ZSortText = z
  .string()
  .max(500)
  .refine((value) => !value.includes('\u0000'));

const KEY_SCHEMAS: Record<TCursorKey, z.ZodType<string>> = {
  instant: ZInstant,
  text: ZSortText,
  number: ZFiniteNumber,
  'score-instant': ZScoreInstant,
};

/** The user message of a cursor that no list of this server wrote. */
export const INVALID_CURSOR_MESSAGE = 'This list position is no longer valid. Please reload the list.';

/** Opaque keyset cursor: the sort key and id of the last item of the previous page. */
export function encodeCursor(cursor: TCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/**
 * The cursor of a list request, or null on the first page. Anything this server did not write (not base64
 * JSON, an id that is not a uuid, a sort key of the wrong kind) is a 400 on the `cursor` field, never a
 * query that fails in the database (issue #13).
 */
export function decodeCursor(raw: string | undefined, key: TCursorKey = 'instant'): TCursor | null {
  if (!raw) return null;
  const schema = z.object({ at: KEY_SCHEMAS[key], id: z.guid() });
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw validationError({ cursor: INVALID_CURSOR_MESSAGE });
  }
  const parsed = schema.safeParse(decoded);
  if (!parsed.success) throw validationError({ cursor: INVALID_CURSOR_MESSAGE });
  return { at: parsed.data.at, id: parsed.data.id };
}
