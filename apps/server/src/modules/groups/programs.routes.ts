import { PROGRAM_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import {
  programFavoritingWindow,
  requireGroup,
  requireProgram,
  requireProgramAdmin,
  requireProgramContent,
} from './groups.policy.js';
import { listQuestions } from './groups.queries.js';
import { nudgeStalled, previewMatching, publishMatching, setFavorite } from './programs.commands.js';
import {
  presentFavoriting,
  presentMyMatch,
  presentProgramHealth,
  presentProgramMentor,
} from './programs.presenter.js';
import { listMyMatches, listProgramMentors, programHealth } from './programs.queries.js';

/** Program matching, mentors and favourites, health (issue #6 Mentorship matching, Group admin). */
export function programRoutes(deps: Pick<TAppDeps, 'config' | 'mail'>): FastifyPluginAsync {
  return async (app) => {
    tenantRoute(app, PROGRAM_ENDPOINTS.matchingPreview, async (ctx, { params, body, request }) => {
      const { access } = await requireProgramAdmin(ctx, {
        identifier: params.identifier,
        request,
        isWrite: false,
      });
      return previewMatching(ctx, access, body);
    });

    // The mails are written in the transaction; the relay is kicked once it has committed.
    route(app, PROGRAM_ENDPOINTS.matchingPublish, async ({ params, body, request }) => {
      const result = await request.tenant(tenantOptionsOf(PROGRAM_ENDPOINTS.matchingPublish), async (ctx) => {
        const { access } = await requireProgramAdmin(ctx, {
          identifier: params.identifier,
          request,
          isWrite: true,
        });
        return publishMatching(ctx, access, { ...body, publicUrl: deps.config.publicUrl });
      });
      deps.mail.kick();
      return result;
    });

    tenantRoute(app, PROGRAM_ENDPOINTS.myMatches, async (ctx, { params, request }) => {
      const { access } = await requireGroup(ctx, { identifier: params.identifier, request });
      requireProgram(access);
      const rows = await listMyMatches(ctx.tx, {
        groupId: access.group.id,
        userId: ctx.requireViewer().user.id,
      });
      return { items: rows.map(presentMyMatch) };
    });

    tenantRoute(app, PROGRAM_ENDPOINTS.mentors, async (ctx, { params, query, request }) => {
      const { access } = await requireProgramContent(ctx, { identifier: params.identifier, request });
      const questions = await listQuestions(ctx.tx, access.group.id);
      const page = await listProgramMentors(ctx.tx, {
        groupId: access.group.id,
        viewerId: ctx.requireViewer().user.id,
        query,
      });
      return {
        items: page.rows.map((r) => presentProgramMentor(r, questions)),
        nextCursor: page.nextCursor,
        ...presentFavoriting(programFavoritingWindow(access)),
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
      const { access } = await requireProgramAdmin(ctx, {
        identifier: params.identifier,
        request,
        isWrite: false,
      });
      return presentProgramHealth(await programHealth(ctx.tx, { groupId: access.group.id, now: ctx.now }));
    });

    route(app, PROGRAM_ENDPOINTS.nudge, async ({ params, body, request }) => {
      const result = await request.tenant(tenantOptionsOf(PROGRAM_ENDPOINTS.nudge), async (ctx) => {
        const { access } = await requireProgramAdmin(ctx, {
          identifier: params.identifier,
          request,
          isWrite: true,
        });
        return nudgeStalled(ctx, access, { threadIds: body.threadIds, publicUrl: deps.config.publicUrl });
      });
      deps.mail.kick();
      return result;
    });
  };
}
