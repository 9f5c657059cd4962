import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  /** Connection of the server's non-owner role; derived from DATABASE_URL with user commons_app when unset. */
  DATABASE_APP_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Commons <no-reply@localhost>'),
  PUBLIC_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  SEED_DEMO_DATA: z.enum(['auto', 'never']).default('auto'),
});

export type TConfig = {
  env: 'development' | 'test' | 'production';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  databaseAppUrl: string | null;
  redisUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  jwtSecret: Uint8Array;
  logLevel: string;
  webDistDir: string;
  shouldSeedDemoData: boolean;
};

/** The server's role name; migrations create it and every request runs as it (RLS applies). */
export const APP_DB_ROLE = 'commons_app';

/** Parses the environment once; nothing else in the server reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  if (isProduction && !e.JWT_SECRET) throw new Error('Invalid configuration:\n  JWT_SECRET: required in production');
  const jwtSecret = e.JWT_SECRET ?? readOrCreateSecret(dataDir);
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    databaseAppUrl: e.DATABASE_APP_URL ?? (e.DATABASE_URL ? withUser(e.DATABASE_URL, APP_DB_ROLE) : null),
    redisUrl: e.REDIS_URL ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: new TextEncoder().encode(jwtSecret),
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    shouldSeedDemoData: !isProduction && e.SEED_DEMO_DATA === 'auto',
  };
}

/** Outside production a secret is generated once and kept in DATA_DIR, so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function withUser(url: string, user: string): string {
  const u = new URL(url);
  u.username = user;
  u.password = '';
  return u.toString();
}
