import {
  INBOX_PATHS,
  ZCreateThreadRequest,
  ZCreateThreadResponse,
  ZErrorBody,
  ZInboxSearchQuery,
  ZInboxSearchResponse,
  ZMessageListQuery,
  ZMessageListResponse,
  ZPostMessageRequest,
  ZPostMessageResponse,
  ZThreadListQuery,
  ZThreadListResponse,
  ZThreadParams,
  ZThreadResponse,
  ZUnreadCountResponse,
} from '@commons/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { closeMentorship, createThread, decideRequest, markRead, postMessage, setArchived } from './inbox.commands.js';
import { closeStatusFor, requireCanDecide, requireCanReply } from './inbox.policy.js';
import { presentMessage, presentOtherUser, presentThread, threadView } from './inbox.presenter.js';
import { findThreadFor, listMessages, listThreads, searchMessages, unreadCounts, type TThreadListRow } from './inbox.queries.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const tenant = { auth: 'required', hub: 'required' } as const;

/** The viewer's thread in the request's hub; anyone who is not a participant gets 404. */
async function requireThread(ctx: TRequestContext, threadId: string): Promise<TThreadListRow> {
  const row = await findThreadFor(ctx.tx, { threadId, viewerId: ctx.requireViewer().user.id, hubId: ctx.requireHub().id });
  if (!row) throw notFound('Thread');
  return row;
}

/** Re-reads the thread after a change and presents it. */
async function presentFresh(ctx: TRequestContext, threadId: string) {
  const row = await requireThread(ctx, threadId);
  return { thread: presentThread(row, ctx.requireViewer().user.id) };
}

