import {
  PROGRAM_PATHS,
  ZErrorBody,
  ZFavoriteParams,
  ZFavoriteResponse,
  ZGroupParams,
  ZMatchingPreviewResponse,
  ZMatchingPublishResponse,
  ZMatchingRequest,
  ZMyMatchesResponse,
  ZNudgeRequest,
  ZNudgeResponse,
  ZProgramHealthResponse,
  ZProgramMentorsQuery,
  ZProgramMentorsResponse,
} from '@commons/contract';
import { favoritingMessage } from '@commons/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppDeps } from '../../app.js';
import { forbidden } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { requireGroup, requireManage, requireProgram } from './groups.policy.js';
import { programFavoritingWindow } from './groups.policy.js';
import { presentMemberUser } from './groups.presenter.js';
import { listQuestions } from './groups.queries.js';
import { nudgeStalled, previewMatching, publishMatching, setFavorite } from './programs.commands.js';
import { listMyMatches, listProgramMentors, programHealth, publicMentorAnswers } from './programs.queries.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tenant = { auth: 'required', hub: 'optional' } as const;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The program a request names, for its admins: view-only admins may look (isWrite false), never write. */
async function requireProgramAdmin(ctx: TRequestContext, options: { identifier: string; request: Parameters<typeof requireGroup>[1]['request']; isWrite: boolean }) {
  const found = await requireGroup(ctx, options);
  requireProgram(found.access);
  if (options.isWrite) requireManage(found.can);
  else if (!found.can.viewAdminData) throw forbidden('Only the admins of this program can see this.');
  return found;
}

/** Program matching, mentors and favourites, health (issue #6 Mentorship matching, Group admin). */
export function programRoutes(deps: Pick<TAppDeps, 'config' | 'mail'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      PROGRAM_PATHS.matchingPreview,
      {
        schema: {
          tags: ['programs'],
          summary: 'Propose mentorship matches (stable, mentee-proposing, with mentor capacities) with scores and reasons; writes nothing',
          params: ZGroupParams,
          body: ZMatchingRequest,
          response: { 200: ZMatchingPreviewResponse, ...errors },
        },
      },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          const { access } = await requireProgramAdmin(ctx, { identifier: request.params.identifier, request, isWrite: false });
          return previewMatching(ctx, access, request.body);
        }),
    );

    app.post(
      PROGRAM_PATHS.matchingPublish,
      {
        schema: {
          tags: ['programs'],
          summary: 'Publish the proposed matches: one match and one mentorship thread per new pair, in one transaction (pairs already matched are skipped)',
          params: ZGroupParams,
          body: ZMatchingRequest,
          response: { 200: ZMatchingPublishResponse, ...errors },
        },
      },
      async (request) => {
        const result = await request.tenant(tenant, async (ctx) => {
          const { access } = await requireProgramAdmin(ctx, { identifier: request.params.identifier, request, isWrite: true });
          return publishMatching(ctx, access, { ...request.body, publicUrl: deps.config.publicUrl });
        });
        deps.mail.kick();
        return result;
      },
    );

    app.get(
      PROGRAM_PATHS.myMatches,
      {
        schema: { tags: ['programs'], summary: 'The viewer’s matches in the program, with their mentorship threads', params: ZGroupParams, response: { 200: ZMyMatchesResponse, ...errors } },
      },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          const { access } = await requireGroup(ctx, { identifier: request.params.identifier, request });
          requireProgram(access);
          const rows = await listMyMatches(ctx.tx, { groupId: access.group.id, userId: ctx.requireViewer().user.id });
          return {
            items: rows.map((r) => ({
              role: r.role,
              otherUser: presentMemberUser(r.other),
              threadId: r.match.threadId,
              score: r.match.score,
              reasons: r.match.reasons,
              createdAt: r.match.createdAt.toISOString(),
            })),
          };
        }),
    );

    app.get(
      PROGRAM_PATHS.mentors,
      {
        schema: {
          tags: ['programs'],
          summary: 'Mentors of the program, filtered by their answers, with the viewer’s favourites and the favouriting window',
          params: ZGroupParams,
          querystring: ZProgramMentorsQuery,
          response: { 200: ZProgramMentorsResponse, ...errors },
        },
      },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          const { access, can } = await requireGroup(ctx, { identifier: request.params.identifier, request });
          requireProgram(access);
          if (!can.viewContent) throw forbidden('Join this program to see its mentors.');
          const questions = await listQuestions(ctx.tx, access.group.id);
          const page = await listProgramMentors(ctx.tx, { groupId: access.group.id, viewerId: ctx.requireViewer().user.id, query: request.query });
          const window = programFavoritingWindow(access);
          return {
            items: page.rows.map((r) => ({
              user: presentMemberUser(r.user),
              role: r.membership.role === 'both' ? ('both' as const) : ('mentor' as const),
              answers: publicMentorAnswers(questions, r.membership.answers),
              isFavorite: r.isFavorite,
            })),
            nextCursor: page.nextCursor,
            favoritingWindow: window,
            favoritingMessage: favoritingMessage(window),
          };
        }),
    );

    for (const isFavorite of [true, false]) {
      const handler = isFavorite ? app.put.bind(app) : app.delete.bind(app);
      handler(
        PROGRAM_PATHS.favorite,
        {
          schema: {
            tags: ['programs'],
            summary: isFavorite ? 'Favourite a mentor (mentees, inside the favouriting window)' : 'Remove a mentor from the favourites (inside the favouriting window)',
            params: ZFavoriteParams,
            response: { 200: ZFavoriteResponse, ...errors },
          },
        },
        async (request) =>
          request.tenant(tenant, async (ctx) => {
            const { access } = await requireGroup(ctx, { identifier: request.params.identifier, request });
            await setFavorite(ctx, access, { mentorId: request.params.userId, isFavorite });
            return { isFavorite };
          }),
      );
    }

    app.get(
      PROGRAM_PATHS.health,
      {
        schema: {
          tags: ['programs'],
          summary: 'Program health: matches, active mentorships, open requests and stalled mentorships (no message for 21 days)',
          params: ZGroupParams,
          response: { 200: ZProgramHealthResponse, ...errors },
        },
      },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          const { access } = await requireProgramAdmin(ctx, { identifier: request.params.identifier, request, isWrite: false });
          const health = await programHealth(ctx.tx, { groupId: access.group.id, now: ctx.now });
          return {
            ...health,
            stalled: health.stalled.map((s) => ({
              threadId: s.threadId,
              mentee: presentMemberUser(s.mentee),
              mentor: presentMemberUser(s.mentor),
              lastMessageAt: s.lastMessageAt.toISOString(),
              lastNudgedAt: iso(s.lastNudgedAt),
            })),
          };
        }),
    );

    app.post(
      PROGRAM_PATHS.nudge,
      {
        schema: {
          tags: ['programs'],
          summary: 'Mail a nudge to both members of stalled mentorships (once a week per mentorship)',
          params: ZGroupParams,
          body: ZNudgeRequest,
          response: { 200: ZNudgeResponse, ...errors },
        },
      },
      async (request) => {
        const result = await request.tenant(tenant, async (ctx) => {
          const { access } = await requireProgramAdmin(ctx, { identifier: request.params.identifier, request, isWrite: true });
          return nudgeStalled(ctx, access, { threadIds: request.body.threadIds, publicUrl: deps.config.publicUrl });
        });
        deps.mail.kick();
        return result;
      },
    );
  };
}
