import { INBOX_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import { tenantRoute } from '../../plugins/route.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import {
  closeMentorship,
  createThread,
  decideRequest,
  loadCompose,
  markRead,
  postMessage,
  setArchived,
} from './inbox.commands.js';
import { loadContactOptions } from './inbox.contact-options.js';
import {
  closeStatusFor,
  requireCanDecide,
  requireCanReply,
  requireThreadMessages,
  requireThreadParticipant,
} from './inbox.policy.js';
import { presentMessage, presentSearchHits, presentThread, threadView } from './inbox.presenter.js';
import {
  listThreads,
  searchMessages,
  unreadCounts,
  withAttachments,
  type TThreadListRow,
} from './inbox.queries.js';

/** Re-reads the thread after a change and presents it. */
async function presentFresh(ctx: TRequestContext, threadId: string) {
  const row = await requireThreadParticipant(ctx, threadId);
  return { thread: presentThread(row, ctx.requireViewer().user.id) };
}

/** The thread action endpoints: POST /api/inbox/threads/{id}/{action}, each answering the thread. */
type TThreadActionEndpoint = (typeof INBOX_ENDPOINTS)[
  'read' | 'archive' | 'unarchive' | 'accept' | 'reject' | 'close'];

/** Inbox threads and messages (issue #5 item 1). Every route works in the hub named by x-hub-id. */
export const inboxRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, INBOX_ENDPOINTS.threads, async (ctx, { query }) => {
    const viewerId = ctx.requireViewer().user.id;
    const { rows, nextCursor } = await listThreads(ctx.tx, {
      viewerId,
      hubId: ctx.requireHub().id,
      ...query,
    });
    return { items: rows.map((r) => presentThread(r, viewerId)), nextCursor };
  });

  tenantRoute(app, INBOX_ENDPOINTS.createThread, async (ctx, { body }) => {
    const { row, message } = await createThread(ctx, body);
    const viewerId = ctx.requireViewer().user.id;
    return { thread: presentThread(row, viewerId), message: presentMessage(message, viewerId) };
  });

  tenantRoute(app, INBOX_ENDPOINTS.thread, async (ctx, { params }) => presentFresh(ctx, params.id));

  tenantRoute(app, INBOX_ENDPOINTS.messages, async (ctx, { params, query }) => {
    const { rows, nextCursor } = await requireThreadMessages(ctx, { threadId: params.id, ...query });
    const viewerId = ctx.requireViewer().user.id;
    return { items: rows.map((m) => presentMessage(m.message, viewerId, m.attachments)), nextCursor };
  });

  tenantRoute(app, INBOX_ENDPOINTS.postMessage, async (ctx, { params, body }) => {
    const row = await requireThreadParticipant(ctx, params.id);
    const viewerId = ctx.requireViewer().user.id;
    requireCanReply(threadView(row, viewerId));
    const message = await postMessage(ctx, { threadId: row.thread.id, ...body });
    const [withFiles] = await withAttachments(ctx.tx, [message]);
    return { message: presentMessage(message, viewerId, withFiles?.attachments) };
  });

  const threadAction = (
    endpoint: TThreadActionEndpoint,
    action: (ctx: TRequestContext, row: TThreadListRow) => Promise<void>,
  ) =>
    tenantRoute(app, endpoint, async (ctx, { params }) => {
      const row = await requireThreadParticipant(ctx, params.id);
      await action(ctx, row);
      return presentFresh(ctx, row.thread.id);
    });

  threadAction(INBOX_ENDPOINTS.read, (ctx, row) => markRead(ctx, row.thread.id));
  threadAction(INBOX_ENDPOINTS.archive, (ctx, row) =>
    setArchived(ctx, { threadId: row.thread.id, isArchived: true }),
  );
  threadAction(INBOX_ENDPOINTS.unarchive, (ctx, row) =>
    setArchived(ctx, { threadId: row.thread.id, isArchived: false }),
  );
  threadAction(INBOX_ENDPOINTS.accept, async (ctx, row) => {
    requireCanDecide(threadView(row, ctx.requireViewer().user.id));
    await decideRequest(ctx, { row, decision: 'accepted' });
  });
  threadAction(INBOX_ENDPOINTS.reject, async (ctx, row) => {
    requireCanDecide(threadView(row, ctx.requireViewer().user.id));
    await decideRequest(ctx, { row, decision: 'rejected' });
  });
  threadAction(INBOX_ENDPOINTS.close, async (ctx, row) => {
    await closeMentorship(ctx, { row, status: closeStatusFor(threadView(row, ctx.requireViewer().user.id)) });
  });

  tenantRoute(app, INBOX_ENDPOINTS.unreadCount, async (ctx) =>
    unreadCounts(ctx.tx, { viewerId: ctx.requireViewer().user.id, hubId: ctx.requireHub().id }),
  );

  tenantRoute(app, INBOX_ENDPOINTS.search, async (ctx, { query }) => {
    const viewerId = ctx.requireViewer().user.id;
    const { rows, nextCursor } = await searchMessages(ctx.tx, {
      viewerId,
      hubId: ctx.requireHub().id,
      ...query,
    });
    const files = await withAttachments(
      ctx.tx,
      rows.map((r) => r.message),
    );
    return { items: presentSearchHits(rows, files, viewerId), nextCursor };
  });

  tenantRoute(app, INBOX_ENDPOINTS.compose, async (ctx, { query }) => loadCompose(ctx, query));

  tenantRoute(app, INBOX_ENDPOINTS.contactOptions, async (ctx, { query }) => loadContactOptions(ctx, query));
};
