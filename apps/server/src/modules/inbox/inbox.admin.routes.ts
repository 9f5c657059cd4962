import {
  INBOX_PATHS,
  ZErrorBody,
  ZMentorshipListQuery,
  ZMentorshipListResponse,
  ZMentorshipResponse,
  ZOutreachTemplatesResponse,
  ZPutOutreachTemplatesRequest,
  ZThreadParams,
  type TMentorship,
} from '@commons/contract';
import { OUTREACH_TEMPLATES, type TOutreachTemplate } from '@commons/domain';
import { alias } from 'drizzle-orm/pg-core';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TTx } from '../../db/client.js';
import { outreachTemplates, threads, users, userTypes } from '../../db/schema/index.js';
import { forbidden, notFound, validationError } from '../../lib/app-error.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { adminCloseMentorship } from './inbox.commands.js';
import { autoCloseAt, parseMentorshipLength, type TMentorshipLength } from './inbox.mentorship-length.js';
import { hubMessageTypeSettings } from './inbox.policy.js';
import { presentOtherUser } from './inbox.presenter.js';
import { listOutreachTemplates } from './inbox.queries.js';
import { getHubSettings } from '../hubs/hubs.queries.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const tenant = { auth: 'required', hub: 'required' } as const;

/** The right that manages outreach templates (spec 6 hub access group 'templates'). */
const TEMPLATES_RIGHT = 'templates';
/** The right that oversees long-term mentorships (spec 6 hub access group 'programs'); custom-sql/inbox-rules.sql names it too. */
const MENTORSHIPS_RIGHT = 'programs';

const presentDefault = (t: TOutreachTemplate) => ({ id: t.id, title: t.title, body: t.body, isCustom: false });

const mentee = alias(users, 'mentee');
const mentor = alias(users, 'mentor');
const personColumns = (u: typeof mentee | typeof mentor) => ({
  id: u.id,
  identifier: u.identifier,
  firstName: u.firstName,
  lastName: u.lastName,
  photoUrl: u.photoUrl,
  deleteRequestedAt: u.deleteRequestedAt,
});

const CLOSED = ['mentorClosed', 'menteeClosed', 'autoClosed', 'adminClosed'];

