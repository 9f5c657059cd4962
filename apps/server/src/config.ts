import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ZIceServers, type TIceServer } from '@commons/contract';
import { DATA_REGIONS, type TDataRegion } from '@commons/domain';
import ipaddr from 'ipaddr.js';
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
  /** Reply by email (issue #5 item 4): the port of the small inbound SMTP receiver; unset, none is started. */
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().default('0.0.0.0'),
  /** Domain of the reply addresses (reply+{token}@domain); the host of PUBLIC_URL when unset. */
  INBOUND_EMAIL_DOMAIN: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, 'INBOUND_EMAIL_DOMAIN must be a domain name')
    .optional(),
  PUBLIC_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  SEED_DEMO_DATA: z.enum(['auto', 'never']).default('auto'),
  /** S3-compatible storage of uploads (issue #4 item 4): a data region with a bucket stores its files there. */
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._/-]*$/, 'S3_KEY_PREFIX may hold letters, digits, . _ - and /')
    .default(''),
  // Per data region overrides (data residency: each region's files in a bucket of that region).
  S3_BUCKET_AU: z.string().min(3).optional(),
  S3_BUCKET_EU: z.string().min(3).optional(),
  S3_BUCKET_CA: z.string().min(3).optional(),
  S3_BUCKET_US: z.string().min(3).optional(),
  S3_REGION_AU: z.string().min(1).optional(),
  S3_REGION_EU: z.string().min(1).optional(),
  S3_REGION_CA: z.string().min(1).optional(),
  S3_REGION_US: z.string().min(1).optional(),
  S3_ENDPOINT_AU: z.string().url().optional(),
  S3_ENDPOINT_EU: z.string().url().optional(),
  S3_ENDPOINT_CA: z.string().url().optional(),
  S3_ENDPOINT_US: z.string().url().optional(),
  /** WebRTC ICE servers of the video room: a JSON array of RTCIceServer, or comma-separated stun:/turn: URLs. */
  ICE_SERVERS: z.string().optional(),
  /** Reverse proxies whose X-Forwarded-* headers are believed: unset (none), a hop count, or IPs and CIDRs. */
  TRUST_PROXY: z.string().optional(),
  /** Operations (issue #14): the pool size per process, /metrics access, and how long SIGTERM waits for requests. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  METRICS_TOKEN: z.string().min(32, 'METRICS_TOKEN must be at least 32 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
  /**
   * Testing only (issue #23 item 3): comma-separated origins (http://127.0.0.1:4717) that webhook deliveries may
   * reach although private, for a local receiver. Unset by default; refused in production.
   */
  WEBHOOK_TEST_ALLOWED_ORIGINS: z.string().optional(),
  /**
   * Testing only (issue #24): comma-separated origins (http://127.0.0.1:4718) of a local OpenID provider that
   * discovery and code exchange may reach although private (and over http). Unset by default; refused in production.
   */
  SSO_TEST_ALLOWED_ORIGINS: z.string().optional(),
  /**
   * Hub domain verification (issue #23 item 2): comma-separated DNS servers (`1.1.1.1`, `127.0.0.1:5353`) the TXT
   * lookups ask; unset: the system's resolvers.
   */
  DNS_SERVERS: z.string().optional(),
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
  /** The inbound SMTP receiver of reply by email; null when INBOUND_SMTP_PORT is unset. */
  inboundSmtp: { port: number; host: string; domain: string } | null;
  publicUrl: string;
  jwtSecret: Uint8Array;
  logLevel: string;
  webDistDir: string;
  shouldSeedDemoData: boolean;
  /** S3 location of each data region that stores its files in S3; the others use DATA_DIR. */
  s3: Partial<Record<TDataRegion, TS3Location>>;
  /** ICE servers handed to browsers for the thread video room (ICE_SERVERS; empty: direct connections only). */
  iceServers: TIceServer[];
  /** Fastify's trustProxy: false (default), a hop count, or the proxies' addresses and CIDR ranges. */
  trustProxy: false | number | string[];
  /** Most PostgreSQL connections of one process (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** /metrics: with a token on the app's port, on its own listener with a port; neither: not served. */
  metrics: { token: string | null; port: number | null; host: string };
  /** How long SIGTERM waits for in-flight requests before closing their connections. */
  shutdownTimeoutMs: number;
  /** Origins the webhook guard lets through although private: tests only (WEBHOOK_TEST_ALLOWED_ORIGINS). */
  webhookTestAllowedOrigins: ReadonlySet<string>;
  /** Origins of identity providers let through although private or http: tests only (SSO_TEST_ALLOWED_ORIGINS). */
  ssoTestAllowedOrigins: ReadonlySet<string>;
  /** DNS servers of the hub domain TXT lookups (DNS_SERVERS; empty: the system's). */
  dnsServers: string[];
};

