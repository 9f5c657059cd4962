/**
 * One server process against several (issue #17 item 6): `npx tsx bench/processes.ts [flags]`.
 *
 * Starts the compiled server (apps/server/build/main.js, built first) as 1 and as 2 processes on the
 * PostgreSQL benchmark dataset (`DATABASE_URL`, default `commons_bench`; run `bench:data` first), the way the
 * production guide runs them: one port each, started one after another, sharing Redis (`REDIS_URL`, default
 * redis://127.0.0.1:6379) when there are several. The load generator plays the reverse proxy and spreads the
 * requests over the ports in turn. Per scenario and process count: the maximum throughput of `--requests`
 * requests on `--connections` keep-alive connections, then `--seconds` at a fixed `--rate` (latency counted
 * from each request's scheduled start, so a stalled server cannot hide its queue). The configurations alternate
 * for `--rounds` rounds so that load from elsewhere on the machine spreads over both.
 *
 * Flags: --processes 1,2 --scenario auth-me,hub-home --requests 3000 --connections 10 --rate 200 --seconds 10
 * --rounds 2. Results: bench/results/<date>-processes.md and .json.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { HOT_PATHS, type THotPathContext } from '../apps/server/test/explain/hot-paths.js';
import { BENCH_HOST, BENCH_PASSWORD, DEFAULT_BENCH_URL, numberArg, parseArgs } from './lib/common.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = parseArgs(process.argv.slice(2));
const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_BENCH_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const processCounts = (args.get('processes') ?? '1,2').split(',').map(Number);
const scenarios = (args.get('scenario') ?? 'auth-me,hub-home').split(',');
const requests = numberArg(args, 'requests', 3000);
const connections = numberArg(args, 'connections', 10);
const rate = numberArg(args, 'rate', 200);
const seconds = numberArg(args, 'seconds', 10);
const rounds = numberArg(args, 'rounds', 2);
const jwtSecret = randomBytes(32).toString('hex');
const dataDir = mkdtempSync(path.join(tmpdir(), 'commons-processes-'));

type TResult = {
  round: number;
  processes: number;
  scenario: string;
  maxRequestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  load: number;
};

const percentile = (sorted: number[], q: number) =>
  Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1));
const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

async function waitReady(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server on ${port} not ready`);
}

/** Starts `count` production processes one after another (each migrates, then the next). */
async function startServers(count: number): Promise<{ ports: number[]; stop: () => Promise<void> }> {
  const base = 30_000 + Math.floor(Math.random() * 10_000) * 2;
  const ports = Array.from({ length: count }, (_, i) => base + i);
  const children: ChildProcess[] = [];
  for (const port of ports) {
    const child = spawn(process.execPath, ['apps/server/build/main.js'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        JWT_SECRET: jwtSecret,
        LOG_LEVEL: 'info',
        SEED_DEMO_DATA: 'never',
        DATA_DIR: dataDir,
        PUBLIC_URL: 'http://localhost',
        TRUST_PROXY: 'loopback',
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        METRICS_PORT: String(port + 10_000),
        ...(count > 1 ? { REDIS_URL: redisUrl } : {}),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    await waitReady(port, child);
  }
  return {
    ports,
    stop: async () => {
      for (const child of children) child.kill('SIGTERM');
      await Promise.all(
        children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r)))),
      );
    },
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function send(port: number, request: { method: string; url: string; headers: Record<string, string> }) {
  return new Promise<number>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: BENCH_HOST },
        agent,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function signIn(port: number, email: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginMethod: 'email', email, password: BENCH_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

async function measure(ports: number[], scenario: string, ctx: THotPathContext) {
  const path = HOT_PATHS.find((p) => p.name === scenario);
  if (!path) throw new Error(`unknown scenario ${scenario}`);
  let turn = 0;
  const one = async () => {
    const started = performance.now();
    const status = await send(ports[turn++ % ports.length] ?? 0, path.request(ctx, turn));
    if (status >= 300) throw new Error(`${scenario} answered ${status}`);
    return performance.now() - started;
  };
  const closedLoop = async (count: number) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next++ < count) await one();
      }),
    );
  };
  await closedLoop(Math.min(600, requests)); // warm-up
  const t0 = performance.now();
  await closedLoop(requests);
  const maxRequestsPerSecond = Math.round((requests / (performance.now() - t0)) * 1000);
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      one().then(() => {
        latencies.push(performance.now() - due);
      }),
    );
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  return {
    maxRequestsPerSecond,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
  };
}

async function main(): Promise<void> {
  const build = spawnSync(process.execPath, ['apps/server/scripts/build.mjs'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('server build failed');
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query<{ email: string; identifier: string }>(
    `SELECT u.email, h.identifier FROM users u JOIN hub_memberships m ON m.user_id = u.id JOIN hubs h ON h.id = m.hub_id
      WHERE u.email = 'user0@bench.example' LIMIT 1`,
  );
  await db.end();
  const sample = rows[0];
  if (!sample) throw new Error(`No dataset in ${databaseUrl}: run npm run bench:data first.`);

  const results: TResult[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const processes of processCounts) {
      const servers = await startServers(processes);
      try {
        const token = await signIn(servers.ports[0] ?? 0, sample.email);
        const ctx: THotPathContext = {
          token,
          // user0's own token: the home scenario then shows whichever archetype user0 has.
          studentToken: token,
          hubIdentifier: sample.identifier,
          email: sample.email,
          password: BENCH_PASSWORD,
          threadId: '',
          groupIdentifier: '',
          userTypeId: '',
          industry: '',
          typoQuery: '',
          jobQuery: '',
          adviserId: '',
          appointmentTypeId: '',
        };
        for (const scenario of scenarios) {
          const result = { round, processes, scenario, ...(await measure(servers.ports, scenario, ctx)) };
          results.push({ ...result, load: loadAverage() });
          console.info(JSON.stringify(results.at(-1)));
        }
      } finally {
        await servers.stop();
      }
    }
  }

  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: ROOT,
    encoding: 'utf8',
  }).stdout.trim();
  const date = new Date().toISOString();
  const lines = [
    `# One process against ${processCounts.join(' / ')} (issue #17 item 6)`,
    '',
    `${date} · commit ${commit} · ${cpus().length} × ${cpus()[0]?.model ?? '?'} · ${requests} requests on ${connections} connections for throughput, ${seconds} s at ${rate} req/s for latency · ${rounds} rounds`,
    '',
    '| round | processes | scenario | max req/s | p50 @rate | p95 @rate | p99 @rate | load average |',
    '|---:|---:|---|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.round} | ${r.processes} | ${r.scenario} | ${r.maxRequestsPerSecond} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.load} |`,
    ),
    '',
  ];
  const file = path.join(ROOT, 'bench/results', `${date.slice(0, 16).replace(/:/g, '')}-processes`);
  writeFileSync(`${file}.md`, lines.join('\n'));
  writeFileSync(
    `${file}.json`,
    JSON.stringify(
      { date, commit, options: { requests, connections, rate, seconds, rounds }, results },
      null,
      1,
    ),
  );
  console.info(lines.join('\n'));
  agent.destroy();
}

await main();
