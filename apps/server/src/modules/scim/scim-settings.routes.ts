import { SCIM_ADMIN_ENDPOINTS, SCIM_BASE_PATH } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import { tenantRoute } from '../../plugins/route.js';
import {
  createScimToken,
  mapScimGroup,
  requireSsoSettingsAdmin,
  revokeScimToken,
} from './scim-settings.commands.js';
import { presentScimGroupMapping, presentScimToken } from './scim.presenter.js';
import { clusterScimGroups, clusterScimTokens, mappingChoices } from './scim.queries.js';

/**
 * /api/admin/scim (issue #24 item 6; spec 6 sso-settings): cluster and super admins create, list and revoke the
 * cluster's SCIM tokens and map pushed groups to a hub's user type. Every write is audited; a token is
 * answered once.
 */
export const scimSettingsRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, SCIM_ADMIN_ENDPOINTS.settings, async (ctx) => {
    requireSsoSettingsAdmin(ctx);
    const [tokens, groups, hubs] = [
      await clusterScimTokens(ctx.tx, ctx.clusterId),
      await clusterScimGroups(ctx.tx, ctx.clusterId),
      await mappingChoices(ctx.tx, ctx.clusterId),
    ];
    return {
      basePath: SCIM_BASE_PATH,
      tokens: tokens.map(presentScimToken),
      groups: groups.map(presentScimGroupMapping),
      hubs,
    };
  });

  tenantRoute(app, SCIM_ADMIN_ENDPOINTS.createToken, async (ctx, { body }) => {
    const { row, secret } = await createScimToken(ctx, body);
    const viewer = ctx.requireViewer().user;
    return {
      token: presentScimToken({ token: row, createdBy: `${viewer.firstName} ${viewer.lastName}` }),
      secret,
    };
  });

  tenantRoute(app, SCIM_ADMIN_ENDPOINTS.revokeToken, async (ctx, { params }) => {
    await revokeScimToken(ctx, params.id);
    return undefined;
  });

  tenantRoute(app, SCIM_ADMIN_ENDPOINTS.mapGroup, async (ctx, { params, body }) => {
    const group = await mapScimGroup(ctx, { id: params.id, body });
    const [row] = (await clusterScimGroups(ctx.tx, ctx.clusterId)).filter((g) => g.group.id === group.id);
    return presentScimGroupMapping(row ?? { group, memberCount: 0 });
  });
};