/** One S3 bucket (AWS or any S3-compatible store) holding the files of a data region. */
export type TS3Location = {
  bucket: string;
  region: string;
  endpoint: string | null;
  forcePathStyle: boolean;
  /** Both or neither: without them the AWS SDK's default credential chain applies (instance roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  keyPrefix: string;
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
  if (isProduction && !e.JWT_SECRET)
    throw new Error('Invalid configuration:\n  JWT_SECRET: required in production');
  const jwtSecret = e.JWT_SECRET ?? readOrCreateSecret(dataDir);
  if (isProduction && e.WEBHOOK_TEST_ALLOWED_ORIGINS)
    throw new Error(
      'Invalid configuration:\n  WEBHOOK_TEST_ALLOWED_ORIGINS: for tests only, not in production',
    );
  if (isProduction && e.SSO_TEST_ALLOWED_ORIGINS)
    throw new Error('Invalid configuration:\n  SSO_TEST_ALLOWED_ORIGINS: for tests only, not in production');
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
    inboundSmtp:
      e.INBOUND_SMTP_PORT === undefined
        ? null
        : {
            port: e.INBOUND_SMTP_PORT,
            host: e.INBOUND_SMTP_HOST,
            domain: e.INBOUND_EMAIL_DOMAIN ?? new URL(e.PUBLIC_URL ?? 'http://localhost').hostname,
          },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: new TextEncoder().encode(jwtSecret),
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    shouldSeedDemoData: !isProduction && e.SEED_DEMO_DATA === 'auto',
    s3: s3Locations(e),
    iceServers: parseIceServers(e.ICE_SERVERS),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    databasePoolSize: e.DATABASE_POOL_SIZE,
    metrics: { token: e.METRICS_TOKEN ?? null, port: e.METRICS_PORT ?? null, host: e.METRICS_HOST },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    webhookTestAllowedOrigins: originsOf(e.WEBHOOK_TEST_ALLOWED_ORIGINS),
    ssoTestAllowedOrigins: originsOf(e.SSO_TEST_ALLOWED_ORIGINS),
    dnsServers: (e.DNS_SERVERS ?? '')
      .split(',')
      .map((server) => server.trim())
      .filter((server) => server !== ''),
  };
}

/** Names proxy-addr understands for whole address families of proxies. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: which peers may set X-Forwarded-For/-Host/-Proto (issue #13 item 3). Unset or 'false' trusts
 * none, so a client can neither pick its IP (rate limits, audit log) nor the host of generated URLs; a
 * number trusts that many hops; otherwise a comma-separated list of IPs, CIDR ranges or loopback,
 * linklocal, uniquelocal. 'true' (every peer) is refused: it would let any client forge its address.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 10)
      throw new Error('Invalid configuration:\n  TRUST_PROXY: a hop count is between 1 and 10');
    return hops;
  }
  if (text === 'true') {
    throw new Error(
      'Invalid configuration:\n  TRUST_PROXY: name the proxies (IPs or CIDR ranges) or a hop count; true would trust every client',
    );
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const invalid = entries.filter(
    (entry) => !PROXY_RANGE_NAMES.has(entry) && !ipaddr.isValid(entry) && !isValidCidr(entry),
  );
  if (invalid.length > 0)
    throw new Error(
      `Invalid configuration:\n  TRUST_PROXY: not an IP, CIDR range or range name: ${invalid.join(', ')}`,
    );
  return entries;
}

function isValidCidr(text: string): boolean {
  try {
    ipaddr.parseCIDR(text);
    return true;
  } catch {
    return false;
  }
}

/** ICE_SERVERS as a JSON array of RTCIceServer objects, or a comma-separated list of stun:/turn: URLs. */
export function parseIceServers(value: string | undefined): TIceServer[] {
  const text = value?.trim() ?? '';
  if (text === '') return [];
  let candidate: unknown;
  if (text.startsWith('[')) {
    try {
      candidate = JSON.parse(text);
    } catch {
      throw new Error('Invalid configuration:\n  ICE_SERVERS: not valid JSON');
    }
  } else {
    candidate = text
      .split(',')
      .map((url) => ({ urls: url.trim() }))
      .filter((server) => server.urls !== '');
  }
  const parsed = ZIceServers.safeParse(candidate);
  if (!parsed.success) {
    throw new Error(
      `Invalid configuration:\n  ICE_SERVERS: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}

/** A data region uses S3 when it has a bucket: its own S3_BUCKET_{REGION}, else S3_BUCKET. */
function s3Locations(e: z.infer<typeof ZEnv>): Partial<Record<TDataRegion, TS3Location>> {
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither',
    );
  }
  const credentials =
    e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
      : null;
  const overrides: Record<TDataRegion, { bucket?: string; region?: string; endpoint?: string }> = {
    au: { bucket: e.S3_BUCKET_AU, region: e.S3_REGION_AU, endpoint: e.S3_ENDPOINT_AU },
    eu: { bucket: e.S3_BUCKET_EU, region: e.S3_REGION_EU, endpoint: e.S3_ENDPOINT_EU },
    ca: { bucket: e.S3_BUCKET_CA, region: e.S3_REGION_CA, endpoint: e.S3_ENDPOINT_CA },
    us: { bucket: e.S3_BUCKET_US, region: e.S3_REGION_US, endpoint: e.S3_ENDPOINT_US },
  };
  const prefix = e.S3_KEY_PREFIX.replace(/^\/+|\/+$/g, '');
  const locations: Partial<Record<TDataRegion, TS3Location>> = {};
  for (const region of DATA_REGIONS) {
    const bucket = overrides[region].bucket ?? e.S3_BUCKET;
    if (!bucket) continue;
    locations[region] = {
      bucket,
      region: overrides[region].region ?? e.S3_REGION,
      endpoint: overrides[region].endpoint ?? e.S3_ENDPOINT ?? null,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
      credentials,
      keyPrefix: prefix === '' ? '' : `${prefix}/`,
    };
  }
  return locations;
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

/** The origins of a comma-separated list of URLs (the test-only allowances of the SSRF guard). */
function originsOf(list: string | undefined): ReadonlySet<string> {
  return new Set(
    (list ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== '' && URL.canParse(origin))
      .map((origin) => new URL(origin).origin),
  );
}
