import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, INVALID_CURSOR_MESSAGE, type TCursorKey } from './cursor.js';

const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const id = randomUUID();

describe('keyset cursors (issue #13 item 14)', () => {
  it.each<[TCursorKey, string]>([
    ['instant', '2026-06-01T12:00:00.000Z'],
    ['text', 'lovelace ada'],
    ['number', '0.4375'],
    ['score-instant', '3|2026-06-01T12:00:00.000Z'],
  ])('round-trips a %s cursor', (key, at) => {
    expect(decodeCursor(encodeCursor({ at, id }), key)).toEqual({ at, id });
  });

  it('answers nothing for the first page', () => {
    expect(decodeCursor(undefined)).toBeNull();
    expect(decodeCursor('')).toBeNull();
  });

  it.each<[TCursorKey, unknown]>([
    ['instant', { at: '2026-06-01T12:00:00.000Z', id: 'not-a-uuid' }],
    ['instant', { at: 'not-a-date', id }],
    ['instant', { at: '+275760-09-13T00:00:00.001Z', id }],
    ['instant', { at: '3|2026-06-01T12:00:00.000Z', id }],
    ['text', { at: 'a\u0000b', id }],
    ['text', { at: 7, id }],
    ['number', { at: 'NaN', id }],
    ['number', { at: '1e999', id }],
    ['number', { at: '', id }],
    ['score-instant', { at: '2026-06-01T12:00:00.000Z', id }],
    ['score-instant', { at: 'x|2026-06-01T12:00:00.000Z', id }],
    ['score-instant', { at: '3|2026-06-01T12:00:00.000Z|4', id }],
    ['instant', null],
    ['instant', []],
  ])('refuses a %s cursor %j with 400 on the cursor field', (key, value) => {
    expect(() => decodeCursor(raw(value), key)).toThrowError(
      expect.objectContaining({ statusCode: 400, fields: { cursor: INVALID_CURSOR_MESSAGE } }),
    );
  });

  it('refuses bytes that are not JSON', () => {
    expect(() => decodeCursor('not base64!')).toThrowError(
      expect.objectContaining({ statusCode: 400, fields: { cursor: INVALID_CURSOR_MESSAGE } }),
    );
  });
});
