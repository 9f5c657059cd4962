import {
  ORGANIZATION_PROFILE_FIELDS_ENDPOINTS,
  type TOrganizationProfileFieldsResponse,
} from '@commons/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TRequestContext } from '../../plugins/request-context.js';
import { tenantRoute } from '../../plugins/route.js';
import type { TGroupAccess } from '../groups/groups.policy.js';
import { listUserTypes } from '../hubs/hubs.queries.js';
import {
  createProfileField,
  deleteProfileField,
  reorderProfileFields,
  updateProfileField,
} from '../profile-fields/profile-fields.commands.js';
import { presentAdminProfileField } from '../profile-fields/profile-fields.presenter.js';
import {
  answerCountsByField,
  listProfileFields,
  type TProfileFieldRow,
  type TProfileFieldScope,
} from '../profile-fields/profile-fields.queries.js';
import { requireOrganizationRight } from './organization-admin.policy.js';

/** The organisation named by the path, for a viewer holding custom-fields in it (404/403 otherwise). */
function requireFieldsAdmin(
  ctx: TRequestContext,
  options: { identifier: string; request: FastifyRequest },
): Promise<TGroupAccess> {
  return requireOrganizationRight(ctx, { ...options, rights: ['custom-fields'] });
}

/** The organisation's own fields: the scope the profile-fields commands work in. */
const scopeOf = (access: TGroupAccess): TProfileFieldScope => ({
  hubId: access.group.hubId,
  organizationId: access.group.id,
});

async function presentOne(ctx: TRequestContext, row: TProfileFieldRow) {
  const counts = await answerCountsByField(ctx.tx, row.hubId);
  return presentAdminProfileField(row, counts.get(row.id) ?? 0);
}

async function listAll(
  ctx: TRequestContext,
  access: TGroupAccess,
): Promise<TOrganizationProfileFieldsResponse> {
  const scope = scopeOf(access);
  const counts = await answerCountsByField(ctx.tx, scope.hubId);
  const rows = await listProfileFields(ctx.tx, scope);
  const types = await listUserTypes(ctx.tx, scope.hubId);
  return {
    items: rows.map((row) => presentAdminProfileField(row, counts.get(row.id) ?? 0)),
    userTypes: types.map((type) => ({ id: type.id, title: type.title })),
    organization: { id: access.group.id, identifier: access.group.identifier, name: access.group.name },
  };
}

/**
 * /api/admin/organizations/:identifier/profile-fields… (spec 6 Organisation admins: custom-fields; issue #22): an
 * organisation's own custom profile fields, asked of its approved members only, with the hub fields' commands
 * and rules (kinds, options, slugs unique in the hub, deletes audited with the answers that went), checked by
 * organization-admin.policy requireOrganizationRight. Kept apart from organization-admin.routes.ts.
 */
export const organizationFieldsRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, ORGANIZATION_PROFILE_FIELDS_ENDPOINTS.list, async (ctx, { params, request }) => {
    const access = await requireFieldsAdmin(ctx, { identifier: params.identifier, request });
    return listAll(ctx, access);
  });

  tenantRoute(app, ORGANIZATION_PROFILE_FIELDS_ENDPOINTS.create, async (ctx, { params, body, request }) => {
    const access = await requireFieldsAdmin(ctx, { identifier: params.identifier, request });
    return presentOne(ctx, await createProfileField(ctx, { scope: scopeOf(access), body }));
  });

  tenantRoute(app, ORGANIZATION_PROFILE_FIELDS_ENDPOINTS.reorder, async (ctx, { params, body, request }) => {
    const access = await requireFieldsAdmin(ctx, { identifier: params.identifier, request });
    await reorderProfileFields(ctx, { scope: scopeOf(access), ids: body.ids });
    return listAll(ctx, access);
  });

  tenantRoute(app, ORGANIZATION_PROFILE_FIELDS_ENDPOINTS.update, async (ctx, { params, body, request }) => {
    const access = await requireFieldsAdmin(ctx, { identifier: params.identifier, request });
    return presentOne(ctx, await updateProfileField(ctx, { scope: scopeOf(access), id: params.id, body }));
  });

  tenantRoute(app, ORGANIZATION_PROFILE_FIELDS_ENDPOINTS.remove, async (ctx, { params, request }) => {
    const access = await requireFieldsAdmin(ctx, { identifier: params.identifier, request });
    await deleteProfileField(ctx, { scope: scopeOf(access), id: params.id });
    return undefined;
  });
};
