import type { ZCreateAnnouncementRequest } from '@commons/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { announcements } from '../../db/schema/index.js';
import { forbidden, notFound, validationError } from '../../lib/app-error.js';
import { hasRichTextContent, richTextToPlain, sanitizeRichText } from '../../lib/rich-text.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { requireGroupContent, requireHubContributor } from '../content/content.policy.js';
import { canAnnounce } from './feed.policy.js';

export type TAnnouncementRow = typeof announcements.$inferSelect;

export async function createAnnouncement(
  ctx: TRequestContext,
  input: z.output<typeof ZCreateAnnouncementRequest>,
): Promise<TAnnouncementRow> {
  requireHubContributor(ctx);
  const groupId = input.groupId ?? null;
  if (groupId !== null) await requireGroupContent(ctx, groupId);
  if (!(await canAnnounce(ctx, groupId))) throw forbidden('Only admins can post announcements here.');
  const body = sanitizeRichText(input.body);
  if (!hasRichTextContent(body)) throw validationError({ body: 'Please write the announcement.' });
  const [row] = await ctx.tx
    .insert(announcements)
    .values({
      clusterId: ctx.clusterId,
      hubId: ctx.requireHub().id,
      groupId,
      authorId: ctx.requireViewer().user.id,
      title: input.title,
      body,
      bodyText: richTextToPlain(body),
      pinnedAt: input.isPinned ? ctx.now : null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (!row) throw new Error('announcement insert returned nothing');
  await ctx.audit({
    action: 'announcement.created',
    targetType: 'announcement',
    targetId: row.id,
    data: { groupId, isPinned: input.isPinned },
  });
  return row;
}

/** An announcement of the request's hub the viewer may see, or 404. */
export async function requireAnnouncement(ctx: TRequestContext, id: string): Promise<TAnnouncementRow> {
  const [row] = await ctx.tx
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, id), eq(announcements.hubId, ctx.requireHub().id)))
    .limit(1);
  if (!row || row.hiddenAt !== null) throw notFound('Announcement');
  if (row.groupId !== null) await requireGroupContent(ctx, row.groupId);
  return row;
}

export async function pinAnnouncement(
  ctx: TRequestContext,
  options: { id: string; isPinned: boolean },
): Promise<TAnnouncementRow> {
  const row = await requireAnnouncement(ctx, options.id);
  if (!(await canAnnounce(ctx, row.groupId))) throw forbidden('Only admins can pin announcements.');
  const [updated] = await ctx.tx
    .update(announcements)
    .set({ pinnedAt: options.isPinned ? ctx.now : null, updatedAt: ctx.now })
    .where(eq(announcements.id, row.id))
    .returning();
  if (!updated) throw notFound('Announcement');
  await ctx.audit({
    action: options.isPinned ? 'announcement.pinned' : 'announcement.unpinned',
    targetType: 'announcement',
    targetId: row.id,
  });
  return updated;
}

export async function deleteAnnouncement(ctx: TRequestContext, id: string): Promise<void> {
  const row = await requireAnnouncement(ctx, id);
  const isAuthor = row.authorId === ctx.requireViewer().user.id;
  if (!isAuthor && !(await canAnnounce(ctx, row.groupId)))
    throw forbidden('Only the author or an admin can delete this announcement.');
  await ctx.tx.delete(announcements).where(eq(announcements.id, row.id));
  await ctx.audit({
    action: 'announcement.deleted',
    targetType: 'announcement',
    targetId: row.id,
    data: { title: row.title },
  });
}
