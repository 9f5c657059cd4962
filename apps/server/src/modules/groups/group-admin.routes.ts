import {
  GROUP_PATHS,
  ZErrorBody,
  ZGroupMemberResponse,
  ZGroupParams,
  ZMemberParams,
  ZProgramQuestionInput,
  ZProgramQuestionResponse,
  ZQuestionItemParams,
  ZUpdateMemberRequest,
} from '@commons/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema/index.js';
import { createQuestion, decideMember, deleteQuestion, removeMember, updateMember, updateQuestion } from './group-admin.commands.js';
import { requireGroup, requireManage } from './groups.policy.js';
import { presentMember, presentQuestion } from './groups.presenter.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tenant = { auth: 'required', hub: 'optional' } as const;
const ZOk = z.object({ ok: z.literal(true) });

/** Group administration (issue #6 Group admin): members and registration questions. */
export const groupAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      decision === 'approve' ? GROUP_PATHS.approveMember : GROUP_PATHS.rejectMember,
      {
        schema: {
          tags: ['group-admin'],
          summary: decision === 'approve' ? 'Approve a request to join (mails the member)' : 'Decline a request to join (mails the member)',
          params: ZMemberParams,
          response: { 200: ZOk, ...errors },
        },
      },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          const { access, can } = await requireGroup(ctx, { identifier: request.params.identifier, request });
          requireManage(can);
          await decideMember(ctx, access, { userId: request.params.userId, decision });
          return { ok: true as const };
        }),
    );
  }

  app.patch(
    GROUP_PATHS.member,
    {
      schema: {
        tags: ['group-admin'],
        summary: 'Set a member’s program role, admin or view-only admin flag',
        params: ZMemberParams,
        body: ZUpdateMemberRequest,
        response: { 200: ZGroupMemberResponse, ...errors },
      },
    },
    async (request) =>
      request.tenant(tenant, async (ctx) => {
        const { access, can } = await requireGroup(ctx, { identifier: request.params.identifier, request });
        requireManage(can);
        const membership = await updateMember(ctx, access, { userId: request.params.userId, changes: request.body });
        const [user] = await ctx.tx
          .select({ id: users.id, identifier: users.identifier, firstName: users.firstName, lastName: users.lastName, photoUrl: users.photoUrl, headline: users.headline })
          .from(users)
          .where(eq(users.id, membership.userId))
          .limit(1);
        if (!user) throw new Error('member user missing');
        return { member: presentMember({ membership, user }, { isAnswersVisible: true }) };
      }),
  );

  app.delete(
    GROUP_PATHS.member,
    {
      schema: { tags: ['group-admin'], summary: 'Remove a member, a request or an invitation', params: ZMemberParams, response: { 200: ZOk, ...errors } },
    },
    async (request) =>
      request.tenant(tenant, async (ctx) => {
        const { access, can } = await requireGroup(ctx, { identifier: request.params.identifier, request });
        requireManage(can);
        await removeMember(ctx, access, request.params.userId);
        return { ok: true as const };
      }),
  );

  app.post(
    GROUP_PATHS.questions,
    {
      schema: {
        tags: ['group-admin'],
        summary: 'Add a registration question to a program',
        params: ZGroupParams,
        body: ZProgramQuestionInput,
        response: { 201: ZProgramQuestionResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await request.tenant(tenant, async (ctx) => {
        const { access, can } = await requireGroup(ctx, { identifier: request.params.identifier, request });
        requireManage(can);
        return { question: presentQuestion(await createQuestion(ctx, access, request.body)) };
      });
      return reply.code(201).send(result);
    },
  );

  app.put(
    GROUP_PATHS.question,
    {
      schema: {
        tags: ['group-admin'],
        summary: 'Change a registration question',
        params: ZQuestionItemParams,
        body: ZProgramQuestionInput,
        response: { 200: ZProgramQuestionResponse, ...errors },
      },
    },
    async (request) =>
      request.tenant(tenant, async (ctx) => {
        const { access, can } = await requireGroup(ctx, { identifier: request.params.identifier, request });
        requireManage(can);
        return { question: presentQuestion(await updateQuestion(ctx, access, { questionId: request.params.questionId, body: request.body })) };
      }),
  );

  app.delete(
    GROUP_PATHS.question,
    { schema: { tags: ['group-admin'], summary: 'Retire a registration question', params: ZQuestionItemParams, response: { 200: ZOk, ...errors } } },
    async (request) =>
      request.tenant(tenant, async (ctx) => {
        const { access, can } = await requireGroup(ctx, { identifier: request.params.identifier, request });
        requireManage(can);
        await deleteQuestion(ctx, access, request.params.questionId);
        return { ok: true as const };
      }),
  );
};
