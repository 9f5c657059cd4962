import { z } from 'zod';
import { validationError } from './app-error.js';

const ZCursor = z.object({ at: z.string(), id: z.string() });
export type TCursor = z.infer<typeof ZCursor>;

/** Opaque keyset cursor: the sort key and id of the last item of the previous page. */
export function encodeCursor(cursor: TCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(raw: string | undefined): TCursor | null {
  if (!raw) return null;
  try {
    return ZCursor.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
  } catch {
    throw validationError({ cursor: 'Invalid cursor' });
  }
}
