import { GROUP_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import { tenantRoute } from '../../plugins/route.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { createGroup, joinGroup, leaveGroup, updateGroup } from './groups.commands.js';
import {
  canCreateGroup,
  requireGroup,
  requireGroupListViewer,
  requireManagedGroup,
  requireMemberListAccess,
  type TGroupAccess,
} from './groups.policy.js';
import {
  presentGroupDetail,
  presentGroupSummary,
  presentMember,
  presentQuestion,
} from './groups.presenter.js';
import { listGroups, listMembers, listQuestions, loadGroupAccess, memberCounts } from './groups.queries.js';

/** Re-reads the group and presents it for the viewer (after a change). */
async function presentFresh(ctx: TRequestContext, access: TGroupAccess) {
  const fresh =
    (await loadGroupAccess(ctx, { identifier: access.group.identifier, isNativeApp: access.isNativeApp })) ??
    access;
  return presentGroupDetail(fresh, await memberCounts(ctx.tx, fresh.group.id));
}

/** Groups, programs and organizations (issue #6): lists, the group page, joining and leaving, members. */
export const groupRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, GROUP_ENDPOINTS.list, async (ctx, { query }) => {
    const hub = ctx.requireHub();
    const { seesAll } = requireGroupListViewer(ctx);
    const { rows, nextCursor } = await listGroups(ctx.tx, {
      hubId: hub.id,
      viewerId: ctx.requireViewer().user.id,
      userTypeId: ctx.membership?.userTypeId ?? null,
      seesAll,
      query,
    });
    return { items: rows.map(presentGroupSummary), nextCursor, canCreate: canCreateGroup(ctx, query.type) };
  });

  tenantRoute(app, GROUP_ENDPOINTS.create, async (ctx, { body, request }) => {
    const group = await createGroup(ctx, body);
    const { access } = await requireGroup(ctx, { identifier: group.identifier, request });
    return { group: presentGroupDetail(access, await memberCounts(ctx.tx, group.id)) };
  });

  tenantRoute(app, GROUP_ENDPOINTS.get, async (ctx, { params, request }) => {
    const { access } = await requireGroup(ctx, { identifier: params.identifier, request });
    return { group: presentGroupDetail(access, await memberCounts(ctx.tx, access.group.id)) };
  });

  tenantRoute(app, GROUP_ENDPOINTS.update, async (ctx, { params, body, request }) => {
    const { access } = await requireManagedGroup(ctx, { identifier: params.identifier, request });
    const group = await updateGroup(ctx, access, body);
    return { group: await presentFresh(ctx, { ...access, group }) };
  });

  tenantRoute(app, GROUP_ENDPOINTS.join, async (ctx, { params, body, request }) => {
    const { access } = await requireGroup(ctx, { identifier: params.identifier, request });
    const outcome = await joinGroup(ctx, access, body);
    return { ...outcome, group: await presentFresh(ctx, access) };
  });

  tenantRoute(app, GROUP_ENDPOINTS.leave, async (ctx, { params, request }) => {
    const { access } = await requireGroup(ctx, { identifier: params.identifier, request });
    await leaveGroup(ctx, access);
    const fresh = await loadGroupAccess(ctx, {
      identifier: access.group.identifier,
      isNativeApp: access.isNativeApp,
    });
    // A hidden group disappears for someone who left it; answer what they saw, without a membership.
    return {
      group: presentGroupDetail(
        fresh ?? { ...access, membership: null },
        await memberCounts(ctx.tx, access.group.id),
      ),
    };
  });

  tenantRoute(app, GROUP_ENDPOINTS.members, async (ctx, { params, query, request }) => {
    const { access, can } = await requireGroup(ctx, { identifier: params.identifier, request });
    requireMemberListAccess(can, query.status);
    const { rows, nextCursor } = await listMembers(ctx.tx, { groupId: access.group.id, ...query });
    return { items: rows.map((r) => presentMember(r, { isAnswersVisible: can.viewAdminData })), nextCursor };
  });

  tenantRoute(app, GROUP_ENDPOINTS.questions, async (ctx, { params, request }) => {
    const { access } = await requireGroup(ctx, { identifier: params.identifier, request });
    return { items: (await listQuestions(ctx.tx, access.group.id)).map(presentQuestion) };
  });
};
