import { ORGANIZATION_ADMIN_ENDPOINTS, type TMembersQuery } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import { validationError } from '../../lib/app-error.js';
import { decodeCursor } from '../../lib/cursor.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import { csvHeaders, engagementCsv, reportOf } from '../admin-data/admin-data.routes.js';
import { analyticsFilters } from '../admin-data/admin-data.queries.js';
import { presentMember } from '../admin-people/admin-people.routes.js';
import { hubUserTypes, memberRows, type TMemberFilters } from '../admin-people/admin-people.queries.js';
import { toCsv } from '../groups/csv.js';
import { canSeeGroup, isActingGroupAdmin, type TGroupAccess } from '../groups/groups.policy.js';
import { organizationConsoleRights, requireOrganizationRight } from './organization-admin.policy.js';
import { updateOrganizationBranding } from './organization-admin.commands.js';
import { administeredOrganizations, organizationRoles } from './organization-admin.queries.js';

/** Members one page of the CSV export reads; the export reads page after page in the request's transaction. */
const CSV_PAGE_SIZE = 500;

/** The explore-users filters within the organisation's approved members; the days' order is checked. */
function memberFilters(access: TGroupAccess, query: Omit<TMembersQuery, 'cursor' | 'limit'>): TMemberFilters {
  if (query.joinedFrom && query.joinedTo && query.joinedFrom > query.joinedTo)
    throw validationError({ joinedTo: 'The last day is before the first day.' });
  return {
    hubId: access.group.hubId,
    groupId: access.group.id,
    q: query.q || undefined,
    userTypeId: query.userTypeId,
    status: query.status,
    joinedFrom: query.joinedFrom,
    joinedTo: query.joinedTo,
  };
}

/** The organisation's members as CSV, under the same filters as the list. */
async function membersCsv(
  ctx: TRequestContext,
  filters: TMemberFilters,
  sort: NonNullable<TMembersQuery['sort']>,
): Promise<string> {
  const lines: Array<Array<string | number | boolean | null>> = [
    ['Email', 'First name', 'Last name', 'User type', 'Status', 'Hub admin', 'Joined the hub (UTC)'],
  ];
  let cursor = null;
  for (;;) {
    const page = await memberRows(ctx.tx, { filters, sort, cursor, limit: CSV_PAGE_SIZE });
    for (const row of page.rows) {
      const member = presentMember(row);
      lines.push([
        member.email,
        row.user.firstName,
        row.user.lastName,
        member.userType?.title ?? '',
        member.status,
        member.isAdmin ? 'yes' : 'no',
        member.joinedAt,
      ]);
    }
    if (page.nextCursor === null) break;
    cursor = decodeCursor(page.nextCursor, sort === 'name-asc' ? 'text' : 'instant');
  }
  return `\uFEFF${toCsv(lines)}`;
}

/**
 * /api/admin/organizations… (spec 6 Organisation admins; issue #22): the organisations the viewer administers and,
 * in each, explore-users (list and CSV) and analytics (charts' counts and CSV) scoped to its approved members, and
 * branding-settings (the organisation's colour and logo). Every route checks its right through
 * organization-admin.policy; import, announcements and the organisation's own page, events and resources are the
 * group tools' endpoints, checked by groups.policy.
 */
