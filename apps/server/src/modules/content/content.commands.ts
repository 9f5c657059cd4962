/**
 * Writing helpers shared by the hub content modules: the sanitised body, the slug of a title and the
 * content notifications.
 */
import type { TNotificationType } from '@commons/contract';
import { validationError } from '../../lib/app-error.js';
import { hasRichTextContent, richTextToPlain, sanitizeRichText } from '../../lib/rich-text.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { notifyUsers as notifyUsersOfType } from '../notifications/notifications.commands.js';

/** A URL-safe slug of a title: lower-case ASCII words joined by '-', at most 80 characters. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug === '' ? 'question' : slug;
}

/** Sanitised body and its plain text; `isRequired` refuses a body with nothing left to show. */
export function cleanBody(
  raw: string,
  options: { isRequired: boolean; field?: string; message?: string },
): { html: string; text: string } {
  const html = sanitizeRichText(raw);
  if (options.isRequired && !hasRichTextContent(html)) {
    throw validationError({
      [options.field ?? 'body']: options.message ?? 'Please write something before posting.',
    });
  }
  return { html: hasRichTextContent(html) ? html : '', text: richTextToPlain(html) };
}

const CONTENT_TYPES = {
  mention: 'discussion.mention',
  answer: 'discussion.answer',
  comment: 'discussion.comment',
  event_registration_accepted: 'event.registration-accepted',
  question_approved: 'discussion.question-approved',
  question_rejected: 'discussion.question-rejected',
  event_approved: 'event.approved',
  event_rejected: 'event.rejected',
} as const satisfies Record<string, TNotificationType>;

/**
 * Records a content notification for each recipient except the actor in the one notifications store
 * (modules/notifications), which pushes `notification.created` through the realtime outbox.
 */
export async function notifyUsers(
  ctx: TRequestContext,
  options: {
    hubId: number;
    userIds: string[];
    kind: keyof typeof CONTENT_TYPES;
    targetType: string;
    targetId: string;
    title: string;
    url: string;
  },
): Promise<number> {
  return notifyUsersOfType(ctx.tx, {
    clusterId: ctx.clusterId,
    now: ctx.now,
    actorUserId: ctx.viewer?.user.id ?? null,
    userIds: options.userIds,
    hubId: options.hubId,
    type: CONTENT_TYPES[options.kind],
    title: options.title,
    url: options.url,
    payload: { targetType: options.targetType, targetId: options.targetId },
  });
}
