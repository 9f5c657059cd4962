type TScalar = string | number | boolean;

/** A query parameter value: arrays are sent as key[]=…, objects as JSON (spec 7). */
export type TQueryValue = TScalar | null | undefined | readonly TScalar[] | Record<string, unknown>;

/** Query parameters of one API call. */
export type TQuery = Readonly<Record<string, TQueryValue>>;

/** Serialises query parameters onto a path: arrays as key[]=v per item, objects as JSON (spec 7). */
export function buildUrl(path: string, query?: TQuery): string {
  if (query === undefined) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly TScalar[]) params.append(`${key}[]`, String(item));
    } else if (typeof value === 'object') {
      params.append(key, JSON.stringify(value));
    } else {
      params.append(key, String(value));
    }
  }
  const search = params.toString();
  if (search === '') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

/** A route pattern of the contract with its `:params` filled in, each value URL-encoded. */
export function fillPath(path: string, params: { readonly [key: string]: unknown }): string {
  return path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key] ?? '')));
}
