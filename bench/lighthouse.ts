/**
 * `npm run lighthouse` (issue #16 Tests, issue #17 item 7): Lighthouse scores of the main pages on a phone.
 *
 * Expects `npm run build` done (apps/web/dist and apps/server/build); builds nothing. Seeds the demo data the
 * server seeds on a first start (seedDemoData) into a fresh PGlite DATA_DIR, starts the compiled server on it
 * in production mode (NODE_ENV=production: the real headers, CSP and cookies) on loopback, launches Debian's
 * chromium with a remote debugging port and a fresh profile, and runs Lighthouse (Node API, default mobile
 * settings: formFactor mobile, mobile screen emulation, simulated slow 4G throttling) on each page:
 * /sign-in signed out, then — after signing in through the real form as the demo student — the hub home,
 * the directory, the inbox (with the demo student's conversations: demo-conversations.ts and the advising demo)
 * and a member's profile. Lighthouse keeps cookies between runs (it clears only
 * caches and service workers), so the session cookie of the sign-in holds for the signed-in pages.
 *
 * Writes bench/results/<date>-lighthouse.json (scores, metrics and every failing accessibility and
 * best-practices audit per page) and .md (the table), prints the table and the failing audits, and exits 1
 * when a page scores below --min (default 95) in accessibility or best practices. The server and chromium
 * are stopped at the end, also on failure.
 *
 * Flags: --page <name,…> (only these pages) --min 95 --runs 1 (median of n runs per page)
 *        --reports <dir> (also write each page's full Lighthouse report there: HTML, and the last run's JSON)
 *        --no-write (print only) --chromium /usr/bin/chromium
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { openPgliteDatabase } from '../apps/server/src/db/client.js';
import { DEMO_PASSWORD, seedDemoData } from '../apps/server/src/db/demo-data/demo-data.js';
import { numberArg, parseArgs } from './lib/common.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_BUILD = path.join(ROOT, 'apps/server/build/main.js');
const WEB_DIST = path.join(ROOT, 'apps/web/dist/index.html');

/** The demo hub, the signed-in account (a student of it) and the member whose profile is measured. */
const HUB = 'northfield';
const STUDENT_EMAIL = `student@${HUB}.example.edu`;
const PROFILE_IDENTIFIER = `alumni-${HUB}`;

type TPage = { name: string; path: string; signedIn: boolean };

/** The measured pages; their paths are the web app's (apps/web/src/config/paths.ts, contract webPaths). */
const PAGES: TPage[] = [
  { name: 'sign-in', path: '/sign-in', signedIn: false },
  { name: 'hub-home', path: `/hub/${HUB}/`, signedIn: true },
  { name: 'directory', path: `/hub/${HUB}/person`, signedIn: true },
  { name: 'inbox', path: '/inbox', signedIn: true },
  { name: 'profile', path: `/profile/${PROFILE_IDENTIFIER}/`, signedIn: true },
];

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type TCategory = (typeof CATEGORIES)[number];
/** Categories every page must reach --min in (performance has its own targets, issue #17). */
const GATED: TCategory[] = ['accessibility', 'best-practices'];

const args = parseArgs(process.argv.slice(2));
const opts = {
  pages: (args.get('page') ?? '').split(',').filter(Boolean),
  min: numberArg(args, 'min', 95),
  runs: Math.max(1, numberArg(args, 'runs', 1)),
  reports: args.get('reports') ?? null,
  write: !args.has('no-write'),
  chromium: args.get('chromium') ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
};

type TFailedAudit = { id: string; title: string; score: number | null; items: string[] };
type TPageResult = {
  name: string;
  path: string;
  finalUrl: string;
  scores: Record<TCategory, number | null>;
  /** Milliseconds (LCP, TBT) and the unitless CLS, from the median run by performance. */
  metrics: { lcpMs: number | null; tbtMs: number | null; cls: number | null; fcpMs: number | null };
  /** Audits of the gated categories that did not pass, with the elements they name. */
  failedAudits: Record<string, TFailedAudit[]>;
  runWarnings: string[];
  lighthouseVersion: string;
};

