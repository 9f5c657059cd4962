/**
 * The one client for server-side fetches of user-given URLs (shared ARCHITECTURE.md Security baseline):
 * spec 5's URL rule (http or https, host at most 2048 characters, no private-range address) is applied
 * to the URL, to every address its host resolves to, and again on every redirect; the connection goes
 * to the vetted address (no second DNS lookup to rebind), with size and time limits.
 */
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { networkInterfaces } from 'node:os';
import { isIpAddress, isPrivateAddress, isValidUrl } from '@commons/domain';

/** Why a fetch was refused. */
export class GuardedFetchError extends Error {
  constructor(
    readonly reason:
      | 'invalid_url'
      | 'private_address'
      | 'port_not_allowed'
      | 'too_many_redirects'
      | 'too_large'
      | 'timeout'
      | 'http_error'
      | 'not_html'
      | 'unexpected_type'
      | 'network',
    message: string,
  ) {
    super(message);
  }
}

/** Resolves a host to its addresses (injectable for tests). */
export type TResolver = (host: string) => Promise<string[]>;
/** Sends one GET to an already vetted address (injectable for tests). */
export type TTransport = (options: {
  url: URL;
  address: string;
  signal: AbortSignal;
  maxBytes: number;
  /** The Accept header; an HTML page when absent. */
  accept?: string;
  /** GET when absent; POST sends `body` with `headers` (webhook deliveries). */
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: Buffer;
}) => Promise<{
  status: number;
  headers: Record<string, string | undefined>;
  body: Buffer;
  /** The body stopped at maxBytes. */
  isTruncated?: boolean;
}>;

export const DEFAULT_LIMITS = { maxBytes: 512 * 1024, timeoutMs: 5000, maxRedirects: 3 } as const;

/** DNS resolution of every A and AAAA address of the host. */
export const dnsResolver: TResolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** Node's http(s) client connecting to the vetted address while presenting the URL's host (SNI and Host). */
export const nodeTransport: TTransport = ({
  url,
  address,
  signal,
  maxBytes,
  accept,
  method,
  headers,
  body,
}) =>
  new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: method ?? 'GET',
        headers: {
          'user-agent': 'CommonsLinkPreview/1.0',
          accept: accept ?? 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
          ...headers,
          ...(body ? { 'content-length': String(body.length) } : {}),
        },
        // The address was checked already: never look the host up again.
        lookup: (_host, options, callback) => {
          const family = address.includes(':') ? 6 : 4;
          if ((options as { all?: boolean }).all)
            (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
              { address, family },
            ]);
          else (callback as (e: null, a: string, f: number) => void)(null, address, family);
        },
        signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            // Enough for a preview: the head of the page is what matters.
            response.destroy();
            resolve({
              status: response.statusCode ?? 0,
              headers: flatHeaders(response.headers),
              body: Buffer.concat(chunks),
              isTruncated: true,
            });
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: flatHeaders(response.headers),
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });

function flatHeaders(headers: http.IncomingHttpHeaders): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
}

/** Web ports only: a user-given URL never reaches another service of a host (no port scanning). */
const ALLOWED_PORTS = new Set(['', '80', '443']);

/** The addresses of this machine's own interfaces: a public address of the server is still the server. */
function ownAddresses(): Set<string> {
  return new Set(
    Object.values(networkInterfaces())
      .flat()
      .flatMap((entry) => (entry ? [entry.address.toLowerCase().split('%')[0] ?? ''] : [])),
  );
}

/**
 * The vetted address of a URL's host: a web port, and every resolved address public (spec 5 URL, every
 * IANA special-purpose range) and not one of this machine's own.
 */
