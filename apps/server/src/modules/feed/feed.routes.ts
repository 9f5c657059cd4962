import { FEED_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenantRoute } from '../../plugins/route.js';
import { createAnnouncement, deleteAnnouncement, pinAnnouncement } from './feed.commands.js';
import { presentAnnouncement, presentFeedEntry } from './feed.presenter.js';
import { readAnnouncementView, readFeed } from './feed.queries.js';

/** Feeds (issue #7 item 5): the hub feed and each group's feed tab, and admins' announcements. */
export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  tenantRoute(app, FEED_ENDPOINTS.feed, async (ctx, { query }) => {
    const { groupId, pinnedEntries, entries, nextCursor, content, rights } = await readFeed(ctx, query);
    const present = (list: typeof entries) =>
      list.map((e) => presentFeedEntry(e, content, rights)).filter((item) => item !== null);
    return {
      pinned: present(pinnedEntries),
      items: present(entries),
      nextCursor,
      canAnnounce: rights.mayAnnounce(groupId),
    };
  });

  tenantRoute(app, FEED_ENDPOINTS.createAnnouncement, async (ctx, { body }) => {
    const row = await createAnnouncement(ctx, body);
    const { author, rights } = await readAnnouncementView(ctx, row);
    return { item: presentAnnouncement(row, author, rights) };
  });

  tenantRoute(app, FEED_ENDPOINTS.pinAnnouncement, async (ctx, { params, body }) => {
    const row = await pinAnnouncement(ctx, { id: params.id, isPinned: body.isPinned });
    const { author, rights } = await readAnnouncementView(ctx, row);
    return { item: presentAnnouncement(row, author, rights) };
  });

  tenantRoute(app, FEED_ENDPOINTS.deleteAnnouncement, async (ctx, { params }) => {
    await deleteAnnouncement(ctx, params.id);
    return { ok: true as const };
  });
};
