import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetchHtml, nodeTransport, type TResolver, type TTransport } from './guarded-fetch.js';
import { parseOpenGraph } from './open-graph.js';

/**
 * The SSRF guard of link previews (spec 5 URL): a local web server stands in for the internet. Public
 * names resolve to public addresses (93.184.216.0/24), which a test transport routes to the
 * local server; anything the guard lets through to a private address would reach it for real.
 */
describe('guarded fetch of link previews (spec 5 URL rule)', () => {
  let server: Server;
  let port = 0;
  const hits: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      hits.push(request.url ?? '');
      if (request.url === '/redirect-loopback') {
        response.writeHead(302, { location: `http://127.0.0.1:${port}/secret` }).end();
      } else if (request.url === '/redirect-internal') {
        response.writeHead(301, { location: 'http://internal.example/admin' }).end();
      } else if (request.url === '/redirect-v6') {
        response.writeHead(302, { location: 'http://[::1]/secret' }).end();
      } else if (request.url === '/loop') {
        response.writeHead(302, { location: '/loop' }).end();
      } else if (request.url === '/big') {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(
          `<html><head><title>Big page</title></head><body>${'x'.repeat(2_000_000)}</body></html>`,
        );
      } else if (request.url === '/slow') {
        setTimeout(
          () => response.writeHead(200, { 'content-type': 'text/html' }).end('<title>late</title>'),
          2000,
        );
      } else {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(
          `<html><head><title>Fallback</title><meta property="og:title" content="${'A very long open graph title '.repeat(5)}"><meta property="og:description" content="${'Description words '.repeat(20)}"><meta property="og:image" content="/cover.png"></head><body>ok</body></html>`,
        );
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  const names: Record<string, string[]> = {
    'public.example': ['93.184.216.10'],
    'internal.example': ['10.0.0.5'],
    'rebind.example': ['93.184.216.11', '192.168.1.20'],
    'v6-private.example': ['fd00::1'],
    'mapped.example': ['::ffff:127.0.0.1'],
    'doc.example': ['198.51.100.20'],
  };
  const resolve: TResolver = async (host) => names[host] ?? [];
  /** Documentation addresses go to the local server; anything else would be a real connection. */
  const transport: TTransport = async (options) => {
    if (!options.address.startsWith('93.184.216.'))
      throw new Error(`would have connected to ${options.address}`);
    return nodeTransport({
      ...options,
      url: new URL(`http://127.0.0.1:${port}${options.url.pathname}${options.url.search}`),
      address: '127.0.0.1',
    });
  };
  const fetchPage = (url: string, extra: { timeoutMs?: number } = {}) =>
    guardedFetchHtml(url, { resolve, transport, ...extra });

  it('fetches a public page and truncates its open-graph title to 80 and description to 200 characters', async () => {
    const page = await fetchPage('https://public.example/article');
    const preview = parseOpenGraph(page.html, page.url);
    expect(Array.from(preview.title).length).toBeLessThanOrEqual(80);
    expect(preview.title.endsWith('…')).toBe(true);
    expect(Array.from(preview.description).length).toBeLessThanOrEqual(200);
    expect(preview.imageUrl).toBe('https://public.example/cover.png');
  });

  it.each([
    ['loopback IPv4', `http://127.0.0.1:${0}/`],
    ['localhost', 'http://localhost/'],
    ['private 10/8', 'http://10.1.2.3/'],
    ['private 192.168/16', 'http://192.168.0.1/'],
    ['private 172.16/12', 'http://172.20.0.1/'],
    ['link-local metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['IPv6 unique local', 'http://[fd12:3456::1]/'],
    ['IPv6 link-local', 'http://[fe80::1]/'],
    ['IPv4-mapped IPv6', 'http://[::ffff:10.0.0.1]/'],
    ['a name resolving to a private address', 'http://internal.example/'],
    ['a name with one private address among public ones', 'http://rebind.example/'],
    ['a name resolving to a private IPv6 address', 'http://v6-private.example/'],
    ['a name resolving to an IPv4-mapped loopback', 'http://mapped.example/'],
    ['another scheme', 'file:///etc/passwd'],
    ['documentation TEST-NET-1', 'http://192.0.2.1/'],
    ['benchmarking 198.18/15', 'http://198.18.0.1/'],
    ['documentation TEST-NET-2', 'http://198.51.100.7/'],
    ['documentation TEST-NET-3', 'http://203.0.113.9/'],
    ['IPv6 documentation', 'http://[2001:db8::1]/'],
    ['6to4', 'http://[2002:c0a8:0101::1]/'],
    ['Teredo', 'http://[2001::1]/'],
    ['local-use NAT64', 'http://[64:ff9b:1::a00:1]/'],
    ['a name resolving to a documentation address', 'http://doc.example/'],
  ])('refuses %s', async (_, url) => {
    await expect(fetchPage(url)).rejects.toMatchObject({
      reason: expect.stringMatching(/invalid_url|private_address/),
    });
  });

  it('refuses every port but 80 and 443, before resolving or connecting', async () => {
    const before = hits.length;
    for (const url of [
      'http://public.example:8080/',
      'https://public.example:22/',
      'http://public.example:6379/',
    ]) {
      await expect(fetchPage(url)).rejects.toMatchObject({ reason: 'port_not_allowed' });
    }
    expect(hits.length).toBe(before);
    await expect(fetchPage('http://public.example:80/')).resolves.toMatchObject({
      url: 'http://public.example/',
    });
  });

  it('refuses an address of this machine’s own interfaces, even a public one', async () => {
    const own =
      Object.values(networkInterfaces())
        .flat()
        .find((entry) => entry && !entry.internal)?.address ?? '127.0.0.1';
    await expect(
      guardedFetchHtml('http://self.example/', { resolve: async () => [own], transport }),
    ).rejects.toMatchObject({ reason: 'private_address' });
  });

  it('refuses redirects to loopback, to a name of a private address and to IPv6 loopback', async () => {
    const before = hits.length;
    await expect(fetchPage('https://public.example/redirect-loopback')).rejects.toMatchObject({
      reason: expect.stringMatching(/invalid_url|private_address/),
    });
    await expect(fetchPage('https://public.example/redirect-internal')).rejects.toMatchObject({
      reason: 'private_address',
    });
    await expect(fetchPage('https://public.example/redirect-v6')).rejects.toMatchObject({
      reason: expect.stringMatching(/invalid_url|private_address/),
    });
    // Only the public first hops reached the server; no secret page was requested.
    expect(hits.slice(before)).toEqual(['/redirect-loopback', '/redirect-internal', '/redirect-v6']);
  });

  it('stops after 3 redirects, reads at most 512 kB and gives up after the time limit', async () => {
    await expect(fetchPage('https://public.example/loop')).rejects.toMatchObject({
      reason: 'too_many_redirects',
    });
    const big = await fetchPage('https://public.example/big');
    expect(big.html.length).toBeLessThanOrEqual(512 * 1024);
    expect(parseOpenGraph(big.html, big.url).title).toBe('Big page');
    await expect(fetchPage('https://public.example/slow', { timeoutMs: 300 })).rejects.toMatchObject({
      reason: 'timeout',
    });
  });
});
