/**
 * The URL and address rules of spec 5 (URL: http(s), host length, no private-range address), shared by the server
 * (authoritative, also after DNS resolution and on redirects) and the web app. Apart from validation.ts so the web
 * entry, which needs the password and email rules but no URL check, does not carry ipaddr.js.
 */
import ipaddr from 'ipaddr.js';

/** Maximum length of a URL's host (spec 5 URL). */
export const URL_HOST_MAX_LENGTH = 2048;

/** An IP literal (IPv4 in four decimal parts, or IPv6 bracketed or not, with or without a zone), else null. */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const address = bare.split('%')[0] ?? '';
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return ipaddr.IPv4.parse(address);
  if (address.includes(':') && ipaddr.IPv6.isValid(address)) return ipaddr.IPv6.parse(address);
  return null;
}

/**
 * The well-known NAT64 prefix: its addresses carry a public or private IPv4 in the last 32 bits. Parsed on
 * first use, so a bundle that imports the package without these rules leaves ipaddr.js out.
 */
let nat64WellKnown: [ipaddr.IPv6, number] | undefined;
function nat64Prefix(): [ipaddr.IPv6, number] {
  nat64WellKnown ??= ipaddr.IPv6.parseCIDR('64:ff9b::/96');
  return nat64WellKnown;
}

/**
 * Whether an address is ordinary global unicast: every IANA special-purpose range (private, loopback,
 * link-local, shared, documentation, benchmarking, 6to4, Teredo, local NAT64, multicast, reserved…) is
 * not, by the maintained range table of ipaddr.js; IPv4 inside IPv6 (mapped, compatible, NAT64) is
 * judged as that IPv4.
 */
function isGlobalUnicast(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const v6 = address as ipaddr.IPv6;
  const parts = v6.parts;
  const isCompatible =
    parts.slice(0, 6).every((part) => part === 0) && (parts[6] !== 0 || (parts[7] ?? 0) > 1);
  if (v6.isIPv4MappedAddress() || isCompatible || v6.match(nat64Prefix())) {
    const bytes = v6.toByteArray().slice(12);
    return ipaddr.fromByteArray(bytes).range() === 'unicast';
  }
  return v6.range() === 'unicast';
}

/** True for an IP literal that is IPv4 or IPv6 (bracketed or not); false for a host name. */
export function isIpAddress(value: string): boolean {
  return parseAddress(value) !== null;
}

/**
 * True for an address that is not public (spec 5 URL "private-range address", read as every IANA
 * special-purpose range: issue #13 item 4). Non-IP strings are false. The server reuses this after DNS
 * resolution and on every redirect.
 */
export function isPrivateAddress(ip: string): boolean {
  const address = parseAddress(ip);
  return address !== null && !isGlobalUnicast(address);
}

/** True for 'localhost', '*.localhost' or a private IP literal (spec 5 URL). */
export function isPrivateHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return isPrivateAddress(name);
}

/** Valid URL: http:// or https://, a host of at most 2048 characters, not a private-range address (spec 5 URL). */
export function isValidUrl(url: string): boolean {
  if (!/^https?:\/\//i.test(url.trim())) return false;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return false;
  }
  const { hostname } = parsed;
  if (hostname === '' || hostname.length > URL_HOST_MAX_LENGTH) return false;
  return !isPrivateHost(hostname);
}
