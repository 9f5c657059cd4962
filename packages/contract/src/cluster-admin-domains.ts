import { z } from 'zod';
import { ZId, ZIsoDateTime, ZPageQuery, zPage, ZUuid } from './common.js';
import { defineEndpoint } from './endpoint.js';

/**
 * Hub domains (issue #23 item 2; spec 6 cluster-level group domain-management): a custom domain per hub, proven by
 * a DNS TXT record. Once verified, requests whose Host is the domain go to that hub's cluster and, when they name
 * no hub, to that hub; the web app opened there lands on the hub.
 */

/** The TXT record's name is this label before the domain; its value is HUB_DOMAIN_TXT_PREFIX + the token. */
export const HUB_DOMAIN_CHALLENGE_LABEL = '_commons-challenge';
export const HUB_DOMAIN_TXT_PREFIX = 'commons-verification=';
/** Unverified domains are re-checked by the periodic job this long after they were added. */
export const HUB_DOMAIN_RECHECK_DAYS = 7;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** A domain name such as `alumni.example.edu`: lower-cased, no scheme, port, path or trailing dot. */
export const ZHubDomainName = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/\.$/, ''))
  .superRefine((value, ctx) => {
    const problem = hubDomainProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Why a domain name cannot be a hub domain, or null (the checks that need no database). */
export function hubDomainProblem(value: string): string | null {
  if (value === '') return 'Enter a domain name.';
  if (value.length > 253) return 'A domain name has at most 253 characters.';
  if (/[/:@?#\s]/.test(value) || value.includes('['))
    return 'Enter a domain name only, such as alumni.example.edu: no https://, port or path.';
  if (IPV4.test(value)) return 'Enter a domain name, not an IP address.';
  const labels = value.split('.');
  if (labels.length < 2) return 'Enter a full domain name with a dot, such as alumni.example.edu.';
  if (!labels.every((label) => LABEL.test(label)))
    return 'A domain name is made of letters, digits and hyphens, separated by dots.';
  if (/^\d+$/.test(labels.at(-1) ?? '')) return 'Enter a domain name, not an IP address.';
  const top = labels.at(-1);
  if (top === 'localhost' || top === 'local' || top === 'internal' || top === 'invalid' || top === 'test')
    return 'Enter a public domain name: local and reserved names cannot be verified.';
  return null;
}

export const ZHubDomainStatus = z.enum(['pending', 'verified']);
export type THubDomainStatus = z.infer<typeof ZHubDomainStatus>;

export const ZHubDomain = z.object({
  id: ZUuid,
  hubId: z.number().int(),
  domain: z.string(),
  status: ZHubDomainStatus,
  /** The TXT record to create at the domain's DNS provider. */
  txtRecord: z.object({ name: z.string(), value: z.string() }),
  verifiedAt: ZIsoDateTime.nullable(),
  lastCheckedAt: ZIsoDateTime.nullable(),
  /** Why the last check did not verify the domain, in words for the admin. */
  lastError: z.string().nullable(),
  createdAt: ZIsoDateTime,
});
export type THubDomain = z.infer<typeof ZHubDomain>;

export const ZHubDomainPage = zPage(ZHubDomain);
export type THubDomainPage = z.infer<typeof ZHubDomainPage>;

export const ZHubDomainQuery = ZPageQuery.extend({ hubId: z.coerce.number().int().positive().optional() });

export const ZCreateHubDomainRequest = z.object({
  hubId: z.number().int().positive(),
  domain: ZHubDomainName,
});
export type TCreateHubDomainRequest = z.input<typeof ZCreateHubDomainRequest>;

/** The hub a host names: set when the request's Host is a verified hub domain. */
export const ZHostHubAnswer = z.object({
  hub: z.object({ identifier: ZId }).nullable(),
});
export type THostHubAnswer = z.infer<typeof ZHostHubAnswer>;

const ADMIN = { auth: 'required', hub: 'none', tag: 'admin' } as const;
const ZDomainParams = z.object({ id: ZUuid });

export const HUB_DOMAIN_ENDPOINTS = {
  list: defineEndpoint({
    ...ADMIN,
    method: 'GET',
    path: '/api/admin/cluster/domains',
    operationId: 'listHubDomains',
    summary: "Cluster and super admins: the cluster's hub domains, oldest first (optionally of one hub)",
    query: ZHubDomainQuery,
    response: ZHubDomainPage,
    errors: [400, 401, 403],
  }),
  create: defineEndpoint({
    ...ADMIN,
    method: 'POST',
    path: '/api/admin/cluster/domains',
    operationId: 'createHubDomain',
    summary: 'Adds a custom domain to a hub; answers the TXT record that proves it',
    body: ZCreateHubDomainRequest,
    response: ZHubDomain,
    status: 201,
    errors: [400, 401, 403, 404, 409],
  }),
  verify: defineEndpoint({
    ...ADMIN,
    method: 'POST',
    path: '/api/admin/cluster/domains/:id/verify',
    operationId: 'verifyHubDomain',
    summary: "Looks up the domain's TXT record now; verified when it holds the token",
    params: ZDomainParams,
    response: ZHubDomain,
    errors: [400, 401, 403, 404],
  }),
  remove: defineEndpoint({
    ...ADMIN,
    method: 'DELETE',
    path: '/api/admin/cluster/domains/:id',
    operationId: 'removeHubDomain',
    summary: 'Removes a hub domain (requests to it go to the default cluster again)',
    params: ZDomainParams,
    response: null,
    status: 204,
    errors: [400, 401, 403, 404],
  }),
  hostHub: defineEndpoint({
    auth: 'optional',
    hub: 'none',
    tag: 'hubs',
    method: 'GET',
    path: '/api/cluster/host-hub',
    operationId: 'getHostHub',
    summary: "The hub whose verified domain the request's host is, or null (the web app lands there on `/`)",
    response: ZHostHubAnswer,
    // A token of another cluster is refused even here.
    errors: [401],
  }),
};
