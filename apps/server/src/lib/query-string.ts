import { parse } from 'node:querystring';

/**
 * spec 7: array query parameters arrive as `key[]`; they are exposed as `key` and always as an array,
 * so a single value and several values validate with the same schema.
 */
export function parseQueryString(raw: string): Record<string, string | string[]> {
  const parsed = parse(raw);
  const result: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (value === undefined) continue;
    if (key.endsWith('[]')) {
      const name = key.slice(0, -2);
      const existing = result[name];
      const values = Array.isArray(value) ? value : [value];
      result[name] = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), ...values];
    } else {
      result[key] = value;
    }
  }
  return result;
}