async function vetHost(url: URL, resolve: TResolver, allowedOrigins?: ReadonlySet<string>): Promise<string> {
  if (allowedOrigins?.has(url.origin)) {
    // A test-only allowance (WEBHOOK_ / SSO_TEST_ALLOWED_ORIGINS, never set by default): a local receiver.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    return isIpAddress(host) ? host : ((await resolve(host).catch(() => []))[0] ?? host);
  }
  if (!ALLOWED_PORTS.has(url.port))
    throw new GuardedFetchError('port_not_allowed', `port ${url.port} is not allowed`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIpAddress(host) ? [host] : await resolve(host).catch(() => [] as string[]);
  if (addresses.length === 0) throw new GuardedFetchError('network', `could not resolve ${host}`);
  const own = ownAddresses();
  if (addresses.some((a) => isPrivateAddress(a) || own.has(a.toLowerCase()))) {
    throw new GuardedFetchError('private_address', `${host} resolves to a private address`);
  }
  return addresses[0] as string;
}

/** Limits and injectable parts of one guarded fetch. */
export type TGuardedFetchOptions = {
  resolve?: TResolver;
  transport?: TTransport;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /**
   * Origins let through although private (http://127.0.0.1:4717): only from the test-only configuration
   * WEBHOOK_TEST_ALLOWED_ORIGINS, so tests can reach a local receiver. Empty by default.
   */
  allowedOrigins?: ReadonlySet<string>;
};

/**
 * GETs a user-given URL under the URL rule, following at most 3 redirects (each checked again), within the
 * time limit, reading at most maxBytes: the one guarded client of every server-side fetch. `isAcceptedType`
 * says which Content-Types are wanted; `isTruncationRefused` turns a body cut at maxBytes into 'too_large'
 * (a calendar must be whole; a page's head is enough for a preview).
 */
export async function guardedFetch(
  rawUrl: string,
  options: TGuardedFetchOptions & {
    accept: string;
    isAcceptedType: (contentType: string) => boolean;
    typeError: 'not_html' | 'unexpected_type';
    isTruncationRefused?: boolean;
  },
): Promise<{ url: string; body: Buffer; contentType: string }> {
  const resolve = options.resolve ?? dnsResolver;
  const transport = options.transport ?? nodeTransport;
  const maxBytes = options.maxBytes ?? DEFAULT_LIMITS.maxBytes;
  const maxRedirects = options.maxRedirects ?? DEFAULT_LIMITS.maxRedirects;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? DEFAULT_LIMITS.timeoutMs);
  try {
    let current = rawUrl;
    for (let hop = 0; hop <= maxRedirects; hop += 1) {
      const isTestOrigin = URL.canParse(current) && options.allowedOrigins?.has(new URL(current).origin);
      if (!isTestOrigin && !isValidUrl(current))
        throw new GuardedFetchError('invalid_url', 'not an allowed URL');
      const url = new URL(current);
      const address = await vetHost(url, resolve, options.allowedOrigins);
      let response;
      try {
        response = await transport({
          url,
          address,
          signal: controller.signal,
          maxBytes,
          accept: options.accept,
        });
      } catch (error) {
        if (controller.signal.aborted) throw new GuardedFetchError('timeout', 'the page took too long');
        throw new GuardedFetchError('network', error instanceof Error ? error.message : 'network error');
      }
      if (response.status >= 300 && response.status < 400 && response.headers.location) {
        current = new URL(response.headers.location, url).toString();
        continue;
      }
      if (response.status < 200 || response.status >= 300)
        throw new GuardedFetchError('http_error', `status ${response.status}`);
      const contentType = response.headers['content-type'] ?? '';
      if (!options.isAcceptedType(contentType))
        throw new GuardedFetchError(options.typeError, `unexpected content type ${contentType}`);
      if (options.isTruncationRefused && response.isTruncated)
        throw new GuardedFetchError('too_large', `larger than ${maxBytes} bytes`);
      return { url: url.toString(), body: response.body, contentType };
    }
    throw new GuardedFetchError('too_many_redirects', 'too many redirects');
  } finally {
    clearTimeout(timer);
  }
}

/** GETs an HTML page under the URL rule (link previews): guardedFetch for text/html and XHTML. */
export async function guardedFetchHtml(
  rawUrl: string,
  options: TGuardedFetchOptions = {},
): Promise<{ url: string; html: string }> {
  const page = await guardedFetch(rawUrl, {
    ...options,
    accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
    isAcceptedType: (type) => /text\/html|application\/xhtml\+xml/i.test(type),
    typeError: 'not_html',
  });
  return { url: page.url, html: page.body.toString('utf8') };
}

/**
 * Whether a user-given URL passes the URL rule (spec 5) and the web-port rule before any lookup: for refusing a
 * webhook target when it is saved (the address its host resolves to is checked again on every delivery).
 */
export function isAllowedTarget(rawUrl: string, allowedOrigins?: ReadonlySet<string>): boolean {
  if (!URL.canParse(rawUrl)) return false;
  const url = new URL(rawUrl);
  if (allowedOrigins?.has(url.origin)) return true;
  return isValidUrl(rawUrl) && ALLOWED_PORTS.has(url.port);
}

/**
 * POSTs a body to a user-given URL under the URL rule (webhook deliveries): the host is vetted as for every
 * guarded fetch, a redirect is refused rather than followed (a receiver may not send the signed body on to
 * another address), and any answer is returned with its status for the delivery log.
 */
export async function guardedPost(
  rawUrl: string,
  options: TGuardedFetchOptions & { headers: Record<string, string>; body: Buffer },
): Promise<{ status: number; body: Buffer; contentType: string }> {
  const resolve = options.resolve ?? dnsResolver;
  const transport = options.transport ?? nodeTransport;
  if (!isAllowedTarget(rawUrl, options.allowedOrigins))
    throw new GuardedFetchError('invalid_url', 'not an allowed URL');
  const url = new URL(rawUrl);
  const address = await vetHost(url, resolve, options.allowedOrigins);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? DEFAULT_LIMITS.timeoutMs);
  try {
    let response;
    try {
      response = await transport({
        url,
        address,
        signal: controller.signal,
        maxBytes: options.maxBytes ?? 16 * 1024,
        accept: '*/*',
        method: 'POST',
        headers: options.headers,
        body: options.body,
      });
    } catch (error) {
      if (controller.signal.aborted) throw new GuardedFetchError('timeout', 'no answer in time');
      throw new GuardedFetchError('network', error instanceof Error ? error.message : 'network error');
    }
    if (response.status >= 300 && response.status < 400)
      throw new GuardedFetchError(
        'too_many_redirects',
        `redirect (${response.status}) refused: a POST follows none`,
      );
    return {
      status: response.status,
      body: response.body,
      contentType: response.headers['content-type'] ?? '',
    };
  } finally {
    clearTimeout(timer);
  }
}
