import type { ComponentType } from 'react';

/**
 * A route's lazy loader of one page component of a module: the page's code is fetched the first time
 * its route matches (React Router `lazy`), so the initial bundle stays small.
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): () => Promise<{ Component: M[K] }> {
  return () => load().then((module) => ({ Component: module[name] }));
}
