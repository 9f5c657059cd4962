import {
  FEED_PATHS,
  ZAnnouncementResponse,
  ZCreateAnnouncementRequest,
  ZErrorBody,
  ZFeedQuery,
  ZFeedResponse,
  ZIdParams,
  ZPinRequest,
} from '@commons/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema/index.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import {
  canAnnounce,
  createAnnouncement,
  deleteAnnouncement,
  pinAnnouncement,
  type TAnnouncementRow,
} from './feed.commands.js';
import { presentAnnouncement, presentFeedEntry } from './feed.presenter.js';
import { listFeedEntries, listPinnedAnnouncements, loadFeedContent } from './feed.queries.js';
import { mapInSeries } from '../../db/in-series.js';
import { authorColumns, type TAuthorRow } from '../content/content.queries.js';
import { accessibleGroupIds, requireGroupContent, requireHubReader } from '../content/content.policy.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const tenant = { auth: 'required', hub: 'required' } as const;

/** The viewer's announcement rights for the groups on a page, resolved once per group. */
async function viewerRights(ctx: TRequestContext, groupIds: Array<string | null>) {
  const distinct = [...new Set(groupIds)];
  const allowed = new Map(await mapInSeries(distinct, async (id) => [id, await canAnnounce(ctx, id)] as const));
  return {
    viewerId: ctx.requireViewer().user.id,
    mayAnnounce: (groupId: string | null) => allowed.get(groupId) ?? false,
  };
}

async function authorOf(ctx: TRequestContext, row: TAnnouncementRow): Promise<TAuthorRow> {
  if (!row.authorId) return null;
  const [author] = await ctx.tx.select(authorColumns).from(users).where(eq(users.id, row.authorId)).limit(1);
  return author ?? null;
}

/** Feeds (issue #7 item 5): the hub feed and each group's feed tab, and admins' announcements. */
export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    FEED_PATHS.feed,
    {
      schema: {
        tags: ['feed'],
        summary:
          'The hub feed, or a group’s feed with groupId: new questions, answers, resources, events, members and announcements, newest first',
        querystring: ZFeedQuery,
        response: { 200: ZFeedResponse, ...errors },
      },
    },
    async (request) =>
      request.tenant(tenant, async (ctx) => {
        requireHubReader(ctx);
        const groupId = request.query.groupId ?? null;
        if (groupId !== null) await requireGroupContent(ctx, groupId);
        const hubId = ctx.requireHub().id;
        const scope =
          groupId === null
            ? { clusterId: ctx.clusterId, hubId, groupId, groupIds: await accessibleGroupIds(ctx) }
            : { clusterId: ctx.clusterId, hubId, groupId };
        const { entries, nextCursor } = await listFeedEntries(ctx.tx, scope, {
          cursor: request.query.cursor,
          limit: request.query.limit,
        });
        const pinnedRows = request.query.cursor
          ? []
          : await listPinnedAnnouncements(ctx.tx, { hubId, groupId });
        const pinnedEntries = pinnedRows.map((row) => ({
          kind: 'announcement' as const,
          id: row.id,
          targetId: row.id,
          actorId: row.authorId,
          groupId: row.groupId,
          createdAt: row.createdAt,
        }));
        const content = await loadFeedContent(ctx.tx, [...pinnedEntries, ...entries]);
        const rights = await viewerRights(ctx, [groupId, ...entries.map((e) => e.groupId)]);
        const present = (list: typeof entries) =>
          list.map((e) => presentFeedEntry(e, content, rights)).filter((item) => item !== null);
        return {
          pinned: present(pinnedEntries),
          items: present(entries),
          nextCursor,
          canAnnounce: rights.mayAnnounce(groupId),
        };
      }),
  );

  app.post(
    FEED_PATHS.announcements,
    {
      schema: {
        tags: ['feed'],
        summary:
          'Post an announcement to the hub feed or a group’s feed (hub admins with the announcements right, group admins)',
        body: ZCreateAnnouncementRequest,
        response: { 201: ZAnnouncementResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await request.tenant(tenant, async (ctx) => {
        const row = await createAnnouncement(ctx, request.body);
        return {
          item: presentAnnouncement(row, await authorOf(ctx, row), await viewerRights(ctx, [row.groupId])),
        };
      });
      return reply.code(201).send(result);
    },
  );

  app.post(
    FEED_PATHS.pin,
    {
      schema: {
        tags: ['feed'],
        summary: 'Pin or unpin an announcement',
        params: ZIdParams,
        body: ZPinRequest,
        response: { 200: ZAnnouncementResponse, ...errors },
      },
    },
    async (request) =>
      request.tenant(tenant, async (ctx) => {
        const row = await pinAnnouncement(ctx, { id: request.params.id, isPinned: request.body.isPinned });
        return {
          item: presentAnnouncement(row, await authorOf(ctx, row), await viewerRights(ctx, [row.groupId])),
        };
      }),
  );

  app.delete(
    FEED_PATHS.announcement,
    {
      schema: {
        tags: ['feed'],
        summary: 'Delete an announcement (its author or an admin who may announce there)',
        params: ZIdParams,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) =>
      request.tenant(tenant, async (ctx) => {
        await deleteAnnouncement(ctx, request.params.id);
        return { ok: true as const };
      }),
  );
};
