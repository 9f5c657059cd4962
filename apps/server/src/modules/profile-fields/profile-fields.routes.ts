import { ADMIN_PROFILE_FIELDS_ENDPOINTS, type TAdminProfileFieldsResponse } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { TRequestContext } from '../../plugins/request-context.js';
import { tenantRoute } from '../../plugins/route.js';
import { listUserTypes } from '../hubs/hubs.queries.js';
import {
  createProfileField,
  deleteProfileField,
  hubFieldsScope,
  reorderProfileFields,
  updateProfileField,
} from './profile-fields.commands.js';
import { requireProfileFieldsAdmin } from './profile-fields.policy.js';
import { presentAdminProfileField } from './profile-fields.presenter.js';
import {
  answerCountsByField,
  listHubProfileFields,
  type TProfileFieldRow,
} from './profile-fields.queries.js';

async function presentOne(ctx: TRequestContext, row: TProfileFieldRow) {
  const counts = await answerCountsByField(ctx.tx, row.hubId);
  return presentAdminProfileField(row, counts.get(row.id) ?? 0);
}

async function listAll(ctx: TRequestContext): Promise<TAdminProfileFieldsResponse> {
  const hubId = ctx.requireHub().id;
  const counts = await answerCountsByField(ctx.tx, hubId);
  const rows = await listHubProfileFields(ctx.tx, hubId);
  const types = await listUserTypes(ctx.tx, hubId);
  return {
    items: rows.map((row) => presentAdminProfileField(row, counts.get(row.id) ?? 0)),
    userTypes: types.map((type) => ({ id: type.id, title: type.title })),
  };
}

/**
 * The custom profile fields editor (issue #22 item 1) under /api/admin/profile-fields: the hub's own fields (an
 * organisation's are its console's, organization-admin/organization-fields.routes.ts); every write audited.
 */
export const adminProfileFieldsRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, ADMIN_PROFILE_FIELDS_ENDPOINTS.list, async (ctx) => {
    requireProfileFieldsAdmin(ctx);
    return listAll(ctx);
  });

  tenantRoute(app, ADMIN_PROFILE_FIELDS_ENDPOINTS.create, async (ctx, { body }) => {
    requireProfileFieldsAdmin(ctx);
    return presentOne(ctx, await createProfileField(ctx, { scope: hubFieldsScope(ctx), body }));
  });

  tenantRoute(app, ADMIN_PROFILE_FIELDS_ENDPOINTS.reorder, async (ctx, { body }) => {
    requireProfileFieldsAdmin(ctx);
    await reorderProfileFields(ctx, { scope: hubFieldsScope(ctx), ids: body.ids });
    return listAll(ctx);
  });

  tenantRoute(app, ADMIN_PROFILE_FIELDS_ENDPOINTS.update, async (ctx, { params, body }) => {
    requireProfileFieldsAdmin(ctx);
    return presentOne(
      ctx,
      await updateProfileField(ctx, { scope: hubFieldsScope(ctx), id: params.id, body }),
    );
  });

  tenantRoute(app, ADMIN_PROFILE_FIELDS_ENDPOINTS.remove, async (ctx, { params }) => {
    requireProfileFieldsAdmin(ctx);
    await deleteProfileField(ctx, { scope: hubFieldsScope(ctx), id: params.id });
    return undefined;
  });
};
