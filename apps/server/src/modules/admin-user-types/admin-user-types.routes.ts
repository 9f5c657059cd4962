import { ADMIN_USER_TYPES_ENDPOINTS, type TAdminUserTypesResponse } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { TRequestContext, TUserTypeRow } from '../../plugins/request-context.js';
import { tenantRoute } from '../../plugins/route.js';
import { getHubSettings, listUserTypes } from '../hubs/hubs.queries.js';
import { hubMessageTypeSettings } from '../inbox/inbox.policy.js';
import {
  createUserType,
  deleteUserType,
  reorderUserTypes,
  updateUserType,
} from './admin-user-types.commands.js';
import { requireUserTypesAdmin } from './admin-user-types.policy.js';
import { presentAdminUserType } from './admin-user-types.presenter.js';
import { memberCountsByUserType } from './admin-user-types.queries.js';

/** The hub's message type settings (the base every user type's values go over). */
async function hubTypeSettingsOf(ctx: TRequestContext) {
  return hubMessageTypeSettings(await getHubSettings(ctx.tx, ctx.requireHub().id));
}

async function presentOne(ctx: TRequestContext, row: TUserTypeRow) {
  const counts = await memberCountsByUserType(ctx.tx, row.hubId);
  return presentAdminUserType(row, {
    memberCount: counts.get(row.id) ?? 0,
    hubTypeSettings: await hubTypeSettingsOf(ctx),
  });
}

async function listAll(ctx: TRequestContext): Promise<TAdminUserTypesResponse> {
  const hubId = ctx.requireHub().id;
  const hubTypeSettings = await hubTypeSettingsOf(ctx);
  const counts = await memberCountsByUserType(ctx.tx, hubId);
  const rows = await listUserTypes(ctx.tx, hubId);
  return {
    items: rows.map((row) =>
      presentAdminUserType(row, { memberCount: counts.get(row.id) ?? 0, hubTypeSettings }),
    ),
    hubMessageTypes: hubTypeSettings,
  };
}

/**
 * The user types editor (issue #22 item 1) under /api/admin/user-types. A write in the hub makes the request
 * context forget the hub's read cache after the commit (onHubWrite), so no stale user type is served after it.
 */
export const adminUserTypesRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, ADMIN_USER_TYPES_ENDPOINTS.list, async (ctx) => {
    requireUserTypesAdmin(ctx);
    return listAll(ctx);
  });

  tenantRoute(app, ADMIN_USER_TYPES_ENDPOINTS.create, async (ctx, { body }) => {
    requireUserTypesAdmin(ctx);
    const row = await createUserType(ctx, { body, hubTypeSettings: await hubTypeSettingsOf(ctx) });
    return presentOne(ctx, row);
  });

  tenantRoute(app, ADMIN_USER_TYPES_ENDPOINTS.reorder, async (ctx, { body }) => {
    requireUserTypesAdmin(ctx);
    await reorderUserTypes(ctx, body);
    return listAll(ctx);
  });

  tenantRoute(app, ADMIN_USER_TYPES_ENDPOINTS.update, async (ctx, { params, body }) => {
    requireUserTypesAdmin(ctx);
    const row = await updateUserType(ctx, {
      id: params.id,
      body,
      hubTypeSettings: await hubTypeSettingsOf(ctx),
    });
    return presentOne(ctx, row);
  });

  tenantRoute(app, ADMIN_USER_TYPES_ENDPOINTS.remove, async (ctx, { params }) => {
    requireUserTypesAdmin(ctx);
    await deleteUserType(ctx, params.id);
    return undefined;
  });
};
