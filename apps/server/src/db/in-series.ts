/**
 * Maps items one after another, in order. The queries of a transaction share one connection, which runs one
 * query at a time: `Promise.all` over them gains nothing and queues queries on a busy pg client, which pg
 * deprecates (and pg@9 refuses). Use this instead of `Promise.all(items.map(…))` whenever `fn` queries.
 */
export async function mapInSeries<T, R>(
  items: readonly T[],
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (const [index, item] of items.entries()) results.push(await fn(item, index));
  return results;
}
