import {
  INBOX_PATHS,
  ZComposeQuery,
  ZComposeResponse,
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
import { MESSAGE_TYPE_LABELS, OUTREACH_TEMPLATES, outreachTemplatesFor, responseTimeLabel } from '@commons/domain';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client.js';
import { notFound, validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import {
  closeMentorship,
  composeOptions,
  createThread,
  decideRequest,
  findRecipient,
  loadProgramSendContext,
  loadSendContext,
  markRead,
  postMessage,
  setArchived,
} from './inbox.commands.js';
import { closeStatusFor, requireApprovedMember, requireCanDecide, requireCanReply } from './inbox.policy.js';
import { presentMessage, presentOtherUser, presentThread, threadView } from './inbox.presenter.js';
import {
  findThreadFor,
  listMessages,
  listOutreachTemplates,
  listThreads,
  searchMessages,
  unreadCounts,
  withAttachments,
  type TThreadListRow,
} from './inbox.queries.js';

/** Standard user types that write student-style outreach (spec 9 Outreach templates). */
const STUDENT_STANDARD_TYPES = new Set(['Student', 'Graduate Student']);

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
        const items = await withAttachments(ctx.tx, rows);
        return { items: items.map((m) => presentMessage(m.message, viewerId, m.attachments)), nextCursor };
      }),
  );

  app.post(
    INBOX_PATHS.messages,
    {
      schema: {
        tags: ['inbox'],
        summary: 'Reply in a thread, with files uploaded to it beforehand; closed threads are read-only (spec 4)',
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
        const message = await postMessage(ctx, { threadId: row.thread.id, ...request.body });
        const [withFiles] = await withAttachments(ctx.tx, [message]);
        return { message: presentMessage(message, viewerId, withFiles?.attachments) };
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
        const files = await withAttachments(ctx.tx, rows.map((r) => r.message));
        return {
          items: rows.map((r, i) => ({
            message: presentMessage(r.message, viewerId, files[i]?.attachments),
            thread: { id: r.message.threadId, otherUser: presentOtherUser(r.other) },
          })),
          nextCursor,
        };
      }),
  );

  app.get(
    INBOX_PATHS.compose,
    {
      schema: {
        tags: ['inbox'],
        summary: 'Starting a conversation with a member: the message types I may send (and why not now), templates, response time',
        querystring: ZComposeQuery,
        response: { 200: ZComposeResponse, ...errors },
      },
    },
    async (request) =>
      request.tenant(tenant, async (ctx) => {
        const viewer = ctx.requireViewer();
        const hub = ctx.requireHub();
        const membership = requireApprovedMember(ctx);
        if (request.query.recipientId === viewer.user.id) throw validationError({ recipientId: 'You cannot send a message to yourself.' });
        const recipient = await findRecipient(ctx, request.query.recipientId);
        if (!recipient) throw notFound('Recipient');
        // In a program, its message-type settings and its own pool apply (issue #6 item 4).
        const groupId = request.query.groupId;
        const send = groupId === undefined ? await loadSendContext(ctx) : await loadProgramSendContext(ctx, { groupId, recipientId: recipient.user.id });
        const options = await composeOptions(ctx, send, recipient);
        const senderTypeId = membership.userType?.id ?? '';
        const recipientTypeId = recipient.userType?.id ?? '';
        const custom = await listOutreachTemplates(ctx.tx, { hubId: hub.id, senderUserTypeId: senderTypeId, recipientUserTypeId: recipientTypeId });
        const templates = outreachTemplatesFor({
          senderUserTypeId: senderTypeId,
          recipientUserTypeId: recipientTypeId,
          isSenderStudent: STUDENT_STANDARD_TYPES.has(membership.userType?.standardUserType ?? ''),
          adminTemplates: custom.length ? [{ senderUserTypeId: senderTypeId, recipientUserTypeId: recipientTypeId, templates: custom.map((t) => ({ id: t.id, style: 'student' as const, title: t.title, body: t.body })) }] : [],
        });
        const [hours] = await queryRows<{ h: number | null }>(ctx.tx, sql`SELECT app_inbox_response_hours(${hub.id}, ${recipient.user.id}::uuid) AS h`);
        const defaultIds = new Set(OUTREACH_TEMPLATES.map((t) => t.id));
        return {
          recipient: presentOtherUser(recipient.user),
          responseTimeLabel: responseTimeLabel(hours?.h === null || hours?.h === undefined ? null : Number(hours.h)),
          messageTypes: options.map((o) => ({
            type: o.type,
            label: MESSAGE_TYPE_LABELS[o.type],
            headlineText: o.settings.headlineText,
            subText: o.settings.subText,
            mentorshipLength: o.settings.mentorshipLength,
            videoLink: o.settings.videoLink,
            unavailableReason: o.unavailableReason,
          })),
          templates: templates.map((t) => ({ id: t.id, title: t.title, body: t.body, isCustom: !defaultIds.has(t.id) })),
        };
      }),
  );
};