/** The hub's long-term mentorships in one state, newest first (keyset on created_at, id). */
async function listMentorships(
  tx: TTx,
  options: { hubId: number; status: 'pending' | 'active' | 'closed'; cursor?: string | undefined; limit: number; threadId?: string },
) {
  const cursor = decodeCursor(options.cursor);
  const state: SQL =
    options.status === 'closed' ? inArray(threads.mentorshipStatus, CLOSED) : eq(threads.mentorshipStatus, options.status);
  const rows = await tx
    .select({ thread: threads, mentee: personColumns(mentee), mentor: personColumns(mentor) })
    .from(threads)
    .innerJoin(mentee, eq(mentee.id, threads.fromUserId))
    .innerJoin(mentor, eq(mentor.id, threads.toUserId))
    .where(
      and(
        eq(threads.hubId, options.hubId),
        eq(threads.messageType, 'longTermMentorship'),
        options.threadId ? eq(threads.id, options.threadId) : state,
        cursor ? sql`(${threads.createdAt}, ${threads.id}) < (${new Date(cursor.at)}, ${cursor.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(threads.createdAt), desc(threads.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > options.limit && last ? encodeCursor({ at: last.thread.createdAt.toISOString(), id: last.thread.id }) : null,
  };
}

type TMentorshipRow = Awaited<ReturnType<typeof listMentorships>>['rows'][number];

function presentMentorship(row: TMentorshipRow, length: TMentorshipLength | null): TMentorship {
  const { thread } = row;
  const isActive = thread.mentorshipStatus === 'active';
  return {
    threadId: thread.id,
    mentee: presentOtherUser(row.mentee),
    mentor: presentOtherUser(row.mentor),
    mentorshipStatus: thread.mentorshipStatus ?? 'pending',
    createdAt: thread.createdAt.toISOString(),
    acceptedAt: thread.acceptedAt?.toISOString() ?? null,
    closedAt: thread.closedAt?.toISOString() ?? null,
    autoCloseAt: isActive && length && thread.acceptedAt ? autoCloseAt(thread.acceptedAt, length).toISOString() : null,
  };
}

async function mentorshipLengthOf(ctx: TRequestContext): Promise<TMentorshipLength | null> {
  const settings = hubMessageTypeSettings(await getHubSettings(ctx.tx, ctx.requireHub().id));
  return parseMentorshipLength(settings.longTermMentorship.mentorshipLength);
}

/**
 * Hub administration of the inbox: outreach templates per user type pair (spec 6 'Admin templates replace
 * the default outreach templates by user type pair') and the hub's long-term mentorships (spec 4 adminClosed).
 */
export const inboxAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    INBOX_PATHS.adminTemplates,
    {
      schema: {
        tags: ['inbox'],
        summary: 'Outreach templates of the hub per sender/recipient user type pair, and the defaults (templates right)',
        response: { 200: ZOutreachTemplatesResponse, ...errors },
      },
    },
    async (request) =>
      request.tenant(tenant, async (ctx) => {
        ctx.requireRight(TEMPLATES_RIGHT);
        const rows = await listOutreachTemplates(ctx.tx, { hubId: ctx.requireHub().id });
        const sets = new Map<string, { senderUserTypeId: string; recipientUserTypeId: string; templates: Array<ReturnType<typeof presentDefault>> }>();
        for (const row of rows) {
          const key = `${row.senderUserTypeId}:${row.recipientUserTypeId}`;
          const set = sets.get(key) ?? { senderUserTypeId: row.senderUserTypeId, recipientUserTypeId: row.recipientUserTypeId, templates: [] };
          set.templates.push({ id: row.id, title: row.title, body: row.body, isCustom: true });
          sets.set(key, set);
        }
        return {
          items: [...sets.values()],
          defaults: {
            student: OUTREACH_TEMPLATES.filter((t) => t.style === 'student').map(presentDefault),
            alumni: OUTREACH_TEMPLATES.filter((t) => t.style === 'alumni').map(presentDefault),
          },
        };
      }),
  );

  app.put(
    INBOX_PATHS.adminTemplates,
    {
      schema: {
        tags: ['inbox'],
        summary: 'Replace the outreach templates of one user type pair; an empty list brings back the defaults (templates right)',
        body: ZPutOutreachTemplatesRequest,
        response: { 200: ZOutreachTemplatesResponse.pick({ items: true }), ...errors },
      },
    },
    async (request) =>
      request.tenant(tenant, async (ctx) => {
        ctx.requireRight(TEMPLATES_RIGHT);
        const hubId = ctx.requireHub().id;
        const { senderUserTypeId, recipientUserTypeId, templates } = request.body;
        const known = await ctx.tx
          .select({ id: userTypes.id })
          .from(userTypes)
          .where(and(eq(userTypes.hubId, hubId), inArray(userTypes.id, [senderUserTypeId, recipientUserTypeId])));
        const knownIds = new Set(known.map((k) => k.id));
        if (!knownIds.has(senderUserTypeId)) throw validationError({ senderUserTypeId: 'Choose a user type of this hub.' });
        if (!knownIds.has(recipientUserTypeId)) throw validationError({ recipientUserTypeId: 'Choose a user type of this hub.' });
        const pair = and(
          eq(outreachTemplates.hubId, hubId),
          eq(outreachTemplates.senderUserTypeId, senderUserTypeId),
          eq(outreachTemplates.recipientUserTypeId, recipientUserTypeId),
        );
        await ctx.tx.delete(outreachTemplates).where(pair);
        if (templates.length > 0) {
          await ctx.tx.insert(outreachTemplates).values(
            templates.map((t, position) => ({
              clusterId: ctx.clusterId,
              hubId,
              senderUserTypeId,
              recipientUserTypeId,
              position,
              title: t.title,
              body: t.body,
              updatedAt: ctx.now,
            })),
          );
        }
        await ctx.audit({ action: 'inbox.outreach_templates', targetType: 'user_type_pair', targetId: `${senderUserTypeId}:${recipientUserTypeId}`, data: { count: templates.length } });
        const rows = await listOutreachTemplates(ctx.tx, { hubId, senderUserTypeId, recipientUserTypeId });
        return {
          items: rows.length
            ? [{ senderUserTypeId, recipientUserTypeId, templates: rows.map((r) => ({ id: r.id, title: r.title, body: r.body, isCustom: true })) }]
            : [],
        };
      }),
  );

  app.get(
    INBOX_PATHS.adminMentorships,
    {
      schema: {
        tags: ['inbox'],
        summary: 'Long-term mentorships of the hub by state, newest first (programs right; never their messages)',
        querystring: ZMentorshipListQuery,
        response: { 200: ZMentorshipListResponse, ...errors },
      },
    },
    async (request) =>
      request.tenant(tenant, async (ctx) => {
        ctx.requireRight(MENTORSHIPS_RIGHT);
        const { rows, nextCursor } = await listMentorships(ctx.tx, { hubId: ctx.requireHub().id, ...request.query });
        const length = await mentorshipLengthOf(ctx);
        return { items: rows.map((r) => presentMentorship(r, length)), nextCursor };
      }),
  );

  app.post(
    INBOX_PATHS.adminCloseMentorship,
    {
      schema: {
        tags: ['inbox'],
        summary: 'Close an active long-term mentorship as an administrator (adminClosed; programs right)',
        params: ZThreadParams,
        response: { 200: ZMentorshipResponse, ...errors },
      },
    },
    async (request) =>
      request.tenant(tenant, async (ctx) => {
        ctx.requireRight(MENTORSHIPS_RIGHT);
        const hubId = ctx.requireHub().id;
        const find = async () => (await listMentorships(ctx.tx, { hubId, status: 'active', limit: 1, threadId: request.params.id })).rows[0];
        const row = await find();
        if (!row) throw notFound('Mentorship');
        if (row.thread.mentorshipStatus !== 'active') throw forbidden('Only an active mentorship can be closed.');
        await adminCloseMentorship(ctx, row.thread.id);
        const closed = await find();
        if (!closed) throw notFound('Mentorship');
        await ctx.audit({ action: 'inbox.mentorship_admin_closed', targetType: 'thread', targetId: row.thread.id });
        return { mentorship: presentMentorship(closed, null) };
      }),
  );
};