/** Inbox threads and messages (issue #5 item 1). Every route works in the hub named by x-hub-id. */
export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    INBOX_PATHS.threads,
    {
      schema: {
        tags: ['inbox'],
        summary: 'My threads in the hub, newest activity first (tab inbox: not archived; rooms: of a group; archived)',
        querystring: ZThreadListQuery,
        response: { 200: ZThreadListResponse, ...errors },
      },
    },
    async (request) =>
      request.tenant(tenant, async (ctx) => {
        const viewerId = ctx.requireViewer().user.id;
        const { rows, nextCursor } = await listThreads(ctx.tx, { viewerId, hubId: ctx.requireHub().id, ...request.query });
        return { items: rows.map((r) => presentThread(r, viewerId)), nextCursor };
      }),
  );

  app.post(
    INBOX_PATHS.threads,
    {
      schema: {
        tags: ['inbox'],
        summary: 'Start a conversation with a member of the hub (spec 5 Request limit, spec 6 Messaging)',
        body: ZCreateThreadRequest,
        response: { 201: ZCreateThreadResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await request.tenant(tenant, async (ctx) => {
        const { row, message } = await createThread(ctx, request.body);
        const viewerId = ctx.requireViewer().user.id;
        return { thread: presentThread(row, viewerId), message: presentMessage(message, viewerId) };
      });
      return reply.code(201).send(result);
    },
  );

  app.get(
    INBOX_PATHS.thread,
    { schema: { tags: ['inbox'], summary: 'One of my threads', params: ZThreadParams, response: { 200: ZThreadResponse, ...errors } } },
    async (request) => request.tenant(tenant, async (ctx) => presentFresh(ctx, request.params.id)),
  );

  app.get(
    INBOX_PATHS.messages,
    {
      schema: {
        tags: ['inbox'],
        summary: 'Messages of a thread, newest first; nextCursor pages towards older messages',
        params: ZThreadParams,
        querystring: ZMessageListQuery,
        response: { 200: ZMessageListResponse, ...errors },
      },
    },
    async (request) =>
      request.tenant(tenant, async (ctx) => {
        const row = await requireThread(ctx, request.params.id);
        const viewerId = ctx.requireViewer().user.id;
        const { rows, nextCursor } = await listMessages(ctx.tx, { threadId: row.thread.id, ...request.query });
        return { items: rows.map((m) => presentMessage(m, viewerId)), nextCursor };
      }),
  );

  app.post(
    INBOX_PATHS.messages,
    {
      schema: {
        tags: ['inbox'],
        summary: 'Reply in a thread; closed threads are read-only (spec 4)',
        params: ZThreadParams,
        body: ZPostMessageRequest,
        response: { 201: ZPostMessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await request.tenant(tenant, async (ctx) => {
        const row = await requireThread(ctx, request.params.id);
        const viewerId = ctx.requireViewer().user.id;
        requireCanReply(threadView(row, viewerId));
        const message = await postMessage(ctx, { threadId: row.thread.id, body: request.body.body });
        return { message: presentMessage(message, viewerId) };
      });
      return reply.code(201).send(result);
    },
  );

  const threadAction = (
    path: string,
    summary: string,
    action: (ctx: TRequestContext, row: TThreadListRow) => Promise<void>,
  ) =>
    app.post(
      path,
      { schema: { tags: ['inbox'], summary, params: ZThreadParams, response: { 200: ZThreadResponse, ...errors } } },
      async (request) =>
        request.tenant(tenant, async (ctx) => {
          const row = await requireThread(ctx, request.params.id);
          await action(ctx, row);
          return presentFresh(ctx, row.thread.id);
        }),
    );

  threadAction(INBOX_PATHS.read, 'Mark a thread read', (ctx, row) => markRead(ctx, row.thread.id));
  threadAction(INBOX_PATHS.archive, 'Archive a thread for me (it becomes read-only for me)', (ctx, row) =>
    setArchived(ctx, { threadId: row.thread.id, isArchived: true }),
  );
  threadAction(INBOX_PATHS.unarchive, 'Move a thread back to my inbox', (ctx, row) => setArchived(ctx, { threadId: row.thread.id, isArchived: false }));
  threadAction(INBOX_PATHS.accept, 'Accept a pending request (recipient only)', async (ctx, row) => {
    requireCanDecide(threadView(row, ctx.requireViewer().user.id));
    await decideRequest(ctx, { row, decision: 'accepted' });
  });
  threadAction(INBOX_PATHS.reject, 'Reject a pending request (recipient only); the thread becomes read-only', async (ctx, row) => {
    requireCanDecide(threadView(row, ctx.requireViewer().user.id));
    await decideRequest(ctx, { row, decision: 'rejected' });
  });
  threadAction(INBOX_PATHS.close, 'Close an active long-term mentorship (mentorClosed or menteeClosed)', async (ctx, row) => {
    await closeMentorship(ctx, { row, status: closeStatusFor(threadView(row, ctx.requireViewer().user.id)) });
  });

  app.get(
    INBOX_PATHS.unreadCount,
    { schema: { tags: ['inbox'], summary: 'My unread threads and messages in the hub', response: { 200: ZUnreadCountResponse, ...errors } } },
    async (request) => request.tenant(tenant, async (ctx) => unreadCounts(ctx.tx, { viewerId: ctx.requireViewer().user.id, hubId: ctx.requireHub().id })),
  );

  app.get(
    INBOX_PATHS.search,
    {
      schema: {
        tags: ['inbox'],
        summary: 'Search my messages in the hub (every word as a prefix), newest first',
        querystring: ZInboxSearchQuery,
        response: { 200: ZInboxSearchResponse, ...errors },
      },
    },
    async (request) =>
      request.tenant(tenant, async (ctx) => {
        const viewerId = ctx.requireViewer().user.id;
        const { rows, nextCursor } = await searchMessages(ctx.tx, { viewerId, hubId: ctx.requireHub().id, ...request.query });
        return {
          items: rows.map((r) => ({ message: presentMessage(r.message, viewerId), thread: { id: r.message.threadId, otherUser: presentOtherUser(r.other) } })),
          nextCursor,
        };
      }),
  );
};
