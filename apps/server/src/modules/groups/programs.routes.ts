import { PROGRAM_ENDPOINTS } from '@commons/contract';
import { favoritingMessage } from '@commons/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import { programFavoritingWindow, requireGroup, requireProgram, requireProgramAdmin, requireProgramContent } from './groups.policy.js';
import { presentMemberUser } from './groups.presenter.js';
import { listQuestions } from './groups.queries.js';
import { nudgeStalled, previewMatching, publishMatching, setFavorite } from './programs.commands.js';
import { listMyMatches, listProgramMentors, programHealth, publicMentorAnswers } from './programs.queries.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Program matching, mentors and favourites, health (issue #6 Mentorship matching, Group admin). */
export function programRoutes(deps: Pick<TAppDeps, 'config' | 'mail'>): FastifyPluginAsync {
  return async (app) => {
    tenantRoute(app, PROGRAM_ENDPOINTS.matchingPreview, async (ctx, { params, body, request }) => {
      const { access } = await requireProgramAdmin(ctx, { identifier: params.identifier, request, isWrite: false });
      return previewMatching(ctx, access, body);
    });

    // The mails are written in the transaction; the relay is kicked once it has committed.
    route(app, PROGRAM_ENDPOINTS.matchingPublish, async ({ params, body, request }) => {
      const result = await request.tenant(tenantOptionsOf(PROGRAM_ENDPOINTS.matchingPublish), async (ctx) => {
        const { access } = await requireProgramAdmin(ctx, { identifier: params.identifier, request, isWrite: true });
        return publishMatching(ctx, access, { ...body, publicUrl: deps.config.publicUrl });
      });
      deps.mail.kick();
      return result;
    });

    tenantRoute(app, PROGRAM_ENDPOINTS.myMatches, async (ctx, { params, request }) => {
      const { access } = await requireGroup(ctx, { identifier: params.identifier, request });
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
    });

    tenantRoute(app, PROGRAM_ENDPOINTS.mentors, async (ctx, { params, query, request }) => {
      const { access } = await requireProgramContent(ctx, { identifier: params.identifier, request });
      const questions = await listQuestions(ctx.tx, access.group.id);
      const page = await listProgramMentors(ctx.tx, { groupId: access.group.id, viewerId: ctx.requireViewer().user.id, query });
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
    });

    for (const [endpoint, isFavorite] of [
      [PROGRAM_ENDPOINTS.favorite, true],
      [PROGRAM_ENDPOINTS.unfavorite, false],
    ] as const) {
      tenantRoute(app, endpoint, async (ctx, { params, request }) => {
        const { access } = await requireGroup(ctx, { identifier: params.identifier, request });
        await setFavorite(ctx, access, { mentorId: params.userId, isFavorite });
        return { isFavorite };
      });
    }

    tenantRoute(app, PROGRAM_ENDPOINTS.health, async (ctx, { params, request }) => {
      const { access } = await requireProgramAdmin(ctx, { identifier: params.identifier, request, isWrite: false });
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
    });

    route(app, PROGRAM_ENDPOINTS.nudge, async ({ params, body, request }) => {
      const result = await request.tenant(tenantOptionsOf(PROGRAM_ENDPOINTS.nudge), async (ctx) => {
        const { access } = await requireProgramAdmin(ctx, { identifier: params.identifier, request, isWrite: true });
        return nudgeStalled(ctx, access, { threadIds: body.threadIds, publicUrl: deps.config.publicUrl });
      });
      deps.mail.kick();
      return result;
    });
  };
}