// ---------------------------------------------------------------------------------------------------------
// Processes

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode} before answering`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${what} did not answer ${url} within 120 s`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited;
  }
}

/** Migrates a fresh PGlite data directory and seeds the demo data into it, as a first start would. */
async function seedDataDir(dataDir: string): Promise<void> {
  const database = await openPgliteDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    await seedDemoData(database.db);
  } finally {
    await database.close();
  }
}

function startServer(dataDir: string, port: number): ChildProcess {
  // The embedded database of DATA_DIR, whatever the calling shell points at; no Redis (one process).
  const { DATABASE_URL: _db, DATABASE_APP_URL: _app, REDIS_URL: _redis, ...env } = process.env;
  return spawn(process.execPath, ['--enable-source-maps', SERVER_BUILD], {
    cwd: ROOT,
    env: {
      ...env,
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function startChromium(profileDir: string, debuggingPort: number): ChildProcess {
  return spawn(
    opts.chromium,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-extensions',
      `--user-data-dir=${profileDir}`,
      `--remote-debugging-port=${debuggingPort}`,
      '--remote-debugging-address=127.0.0.1',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'ignore'] },
  );
}

/** Signs in through the real /sign-in form in the browser's default context, so the session cookie stays. */
async function signIn(debuggingPort: number, baseUrl: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('chromium has no default context');
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(`${baseUrl}/sign-in`);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.getByLabel('Email').fill(STUDENT_EMAIL);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`/hub/${HUB}/`));
    await page.close();
  } finally {
    // Connected over CDP: this disconnects and leaves the browser (and its default context) running.
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Lighthouse

type TLhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
type TAuditResult = TLhr['audits'][string];

function numericAudit(lhr: TLhr, id: string): number | null {
  const value = lhr.audits[id]?.numericValue;
  return typeof value === 'number' ? value : null;
}

/** The selectors or snippets an audit's details name (first few), to find the element in the app. */
function auditItems(audit: TAuditResult): string[] {
  const details = audit.details as { type?: string; items?: Array<Record<string, unknown>> } | undefined;
  if (!details?.items) return [];
  return details.items.slice(0, 8).map((item) => {
    const node = item.node as { selector?: string; snippet?: string; explanation?: string } | undefined;
    if (node)
      return `${node.selector ?? ''} ${node.snippet ?? ''}${node.explanation ? ` — ${node.explanation.replace(/\s+/g, ' ')}` : ''}`.trim();
    const text = item.description ?? item.url ?? item.source ?? item.value ?? item.directive;
    if (typeof text === 'string') return text;
    return JSON.stringify(item).slice(0, 300);
  });
}

function failedAudits(lhr: TLhr, category: TCategory): TFailedAudit[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  const failed: TFailedAudit[] = [];
  for (const ref of refs) {
    const audit = lhr.audits[ref.id];
    if (!audit) continue;
    const isScored = audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'numeric';
    if (isScored && audit.score !== null && audit.score < 1 && ref.weight > 0)
      failed.push({ id: audit.id, title: audit.title, score: audit.score, items: auditItems(audit) });
  }
  return failed;
}

async function measure(page: TPage, baseUrl: string, debuggingPort: number): Promise<TPageResult> {
  const runs: TLhr[] = [];
  let html: string | null = null;
  let lhrJson: string | null = null;
  let retries = 0;
  for (let run = 0; run < opts.runs; run++) {
    const result = await lighthouse(
      `${baseUrl}${page.path}`,
      {
        port: debuggingPort,
        output: opts.reports ? 'html' : 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        // Lighthouse's default (mobile) settings, spelled out: a phone-sized screen and a phone's user agent.
        formFactor: 'mobile',
        screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
      },
      undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
    if (result.lhr.runtimeError) {
      // Lighthouse sometimes loses the trace of a load on a busy machine (NO_NAVSTART, NO_FCP): that run again.
      if (retries < 2) {
        retries++;
        run--;
        console.warn(`[lighthouse] ${page.name}: ${result.lhr.runtimeError.code}, measuring that run again`);
        continue;
      }
      throw new Error(`Lighthouse failed on ${page.path}: ${result.lhr.runtimeError.message}`);
    }
    runs.push(result.lhr);
    if (typeof result.report === 'string') html = result.report;
    if (opts.reports) lhrJson = JSON.stringify(result.lhr);
  }
  // The median run by performance score (scores of the other categories hardly vary between runs).
  runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  const lhr = runs[Math.floor(runs.length / 2)] as TLhr;
  if (opts.reports && html !== null) {
    mkdirSync(opts.reports, { recursive: true });
    writeFileSync(path.join(opts.reports, `${page.name}.html`), html);
    if (lhrJson !== null) writeFileSync(path.join(opts.reports, `${page.name}.json`), lhrJson);
  }
  const score = (category: TCategory) => {
    const value = lhr.categories[category]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : null;
  };
  const finalUrl = lhr.finalDisplayedUrl;
  if (page.signedIn && new URL(finalUrl).pathname.includes('sign-in'))
    throw new Error(`${page.path} ended on ${finalUrl}: the session did not hold`);
  return {
    name: page.name,
    path: page.path,
    finalUrl,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as Record<TCategory, number | null>,
    metrics: {
      lcpMs: numericAudit(lhr, 'largest-contentful-paint'),
      tbtMs: numericAudit(lhr, 'total-blocking-time'),
      cls: numericAudit(lhr, 'cumulative-layout-shift'),
      fcpMs: numericAudit(lhr, 'first-contentful-paint'),
    },
    failedAudits: Object.fromEntries(GATED.map((c) => [c, failedAudits(lhr, c)])),
    runWarnings: lhr.runWarnings.map(String),
    lighthouseVersion: lhr.lighthouseVersion,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Output

function table(results: TPageResult[]): string {
  const rows = [
    ['page', 'path', 'perf', 'a11y', 'best practices', 'SEO', 'LCP (ms)', 'TBT (ms)', 'CLS'],
    ...results.map((r) => [
      r.name,
      `\`${r.path}\``,
      String(r.scores.performance ?? '–'),
      String(r.scores.accessibility ?? '–'),
      String(r.scores['best-practices'] ?? '–'),
      String(r.scores.seo ?? '–'),
      r.metrics.lcpMs === null ? '–' : String(Math.round(r.metrics.lcpMs)),
      r.metrics.tbtMs === null ? '–' : String(Math.round(r.metrics.tbtMs)),
      r.metrics.cls === null ? '–' : r.metrics.cls.toFixed(3),
    ]),
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length))) ?? [];
  const numeric = (i: number) => i >= 2;
  const line = (row: string[]) =>
    `| ${row.map((cell, i) => (numeric(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (numeric(i) ? `${'-'.repeat(Math.max(w - 1, 1))}:` : '-'.repeat(w))).join(' | ')} |`;
  return [line(rows[0] ?? []), rule, ...rows.slice(1).map(line)].join('\n');
}

function failuresText(results: TPageResult[]): string {
  const lines: string[] = [];
  for (const r of results) {
    for (const [category, audits] of Object.entries(r.failedAudits)) {
      for (const audit of audits) {
        lines.push(`- ${r.name} · ${category} · ${audit.id}: ${audit.title}`);
        for (const item of audit.items) lines.push(`  - ${item.replace(/\n/g, ' ')}`);
      }
    }
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  for (const file of [SERVER_BUILD, WEB_DIST]) {
    if (!existsSync(file))
      throw new Error(`${path.relative(ROOT, file)} is missing: run \`npm run build\` first`);
  }
  const pages = PAGES.filter((p) => opts.pages.length === 0 || opts.pages.includes(p.name));
  if (pages.length === 0) throw new Error(`no page named ${opts.pages.join(', ')}`);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'commons-lighthouse-data-'));
  const profileDir = mkdtempSync(path.join(tmpdir(), 'commons-lighthouse-chromium-'));
  let server: ChildProcess | null = null;
  let browser: ChildProcess | null = null;
  try {
    console.info('[lighthouse] seeding the demo data into a fresh PGlite data directory…');
    await seedDataDir(dataDir);
    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    server = startServer(dataDir, port);
    await waitFor(`${baseUrl}/api/health`, server, 'the server');
    const debuggingPort = await freePort();
    browser = startChromium(profileDir, debuggingPort);
    await waitFor(`http://127.0.0.1:${debuggingPort}/json/version`, browser, 'chromium');
    console.info(`[lighthouse] server at ${baseUrl}, chromium debugging port ${debuggingPort}`);

    const results: TPageResult[] = [];
    let isSignedIn = false;
    // Signed-out pages first: the sign-in below leaves the session cookie in the profile.
    for (const page of [...pages].sort((a, b) => Number(a.signedIn) - Number(b.signedIn))) {
      if (page.signedIn && !isSignedIn) {
        await signIn(debuggingPort, baseUrl);
        isSignedIn = true;
      }
      console.info(`[lighthouse] ${page.name} (${page.path})…`);
      results.push(await measure(page, baseUrl, debuggingPort));
    }
    results.sort(
      (a, b) => pages.findIndex((p) => p.name === a.name) - pages.findIndex((p) => p.name === b.name),
    );

    const date = new Date().toISOString();
    const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).stdout.trim();
    const dirty = spawnSync('git', ['status', '--porcelain', '--', 'apps', 'packages'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).stdout.trim();
    const chromiumVersion = spawnSync(opts.chromium, ['--version'], { encoding: 'utf8' }).stdout.trim();
    const cpu = cpus();
    const lighthouseVersion = results[0]?.lighthouseVersion ?? '?';
    const header =
      `${date} · commit ${commit}${dirty ? ' (with uncommitted changes)' : ''} · ${cpu.length} × ${cpu[0]?.model ?? 'cpu'} · ` +
      `${chromiumVersion} · Lighthouse ${lighthouseVersion} · mobile (412×823, simulated slow 4G, 4× CPU slowdown)` +
      (opts.runs > 1 ? ` · median of ${opts.runs} runs` : '');
    const failing = results.filter((r) => GATED.some((c) => (r.scores[c] ?? 0) < opts.min));
    const markdown = [
      '# Lighthouse (mobile)',
      '',
      header,
      '',
      table(results),
      '',
      `Target: accessibility and best practices ≥ ${opts.min} on every page — ${failing.length === 0 ? 'PASS' : `MISS (${failing.map((r) => r.name).join(', ')})`}.`,
      '',
      ...(failuresText(results)
        ? ['Failing accessibility and best-practices audits:', '', failuresText(results), '']
        : []),
    ].join('\n');
    console.info(`\n${markdown}`);
    for (const r of results) {
      for (const warning of r.runWarnings) console.warn(`[lighthouse] ${r.name}: ${warning}`);
    }

    if (opts.write) {
      const outDir = path.join(ROOT, 'bench/results');
      mkdirSync(outDir, { recursive: true });
      const stamp = date.slice(0, 16).replace(/:/g, '');
      const json = {
        date,
        commit,
        uncommittedChanges: dirty !== '',
        cpuCount: cpu.length,
        cpuModel: cpu[0]?.model ?? null,
        chromium: chromiumVersion,
        lighthouse: lighthouseVersion,
        options: opts,
        pages: results,
      };
      writeFileSync(path.join(outDir, `${stamp}-lighthouse.json`), `${JSON.stringify(json, null, 2)}\n`);
      writeFileSync(path.join(outDir, `${stamp}-lighthouse.md`), markdown);
      console.info(`[lighthouse] wrote bench/results/${stamp}-lighthouse.{json,md}`);
    }
    return failing.length === 0 ? 0 : 1;
  } finally {
    if (browser) await stopProcess(browser);
    if (server) await stopProcess(server);
    rmSync(profileDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
