import { HUB_DOMAIN_ENDPOINTS } from '@commons/contract';
import type { FastifyInstance } from 'fastify';
import type { TConfig } from '../../config.js';
import { decodeCursor } from '../../lib/cursor.js';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import { checkHubDomainTxt } from './cluster-admin.domains-dns.js';
import {
  createHubDomain,
  hubDomainPage,
  hubDomainToCheck,
  presentHubDomain,
  recordHubDomainCheck,
  removeHubDomain,
} from './cluster-admin.domains.js';
import { requireClusterGroup } from './cluster-admin.policy.js';

/** /api/admin/cluster/domains* and /api/cluster/host-hub (issue #23 item 2, domain management). */
export function registerHubDomainRoutes(
  app: FastifyInstance,
  config: Pick<TConfig, 'publicUrl' | 'dnsServers'>,
): void {
  // The deployment's own address is never a hub's custom domain.
  const ownHosts = new Set([new URL(config.publicUrl).hostname.toLowerCase()]);

  tenantRoute(app, HUB_DOMAIN_ENDPOINTS.list, async (ctx, { query }) => {
    requireClusterGroup(ctx, 'domain-management');
    const page = await hubDomainPage(ctx.tx, {
      clusterId: ctx.clusterId,
      ...(query.hubId === undefined ? {} : { hubId: query.hubId }),
      cursor: decodeCursor(query.cursor),
      limit: query.limit,
    });
    return { items: page.rows.map(presentHubDomain), nextCursor: page.nextCursor };
  });

  tenantRoute(app, HUB_DOMAIN_ENDPOINTS.create, async (ctx, { body }) =>
    presentHubDomain(await createHubDomain(ctx, { body, ownHosts })),
  );

  // Verify now: the DNS lookup (up to about 5 s) happens between two short transactions, never inside one.
  route(app, HUB_DOMAIN_ENDPOINTS.verify, async ({ request, params }) => {
    const options = tenantOptionsOf(HUB_DOMAIN_ENDPOINTS.verify);
    const domain = await request.tenant(options, (ctx) => hubDomainToCheck(ctx, params.id));
    const check = await checkHubDomainTxt(domain.domain, domain.verificationToken, config.dnsServers);
    return presentHubDomain(
      await request.tenant(options, (ctx) => recordHubDomainCheck(ctx, { id: params.id, check })),
    );
  });

  tenantRoute(app, HUB_DOMAIN_ENDPOINTS.remove, async (ctx, { params }) => {
    await removeHubDomain(ctx, params.id);
    return undefined;
  });

  tenantRoute(app, HUB_DOMAIN_ENDPOINTS.hostHub, async (ctx) => ({
    hub: ctx.hostHubIdentifier ? { identifier: ctx.hostHubIdentifier } : null,
  }));
}
