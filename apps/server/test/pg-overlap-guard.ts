import pg from 'pg';
import { afterEach, expect } from 'vitest';

/**
 * Fails a test when a query is sent on a pg client while another query on that client is still running
 * (issue #14 item 4). pg queues such a query and, from the third on, prints "Calling client.query() when the
 * client is already executing a query is deprecated"; pg@9 will refuse it. Drizzle runs a transaction on one
 * client, so `Promise.all` over `ctx.tx` is the usual cause. This wraps the real method and only counts;
 * every query still runs on the real database.
 */
const inFlight = new WeakMap<pg.Client, number>();
const overlaps: string[] = [];
const originalQuery = pg.Client.prototype.query;

function guardedQuery(this: pg.Client, ...args: unknown[]): unknown {
  const first = args[0] as { submit?: unknown } | undefined;
  // Submittables (cursors, COPY streams) report their end through events; the server sends none.
  if (typeof first?.submit === 'function') return Reflect.apply(originalQuery, this, args);
  const running = inFlight.get(this) ?? 0;
  if (running > 0) {
    const text =
      typeof first === 'string' ? first : String((first as { text?: unknown } | undefined)?.text ?? '');
    const previousLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 40; // deep enough to reach the route or job that sent the query
    overlaps.push(`${text.slice(0, 120)}\n${new Error('overlapping query').stack ?? ''}`);
    Error.stackTraceLimit = previousLimit;
  }
  inFlight.set(this, running + 1);
  const finish = () => inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
  const last = args.at(-1);
  if (typeof last === 'function') {
    args[args.length - 1] = (...results: unknown[]) => {
      finish();
      return Reflect.apply(last, undefined, results);
    };
    return Reflect.apply(originalQuery, this, args);
  }
  const result: unknown = Reflect.apply(originalQuery, this, args);
  if (result instanceof Promise) result.then(finish, finish);
  else finish();
  return result;
}

pg.Client.prototype.query = guardedQuery as typeof originalQuery;

afterEach(() => {
  expect(overlaps.splice(0), 'queries sent while another query ran on the same pg client').toEqual([]);
});
