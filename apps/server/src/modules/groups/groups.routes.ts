import {
  GROUP_PATHS,
  ZCreateGroupRequest,
  ZErrorBody,
  ZGroupListQuery,
  ZGroupListResponse,
  ZGroupMembersQuery,
  ZGroupMembersResponse,
  ZGroupParams,
  ZGroupResponse,
  ZJoinGroupRequest,
  ZJoinGroupResponse,
  ZProgramQuestionsResponse,
  ZUpdateGroupRequest,
} from '@commons/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { requireGroup } from './group-access.js';
import { createGroup, joinGroup, leaveGroup, requireManage, updateGroup } from './groups.commands.js';
import { isAboveGroupAdmin, managingRight, type TGroupAccess } from './groups.policy.js';
import { presentGroupDetail, presentGroupSummary, presentMember, presentQuestion } from './groups.presenter.js';
import { listGroups, listMembers, listQuestions, loadGroupAccess, memberCounts } from './groups.queries.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

/** Re-reads the group and presents it for the viewer (after a change). */
async function presentFresh(ctx: TRequestContext, access: TGroupAccess) {
  const fresh = (await loadGroupAccess(ctx, { identifier: access.group.identifier, isNativeApp: access.isNativeApp })) ?? access;
  return presentGroupDetail(fresh, await memberCounts(ctx.tx, fresh.group.id));
}