export const organizationAdminRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, ORGANIZATION_ADMIN_ENDPOINTS.mine, async (ctx) => {
    const found = await administeredOrganizations(ctx);
    return {
      items: found
        // The organisation's acting admins only (a view-only admin who is a hub admin uses the hub's console), and
        // only while they may see it: an admin whose hub membership is not approved (or was declined) has none.
        .filter(({ access }) => isActingGroupAdmin(access) && canSeeGroup(access))
        .map(({ access, memberCount }) => ({
          id: access.group.id,
          identifier: access.group.identifier,
          name: access.group.name,
          description: access.group.description,
          coverImageUrl: access.group.coverImageUrl,
          memberCount,
          rights: organizationConsoleRights(access),
        }))
        .filter((organization) => organization.rights.length > 0),
    };
  });

  tenantRoute(app, ORGANIZATION_ADMIN_ENDPOINTS.members, async (ctx, { params, query, request }) => {
    const access = await requireOrganizationRight(ctx, {
      identifier: params.identifier,
      request,
      rights: ['explore-users'],
    });
    const page = await memberRows(ctx.tx, {
      filters: memberFilters(access, query),
      sort: query.sort,
      cursor: decodeCursor(query.cursor, query.sort === 'name-asc' ? 'text' : 'instant'),
      limit: query.limit,
    });
    const roles = await organizationRoles(ctx.tx, {
      groupId: access.group.id,
      userIds: page.rows.map((row) => row.user.id),
    });
    return {
      items: page.rows.map((row) => ({
        ...presentMember(row),
        organizationRole: roles.get(row.user.id) ?? 'member',
      })),
      nextCursor: page.nextCursor,
      userTypes: await hubUserTypes(ctx.tx, access.group.hubId),
    };
  });

  route(app, ORGANIZATION_ADMIN_ENDPOINTS.membersCsv, async ({ params, query, request, reply }) => {
    const csv = await request.tenant(
      tenantOptionsOf(ORGANIZATION_ADMIN_ENDPOINTS.membersCsv),
      async (ctx) => {
        const access = await requireOrganizationRight(ctx, {
          identifier: params.identifier,
          request,
          rights: ['explore-users'],
        });
        await ctx.audit({
          action: 'organization_admin.members_exported',
          targetType: 'group',
          targetId: access.group.id,
          data: { ...query },
        });
        return {
          text: await membersCsv(ctx, memberFilters(access, query), query.sort),
          identifier: access.group.identifier,
        };
      },
    );
    return csvHeaders(reply, `${csv.identifier}-members.csv`).send(csv.text);
  });

  tenantRoute(app, ORGANIZATION_ADMIN_ENDPOINTS.analytics, async (ctx, { params, query, request }) => {
    const access = await requireOrganizationRight(ctx, {
      identifier: params.identifier,
      request,
      rights: ['analytics', 'reports'],
    });
    const report = await reportOf(ctx, query, { organizationId: access.group.id });
    const { userTypes } = await analyticsFilters(ctx.tx, access.group.hubId);
    return { interval: query.interval, from: report.from, to: report.to, series: report.series, userTypes };
  });

  route(app, ORGANIZATION_ADMIN_ENDPOINTS.analyticsCsv, async ({ params, query, request, reply }) => {
    const csv = await request.tenant(
      tenantOptionsOf(ORGANIZATION_ADMIN_ENDPOINTS.analyticsCsv),
      async (ctx) => {
        const access = await requireOrganizationRight(ctx, {
          identifier: params.identifier,
          request,
          rights: ['analytics', 'reports'],
        });
        const report = await reportOf(ctx, query, { organizationId: access.group.id });
        await ctx.audit({
          action: 'organization_admin.analytics_exported',
          targetType: 'group',
          targetId: access.group.id,
          data: { ...query, from: report.from, to: report.to },
        });
        return { text: engagementCsv(report, query), identifier: access.group.identifier };
      },
    );
    const name = query.metric ?? 'engagement';
    return csvHeaders(reply, `${csv.identifier}-analytics-${name}-${query.interval}.csv`).send(csv.text);
  });

  tenantRoute(app, ORGANIZATION_ADMIN_ENDPOINTS.branding, async (ctx, { params, request }) => {
    const access = await requireOrganizationRight(ctx, {
      identifier: params.identifier,
      request,
      rights: ['branding-settings'],
    });
    return { branding: access.group.settings.branding };
  });

  tenantRoute(app, ORGANIZATION_ADMIN_ENDPOINTS.updateBranding, async (ctx, { params, body, request }) => {
    const access = await requireOrganizationRight(ctx, {
      identifier: params.identifier,
      request,
      rights: ['branding-settings'],
    });
    return { branding: await updateOrganizationBranding(ctx, { access, body }) };
  });
};
