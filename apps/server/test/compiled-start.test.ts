import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { HEALTH_PATHS } from '@commons/contract';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freePort,
  httpCall,
  startServerProcess,
  stopServerProcess,
  type TServerProcess,
} from './server-process.js';
import { TEST_DB } from './test-app.js';

const BUILD_SCRIPT = path.resolve(import.meta.dirname, '../scripts/build.mjs');

// `npm start` runs the compiled bundle (issue #17 item 5, docs/adr/0006); once is enough, on the embedded database.
describe.runIf(TEST_DB === 'pglite')('compiled production start', () => {
  // Inside the server package, so the bundle finds node_modules as build/ does.
  const dir = mkdtempSync(path.join(import.meta.dirname, '../build-test-'));
  let server: TServerProcess | undefined;
  afterAll(async () => {
    if (server) await stopServerProcess(server);
    rmSync(dir, { recursive: true, force: true });
  });

  it('builds one bundle that migrates an empty database, answers ready, and stops cleanly on SIGTERM', async () => {
    const outDir = path.join(dir, 'build');
    const build = spawnSync(process.execPath, [BUILD_SCRIPT, outDir], { encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);

    const port = await freePort();
    server = await startServerProcess({
      main: path.join(outDir, 'main.js'),
      port,
      host: '127.0.0.1',
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATA_DIR: path.join(dir, 'data'),
        JWT_SECRET: randomBytes(32).toString('hex'),
        SEED_DEMO_DATA: 'never',
        WEB_DIST_DIR: '/nonexistent',
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
    });
    const ready = await httpCall({ port, host: '127.0.0.1', method: 'GET', path: HEALTH_PATHS.ready });
    expect(ready.status).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', database: 'ok', migrations: 'applied' });
    // No tsx loader in a compiled process, and no deprecation warning in what an operator reads at start.
    expect(server.output.join('')).not.toMatch(/tsx/);
    expect(server.output.join('')).not.toMatch(/Deprecation/);

    await stopServerProcess(server);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    // One log line per request, written when it is answered (docs/deploy.md Logs).
    const lines = server.output
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string; remoteAddress?: string } });
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
    const readyLines = lines.filter((line) => line.req?.url === HEALTH_PATHS.ready);
    expect(readyLines).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        reqId: expect.any(String),
        req: expect.objectContaining({ method: 'GET', remoteAddress: '127.0.0.1' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });
});
