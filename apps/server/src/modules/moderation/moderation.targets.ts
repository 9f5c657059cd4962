import { webPaths, type TReportTargetKind } from '@commons/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import {
  announcements,
  answers,
  comments,
  events,
  hubMemberships,
  questions,
  resources,
  threads,
  users,
} from '../../db/schema/index.js';
import { notFound, validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { removePost } from '../discussions/discussions.commands.js';
import { canSeeGroup } from '../content/content.policy.js';

/** What moderation needs to know of a reported piece of content. */
export type TReportTarget = {
  kind: TReportTargetKind;
  id: string;
  hubId: number;
  groupId: string | null;
  authorId: string | null;
  isHidden: boolean;
  /** Plain text shown to moderators: the title or the start of the body. */
  excerpt: string;
  href: string | null;
};

const EXCERPT_LENGTH = 280;
const clip = (text: string) =>
  text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : text;

/** Tables whose rows a moderator hides and restores through `hidden_at` (messages are private: remove only). */
const HIDEABLE = {
  question: questions,
  answer: answers,
  comment: comments,
  resource: resources,
  event: events,
  announcement: announcements,
} as const;
export type THideableKind = keyof typeof HIDEABLE;
export function isHideable(kind: TReportTargetKind): kind is THideableKind {
  return kind in HIDEABLE;
}

/**
 * Loads targets of one kind by id in the request's hub (one query per kind, for the queue page).
 * Messages are read through the reporter's own access only (RLS keeps private threads private): for
 * moderators the queue shows the excerpt the reporter saw, stored with the report.
 */
export async function loadTargets(
  ctx: TRequestContext,
  kind: TReportTargetKind,
  ids: string[],
): Promise<Map<string, TReportTarget>> {
  if (ids.length === 0) return new Map();
  const hubId = ctx.requireHub().id;
  const byId = <T extends { id: string }>(rows: T[], map: (row: T) => TReportTarget) =>
    new Map(rows.map((r) => [r.id, map(r)]));
  switch (kind) {
    case 'question': {
      const rows = await ctx.tx
        .select()
        .from(questions)
        .where(and(eq(questions.hubId, hubId), inArray(questions.id, ids)));
      return byId(rows, (q) => ({
        kind,
        id: q.id,
        hubId: q.hubId,
        groupId: q.groupId,
        authorId: q.authorId,
        isHidden: q.hiddenAt !== null,
        excerpt: clip(q.title),
        href: webPaths.discussionQuestion(q.id, q.slug),
      }));
    }
    case 'answer': {
      const rows = await ctx.tx
        .select({
          answer: answers,
          question: { id: questions.id, slug: questions.slug, groupId: questions.groupId },
        })
        .from(answers)
        .innerJoin(questions, eq(questions.id, answers.questionId))
        .where(and(eq(answers.hubId, hubId), inArray(answers.id, ids)));
      return new Map(
        rows.map(({ answer, question }) => [
          answer.id,
          {
            kind,
            id: answer.id,
            hubId: answer.hubId,
            groupId: question.groupId,
            authorId: answer.authorId,
            isHidden: answer.hiddenAt !== null,
            excerpt: clip(answer.bodyText),
            href: webPaths.discussionAnswer(question.id, question.slug, answer.id),
          },
        ]),
      );
    }
    case 'comment': {
      const rows = await ctx.tx
        .select({
          comment: comments,
          question: { id: questions.id, slug: questions.slug, groupId: questions.groupId },
        })
        .from(comments)
        .innerJoin(questions, eq(questions.id, comments.questionId))
        .where(and(eq(comments.hubId, hubId), inArray(comments.id, ids)));
      return new Map(
        rows.map(({ comment, question }) => [
          comment.id,
          {
            kind,
            id: comment.id,
            hubId: comment.hubId,
            groupId: question.groupId,
            authorId: comment.authorId,
            isHidden: comment.hiddenAt !== null,
            excerpt: clip(comment.bodyText),
            href: webPaths.discussionQuestion(question.id, question.slug),
          },
        ]),
      );
    }
    case 'resource': {
      const rows = await ctx.tx
        .select()
        .from(resources)
        .where(and(eq(resources.hubId, hubId), inArray(resources.id, ids)));
      return byId(rows, (r) => ({
        kind,
        id: r.id,
        hubId: r.hubId,
        groupId: r.groupId,
        authorId: r.authorId,
        isHidden: r.hiddenAt !== null,
        excerpt: clip(r.title),
        href: webPaths.resourcePost(r.slug),
      }));
    }
    case 'event': {
      const rows = await ctx.tx
        .select()
        .from(events)
        .where(and(eq(events.hubId, hubId), inArray(events.id, ids)));
      return byId(rows, (e) => ({
        kind,
        id: e.id,
        hubId: e.hubId,
        groupId: e.groupId,
        authorId: e.createdByUserId,
        isHidden: e.hiddenAt !== null,
        excerpt: clip(e.title),
        href: webPaths.event(e.id),
      }));
    }
    case 'announcement': {
      const rows = await ctx.tx
        .select()
        .from(announcements)
        .where(and(eq(announcements.hubId, hubId), inArray(announcements.id, ids)));
      return byId(rows, (a) => ({
        kind,
        id: a.id,
        hubId: a.hubId,
        groupId: a.groupId,
        authorId: a.authorId,
        isHidden: a.hiddenAt !== null,
        excerpt: clip(`${a.title}: ${a.bodyText}`),
        href: null,
      }));
    }
    case 'message': {
      // RLS answers only the messages of the viewer's own threads.
      const rows = await queryRows<{
        id: string;
        from_user_id: string | null;
        body_text: string;
        hub_id: number;
      }>(
        ctx.tx,
        sql`select m.id, m.from_user_id, m.body_text, t.hub_id from messages m join ${threads} t on t.id = m.thread_id
            where t.hub_id = ${hubId} and m.id = any(${sql.raw('ARRAY[')}${sql.join(
              ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )}${sql.raw(']')}) and m.is_system_message = false`,
      );
      return new Map(
        rows.map((m) => [
          m.id,
          {
            kind,
            id: m.id,
            hubId: Number(m.hub_id),
            groupId: null,
            authorId: m.from_user_id,
            isHidden: false,
            excerpt: clip(m.body_text),
            href: null,
          },
        ]),
      );
    }
    case 'profile': {
      // A member of this hub whose account is not being deleted; the report is about them as a whole.
      const rows = await ctx.tx
        .select({
          id: users.id,
          identifier: users.identifier,
          firstName: users.firstName,
          lastName: users.lastName,
          headline: users.headline,
        })
        .from(users)
        .innerJoin(hubMemberships, and(eq(hubMemberships.userId, users.id), eq(hubMemberships.hubId, hubId)))
        .where(and(inArray(users.id, ids), isNull(users.deleteRequestedAt)));
      return byId(rows, (u) => ({
        kind,
        id: u.id,
        hubId,
        groupId: null,
        authorId: u.id,
        isHidden: false,
        excerpt: clip(
          [`${u.firstName} ${u.lastName}`.trim(), u.headline ?? ''].filter((p) => p !== '').join(': '),
        ),
        href: webPaths.profile(u.identifier),
      }));
    }
  }
}

/** A target the viewer can see right now (the reporter's view), or 404 without saying whether it exists. */
export async function requireVisibleTarget(
  ctx: TRequestContext,
  kind: TReportTargetKind,
  id: string,
): Promise<TReportTarget> {
  const target = (await loadTargets(ctx, kind, [id])).get(id);
  if (
    !target ||
    target.isHidden ||
    !(await canSeeGroup(ctx, target.groupId, { isOwner: target.authorId === ctx.viewer?.user.id }))
  ) {
    throw notFound('Content');
  }
  return target;
}

/** Hides or restores a post: hidden content leaves lists, feeds and search at once (their queries skip hidden_at). */
export async function setHidden(
  ctx: TRequestContext,
  target: { kind: THideableKind; id: string },
  isHidden: boolean,
): Promise<void> {
  const table = HIDEABLE[target.kind];
  await ctx.tx
    .update(table)
    .set({ hiddenAt: isHidden ? ctx.now : null })
    .where(eq(table.id, target.id));
}

/** Deletes reported content for good. A message keeps its place in the thread with its words removed. */
export async function removeTarget(ctx: TRequestContext, target: TReportTarget): Promise<void> {
  switch (target.kind) {
    case 'question':
    case 'answer':
    case 'comment': {
      const questionId =
        target.kind === 'question' ? target.id : await questionIdOf(ctx, target.kind, target.id);
      await removePost(ctx, { kind: target.kind, id: target.id, questionId });
      return;
    }
    case 'resource':
    case 'event':
    case 'announcement': {
      const table = HIDEABLE[target.kind];
      await ctx.tx.delete(table).where(eq(table.id, target.id));
      return;
    }
    case 'message':
      // The moderator may not read private threads; a definer function removes only a reported message of this hub.
      await ctx.tx.execute(
        sql`select app_moderation_remove_message(${target.id}::uuid, ${target.hubId}::bigint, ${REMOVED_MESSAGE_HTML}, ${REMOVED_MESSAGE_TEXT})`,
      );
      return;
    case 'profile':
      throw validationError({
        action:
          'A profile cannot be deleted here: dismiss the reports, or act on the account as a hub admin.',
      });
  }
}

export const REMOVED_MESSAGE_TEXT = 'This message was removed by a moderator.';
const REMOVED_MESSAGE_HTML = `<p><em>${REMOVED_MESSAGE_TEXT}</em></p>`;

async function questionIdOf(ctx: TRequestContext, kind: 'answer' | 'comment', id: string): Promise<string> {
  const table = kind === 'answer' ? answers : comments;
  const [row] = await ctx.tx
    .select({ questionId: table.questionId })
    .from(table)
    .where(eq(table.id, id))
    .limit(1);
  if (!row) throw notFound('Content');
  return row.questionId;
}
