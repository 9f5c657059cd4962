/** Shared helpers of the benchmarks (issue #8): arguments, database URLs, a seeded random source. */
import pg from 'pg';

/** `--name value` and `--flag` arguments; numbers stay strings until the caller parses them. */
export function parseArgs(argv: string[]): Map<string, string> {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) continue;
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const next = argv[i + 1];
    if (inline !== undefined) args.set(name, inline);
    else if (next !== undefined && !next.startsWith('--')) {
      args.set(name, next);
      i++;
    } else args.set(name, 'true');
  }
  return args;
}

/** A numeric argument with its default. */
export function numberArg(args: Map<string, string>, name: string, fallback: number): number {
  const raw = args.get(name);
  if (raw === undefined) return fallback;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isFinite(value)) throw new Error(`--${name} must be a number, got ${raw}`);
  return value;
}

/** The bench database: DATABASE_URL, else a `commons_bench` database on the local PostgreSQL. */
export const DEFAULT_BENCH_URL = 'postgres://postgres@127.0.0.1:5432/commons_bench';

/** The same URL with another database name (to reach the maintenance database `postgres`). */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Drops and creates the database named in `url` (through the server's `postgres` database). */
export async function recreateDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`refusing to recreate database ${name}`);
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}

/** mulberry32: a small, fast, seeded generator, so a dataset is reproducible from its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every generated account signs in with this password (the benchmarks sign in as them). */
export const BENCH_PASSWORD = 'Bench-password-1';
/** Host name of the generated cluster (it is also the default cluster, so localhost resolves to it). */
export const BENCH_HOST = 'bench.commons.test';
/** Email of generated user number `i` (0-based). */
export const benchEmail = (i: number): string => `user${i}@bench.example`;
