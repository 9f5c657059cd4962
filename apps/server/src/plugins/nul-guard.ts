import type { FastifyInstance } from 'fastify';
import { validationError } from '../lib/app-error.js';

/** User message of a field holding a NUL character. */
export const NUL_CHARACTER_MESSAGE = 'This field contains a character that is not allowed.';

/** The dotted path of the first string (or object key) holding U+0000 inside `value`, '' for the value itself, or null. */
export function findNulCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path === '' ? key : `${path}.${key}`;
    if (key.includes('\u0000')) return childPath;
    const found = findNulCharacter(child, childPath);
    if (found !== null) return found;
  }
  return null;
}

/**
 * PostgreSQL cannot store U+0000 in text, so a NUL byte anywhere in the path parameters, the query string
 * or a JSON body is a 400 on that field before validation, for every route (issue #13), instead of a
 * failed query.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const parts: Array<[string, unknown]> = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ];
    for (const [part, value] of parts) {
      const path = findNulCharacter(value);
      if (path !== null) throw validationError({ [path === '' ? part : path]: NUL_CHARACTER_MESSAGE });
    }
  });
}
