import { type ChildProcess, spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { HEALTH_PATH } from '@commons/contract';

/** The server's process entry as TypeScript, run with tsx like `npm run dev` does. */
export const SERVER_MAIN = path.resolve(import.meta.dirname, '../src/main.ts');
const START_TIMEOUT_MS = 90_000;

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** One HTTP call with an explicit Host header (the cluster is resolved from it). */
export function httpCall(options: {
  port: number;
  host: string;
  method: string;
  path: string;
  token?: string;
  hubId?: string;
  body?: object;
}) {
  return new Promise<{ status: number; text: string; json: <T>() => T }>((resolve, reject) => {
    const payload = options.body ? JSON.stringify(options.body) : undefined;
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: options.port,
        method: options.method,
        path: options.path,
        headers: {
          host: options.host,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.hubId ? { 'x-hub-id': options.hubId } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, text, json: <T>() => JSON.parse(text) as T });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export type TServerProcess = {
  child: ChildProcess;
  port: number;
  /** Everything the process printed, for failure messages and log assertions. */
  output: string[];
  /** Resolves with the exit code (null when a signal ended it) once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/**
 * Starts the server in a child process on `port` (`src/main.ts` with tsx, or a compiled `main` such as
 * build/main.js) and resolves once GET /api/health answers 200 (through `host`, a cluster's host name).
 * Rejects with the process output when it exits or never answers.
 */
export async function startServerProcess(options: {
  env: NodeJS.ProcessEnv;
  port: number;
  host: string;
  main?: string;
}): Promise<TServerProcess> {
  const output: string[] = [];
  const main = options.main ?? SERVER_MAIN;
  const nodeArgs = main.endsWith('.ts') ? ['--import', 'tsx', main] : ['--enable-source-maps', main];
  const child = spawn(process.execPath, nodeArgs, {
    env: { ...options.env, PORT: String(options.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => output.push(String(c)));
  child.stderr?.on('data', (c: Buffer) => output.push(String(c)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    const health = await httpCall({
      port: options.port,
      host: options.host,
      method: 'GET',
      path: HEALTH_PATH,
    }).catch(() => null);
    if (health?.status === 200) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, port: options.port, output, exited };
}

/** Stops a server process with SIGTERM (SIGKILL after 10 s) and waits for it to exit. */
export async function stopServerProcess(server: TServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  server.child.kill('SIGTERM');
  await server.exited;
  clearTimeout(timer);
}
