import {
  ADMIN_CANDIDATES_LIMIT,
  ADMIN_PEOPLE_ENDPOINTS,
  type THubAdmin,
  type THubMemberRow,
} from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import { validationError } from '../../lib/app-error.js';
import { decodeCursor } from '../../lib/cursor.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { tenantRoute } from '../../plugins/route.js';
import { makeAdmin, removeAdmin, setAdminRight, switchUserType } from './admin-people.commands.js';
import {
  canSeeMemberEmails,
  canSwitchUserTypes,
  grantableRightsOf,
  manageableRightsOf,
  requireExploreUsers,
  requireManageAdmins,
  requireSwitchUserTypes,
} from './admin-people.policy.js';
import {
  adminCandidateRows,
  hubAdminRows,
  hubUserTypes,
  memberRows,
  memberStatusOf,
  type THubAdminRow,
  type TMemberRow,
} from './admin-people.queries.js';

const fullNameOf = (user: { firstName: string; lastName: string }) =>
  `${user.firstName} ${user.lastName}`.trim();
const userTypeOf = (type: { id: string; title: string } | null) =>
  type ? { id: type.id, title: type.title } : null;

function presentAdmin(ctx: TRequestContext, row: THubAdminRow): THubAdmin {
  return {
    userId: row.user.id,
    identifier: row.user.identifier,
    fullName: fullNameOf(row.user),
    email: canSeeMemberEmails(ctx) ? row.user.email : null,
    userType: userTypeOf(row.userType),
    rights: row.rights,
    isSelf: row.user.id === ctx.viewer?.user.id,
    platformRole: row.user.isSuperAdmin ? 'super-admin' : row.user.isClusterAdmin ? 'cluster-admin' : null,
  };
}

/** A member as the explore-users lists show them (the hub's, and an organisation's console). */
export function presentMember(row: TMemberRow): THubMemberRow {
  return {
    userId: row.user.id,
    identifier: row.user.identifier,
    fullName: fullNameOf(row.user),
    email: row.user.email,
    userType: userTypeOf(row.userType),
    status: memberStatusOf(row.membership.approved),
    isAdmin: row.membership.isAdmin,
    joinedAt: row.membership.createdAt.toISOString(),
  };
}

/** /api/admin/admins and /api/admin/members (issue #22 items 1 and 6): the hub's admins and members. */
export const adminPeopleRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, ADMIN_PEOPLE_ENDPOINTS.listAdmins, async (ctx) => {
    const hub = requireManageAdmins(ctx);
    const rows = await hubAdminRows(ctx.tx, { hubId: hub.id });
    return {
      items: rows.map((row) => presentAdmin(ctx, row)),
      grantableRights: grantableRightsOf(hub),
      manageableRights: manageableRightsOf(ctx, hub),
    };
  });

  tenantRoute(app, ADMIN_PEOPLE_ENDPOINTS.adminCandidates, async (ctx, { query }) => {
    const hub = requireManageAdmins(ctx);
    // Without explore-users the viewer sees no emails, so they do not search by them either.
    const isEmailSearched = canSeeMemberEmails(ctx);
    const rows = await adminCandidateRows(ctx.tx, {
      hubId: hub.id,
      q: query.q,
      isEmailSearched,
      limit: ADMIN_CANDIDATES_LIMIT,
    });
    return {
      items: rows.map((row) => ({
        userId: row.user.id,
        fullName: fullNameOf(row.user),
        email: isEmailSearched ? row.user.email : null,
        userType: userTypeOf(row.userType),
      })),
    };
  });

  tenantRoute(app, ADMIN_PEOPLE_ENDPOINTS.makeAdmin, async (ctx, { body }) => {
    const hub = requireManageAdmins(ctx);
    const admin = await makeAdmin(ctx, { hub, userId: body.userId, rights: body.rights });
    return presentAdmin(ctx, admin);
  });

  tenantRoute(app, ADMIN_PEOPLE_ENDPOINTS.setRight, async (ctx, { params, body }) => {
    const hub = requireManageAdmins(ctx);
    const admin = await setAdminRight(ctx, { hub, userId: params.userId, ...body });
    return presentAdmin(ctx, admin);
  });

  tenantRoute(app, ADMIN_PEOPLE_ENDPOINTS.removeAdmin, async (ctx, { params }) => {
    const hub = requireManageAdmins(ctx);
    await removeAdmin(ctx, { hub, userId: params.userId });
    return undefined;
  });

  tenantRoute(app, ADMIN_PEOPLE_ENDPOINTS.listMembers, async (ctx, { query }) => {
    const hub = requireExploreUsers(ctx);
    if (query.joinedFrom && query.joinedTo && query.joinedFrom > query.joinedTo)
      throw validationError({ joinedTo: 'The last day is before the first day.' });
    const page = await memberRows(ctx.tx, {
      filters: {
        hubId: hub.id,
        q: query.q || undefined,
        userTypeId: query.userTypeId,
        status: query.status,
        joinedFrom: query.joinedFrom,
        joinedTo: query.joinedTo,
      },
      sort: query.sort,
      cursor: decodeCursor(query.cursor, query.sort === 'name-asc' ? 'text' : 'instant'),
      limit: query.limit,
    });
    return {
      items: page.rows.map(presentMember),
      nextCursor: page.nextCursor,
      userTypes: await hubUserTypes(ctx.tx, hub.id),
      can: { switchUserType: canSwitchUserTypes(ctx) },
    };
  });

  tenantRoute(app, ADMIN_PEOPLE_ENDPOINTS.switchUserType, async (ctx, { body }) => {
    const hub = requireSwitchUserTypes(ctx);
    return switchUserType(ctx, { hub, ...body });
  });
};