/** Groups, programs and organizations (issue #6): lists, the group page, joining and leaving, members. */
export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    GROUP_PATHS.list,
    {
      schema: {
        tags: ['groups'],
        summary: 'Groups, programs or organizations of the hub, searched, optionally only mine (hidden ones only for their members)',
        querystring: ZGroupListQuery,
        response: { 200: ZGroupListResponse, ...errors },
      },
    },
    async (request) =>
      request.tenant({ auth: 'required', hub: 'required' }, async (ctx) => {
        const hub = ctx.requireHub();
        const viewer = ctx.requireViewer();
        const membership = ctx.membership;
        const seesAll = isAboveGroupAdmin({ isSuperAdmin: viewer.user.isSuperAdmin, isClusterAdmin: viewer.user.isClusterAdmin, isHubAdmin: membership?.isAdmin ?? false });
        if (!seesAll && membership?.approved !== true) throw forbidden('Only approved members of this hub can see its groups.');
        const { rows, nextCursor } = await listGroups(ctx.tx, {
          hubId: hub.id,
          viewerId: viewer.user.id,
          userTypeId: membership?.userTypeId ?? null,
          seesAll,
          query: request.query,
        });
        return { items: rows.map(presentGroupSummary), nextCursor, canCreate: ctx.hasRight(managingRight(request.query.type)) };
      }),
  );

  app.post(
    GROUP_PATHS.list,
    {
      schema: {
        tags: ['groups'],
        summary: 'Create a group, program or organization in the hub (groups right; programs right for programs)',
        body: ZCreateGroupRequest,
        response: { 201: ZGroupResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await request.tenant({ auth: 'required', hub: 'required' }, async (ctx) => {
        const group = await createGroup(ctx, request.body);
        const { access } = await requireGroup(ctx, { identifier: group.identifier, request });
        return { group: presentGroupDetail(access, await memberCounts(ctx.tx, group.id)) };
      });
      return reply.code(201).send(result);
    },
  );

  app.get(
    GROUP_PATHS.group,
    {
      schema: {
        tags: ['groups'],
        summary: 'A group with the tabs visible to the viewer, the viewer’s membership, the join window and abilities',
        params: ZGroupParams,
        response: { 200: ZGroupResponse, ...errors },
      },
    },
    async (request) =>
      request.tenant({ auth: 'required', hub: 'optional' }, async (ctx) => {
        const { access } = await requireGroup(ctx, { identifier: request.params.identifier, request });
        return { group: presentGroupDetail(access, await memberCounts(ctx.tx, access.group.id)) };
      }),
  );

  app.patch(
    GROUP_PATHS.group,
    {
      schema: {
        tags: ['groups'],
        summary: 'Edit about, join policy, visibility and settings (group admins, hub admins with the right; not view-only admins)',
        params: ZGroupParams,
        body: ZUpdateGroupRequest,
        response: { 200: ZGroupResponse, ...errors },
      },
    },
    async (request) =>
      request.tenant({ auth: 'required', hub: 'optional' }, async (ctx) => {
        const { access, can } = await requireGroup(ctx, { identifier: request.params.identifier, request });
        requireManage(can.manage);
        const group = await updateGroup(ctx, access, request.body);
        return { group: await presentFresh(ctx, { ...access, group }) };
      }),
  );

  app.post(
    GROUP_PATHS.join,
    {
      schema: {
        tags: ['groups'],
        summary: 'Join a group, ask to join, accept an invitation or register in a program (spec 4 join windows, spec 5 questions)',
        params: ZGroupParams,
        body: ZJoinGroupRequest,
        response: { 200: ZJoinGroupResponse, ...errors },
      },
    },
    async (request) =>
      request.tenant({ auth: 'required', hub: 'optional' }, async (ctx) => {
        const { access } = await requireGroup(ctx, { identifier: request.params.identifier, request });
        const outcome = await joinGroup(ctx, access, request.body);
        return { ...outcome, group: await presentFresh(ctx, access) };
      }),
  );

  app.post(
    GROUP_PATHS.leave,
    {
      schema: {
        tags: ['groups'],
        summary: 'Leave a group, withdraw a request or decline an invitation',
        params: ZGroupParams,
        response: { 200: ZGroupResponse, ...errors },
      },
    },
    async (request) =>
      request.tenant({ auth: 'required', hub: 'optional' }, async (ctx) => {
        const { access } = await requireGroup(ctx, { identifier: request.params.identifier, request });
        await leaveGroup(ctx, access);
        const fresh = await loadGroupAccess(ctx, { identifier: access.group.identifier, isNativeApp: access.isNativeApp });
        // A hidden group disappears for someone who left it; answer what they saw, without a membership.
        return { group: presentGroupDetail(fresh ?? { ...access, membership: null }, await memberCounts(ctx.tx, access.group.id)) };
      }),
  );

  app.get(
    GROUP_PATHS.members,
    {
      schema: {
        tags: ['groups'],
        summary: 'Members of a group by role; pending, invited and rejected members for its admins',
        params: ZGroupParams,
        querystring: ZGroupMembersQuery,
        response: { 200: ZGroupMembersResponse, ...errors },
      },
    },
    async (request) =>
      request.tenant({ auth: 'required', hub: 'optional' }, async (ctx) => {
        const { access, can } = await requireGroup(ctx, { identifier: request.params.identifier, request });
        if (!can.viewContent) throw forbidden('Join this group to see its members.');
        if (request.query.status !== 'approved' && !can.viewAdminData) throw forbidden('Only the admins of this group can see these members.');
        const { rows, nextCursor } = await listMembers(ctx.tx, { groupId: access.group.id, ...request.query });
        return { items: rows.map((r) => presentMember(r, { isAnswersVisible: can.viewAdminData })), nextCursor };
      }),
  );

  app.get(
    GROUP_PATHS.questions,
    {
      schema: {
        tags: ['groups'],
        summary: 'Registration questions of a program (spec 5 Program question fields)',
        params: ZGroupParams,
        response: { 200: ZProgramQuestionsResponse, ...errors },
      },
    },
    async (request) =>
      request.tenant({ auth: 'required', hub: 'optional' }, async (ctx) => {
        const { access } = await requireGroup(ctx, { identifier: request.params.identifier, request });
        return { items: (await listQuestions(ctx.tx, access.group.id)).map(presentQuestion) };
      }),
  );
};
