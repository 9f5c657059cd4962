import type { TEmailResponseThread } from '@commons/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type TDb, type TTx } from '../../db/client.js';
import { auditLog, hubs, messages, threads, users } from '../../db/schema/index.js';
import { applyTenantScope } from '../../db/tenant.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { loadMemberships, type TRequestContext } from '../../plugins/request-context.js';
import { getHubSettings } from '../hubs/hubs.queries.js';
import { postMessage } from '../inbox/inbox.commands.js';
import { isClosedFor, requireApprovedMember, requireCanReply } from '../inbox/inbox.policy.js';
import { threadView } from '../inbox/inbox.presenter.js';
import { findThreadFor, type TThreadListRow } from '../inbox/inbox.queries.js';
import { replyKeyOf } from '../notifications/notifications.tokens.js';

/** The first line of the reply section every message email carries; replies are cut above it. */
export const REPLY_ABOVE_MARKER = '## Reply above this line to answer in the conversation ##';

/** Lines that start the quoted history a mail client appends under a reply. */
const HISTORY_STARTS = [
  /^On\b.*\bwrote:\s*$/i,
  /^-{2,}\s*Original Message\s*-{2,}/i,
  /^_{10,}\s*$/,
  /^From:\s.+/i,
  /^Sent from my /i,
  /^-- $/,
  /^##.*Reply above this line/i,
];

/**
 * The new text of an emailed reply: everything above the quoted history (the "On … wrote:" line, an
 * Outlook header block, the reply marker, a signature) and no quoted (">") lines.
 */
export function stripQuotedReply(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const joined = `${line} ${lines[i + 1] ?? ''}`.trim();
    // Clients wrap a long "On <date>, <name> wrote:" over two lines.
    if (HISTORY_STARTS.some((p) => p.test(line)) || (/^On\b/i.test(line) && /\bwrote:\s*$/i.test(joined)))
      break;
    if (/^\s*>/.test(line)) continue;
    kept.push(line.trimEnd());
  }
  return kept.join('\n').trim();
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Plain text as message HTML: one paragraph per block, line breaks kept (sanitised again by the inbox). */
export function plainTextToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${block.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('');
}

/** A reply link works until this many days after the conversation's last message (issue #13 item 16). */
export const REPLY_TOKEN_TTL_DAYS = 90;

type TReplyTarget = { clusterId: string; threadId: string; userId: string };

/** Where a reply token belongs, or null when its HMAC fails or its key is unknown. No tenant is needed. */
export async function resolveReplyToken(
  db: TDb,
  options: { token: string; secret: Uint8Array },
): Promise<TReplyTarget | null> {
  const key = replyKeyOf(options.token, options.secret);
  if (!key) return null;
  const rows = await queryRows<{ cluster_id: string; thread_id: string; user_id: string }>(
    db,
    sql`SELECT cluster_id, thread_id, user_id FROM app_email_reply_target(${key})`,
  );
  const row = rows[0];
  return row ? { clusterId: row.cluster_id, threadId: row.thread_id, userId: row.user_id } : null;
}

/**
 * Runs `work` as the token's user in the thread's hub, in one tenant transaction (row-level security as
 * that user), like a signed-in request. 404 when the user is gone or is no longer a participant.
 */
async function withReplyContext<T>(
  db: TDb,
  options: { target: TReplyTarget; now: Date; ip: string | null },
  work: (ctx: TRequestContext, row: TThreadListRow) => Promise<T>,
): Promise<T> {
  const { clusterId, userId, threadId } = options.target;
  return db.transaction(async (tx: TTx) => {
    await applyTenantScope(tx, { clusterId, userId });
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deleteRequestedAt)))
      .limit(1);
    const [thread] = await tx
      .select({ hubId: threads.hubId, lastMessageAt: threads.lastMessageAt })
      .from(threads)
      .where(eq(threads.id, threadId))
      .limit(1);
    if (!user || !thread) throw notFound('Conversation');
    if (options.now.getTime() - thread.lastMessageAt.getTime() > REPLY_TOKEN_TTL_DAYS * 86_400_000) {
      throw new AppError({
        statusCode: 404,
        code: 'not_found',
        message: 'Reply link expired',
        userMessage: `This reply link has expired: the conversation had no message for ${REPLY_TOKEN_TTL_DAYS} days. Sign in to reply in your inbox.`,
      });
    }
    const memberships = await loadMemberships(tx, { scope: { clusterId, userId }, userId });
    await applyTenantScope(tx, {
      clusterId,
      userId,
      hubId: thread.hubId,
      memberHubIds: memberships.map((m) => m.hubId),
    });
    const [hub] = await tx.select().from(hubs).where(eq(hubs.id, thread.hubId)).limit(1);
    const row = await findThreadFor(tx, { threadId, viewerId: userId, hubId: thread.hubId });
    if (!hub || !row) throw notFound('Conversation');
    const viewer = {
      user,
      sessionId: 'email-response',
      loginAsAdmin: false,
      actingAdminId: null,
      memberships,
    };
    const ctx: TRequestContext = {
      tx,
      clusterId,
      now: options.now,
      viewer,
      hub,
      membership: memberships.find((m) => m.hubId === hub.id) ?? null,
      requireViewer: () => viewer,
      requireHub: () => hub,
      // A reply by email never acts with admin rights.
      hasRight: () => false,
      requireRight: () => {
        throw notFound('Conversation');
      },
      isClusterAdmin: () => false,
      enabledModules: async () => (await getHubSettings(tx, hub.id)).enabledModules,
      audit: async (entry) => {
        await tx.insert(auditLog).values({
          clusterId,
          hubId: hub.id,
          actorUserId: userId,
          action: entry.action,
          targetType: entry.targetType ?? null,
          targetId: entry.targetId ?? null,
          data: entry.data ?? {},
          ip: options.ip,
        });
      },
    };
    return work(ctx, row);
  });
}

/** The thread a reply token opens (GET /api/email-response/{token}): who the reply goes to and the latest message. */
export async function loadEmailResponseThread(
  db: TDb,
  options: { target: TReplyTarget; now: Date },
): Promise<TEmailResponseThread> {
  return withReplyContext(db, { ...options, ip: null }, async (ctx, row) => {
    const [latest] = await ctx.tx
      .select({
        id: messages.id,
        fromUserId: messages.fromUserId,
        text: messages.bodyText,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .where(eq(messages.threadId, row.thread.id))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(1);
    const { other } = row;
    return {
      threadId: row.thread.id,
      hubId: String(row.thread.hubId),
      recipient: {
        id: other.id,
        identifier: other.identifier,
        firstName: other.firstName,
        lastName: other.lastName,
        photoUrl: other.photoUrl,
      },
      latestMessage: latest
        ? {
            id: latest.id,
            fromMe: latest.fromUserId === options.target.userId,
            text: latest.text,
            createdAt: latest.createdAt.toISOString(),
          }
        : null,
      canReply: !isClosedFor(threadView(row, options.target.userId)) && ctx.membership?.approved === true,
    };
  });
}

/**
 * Posts a reply that came by email or from the /email-response page as a message of the token's user,
 * under the inbox rules: an approved member of the hub, a thread that is not read-only for them, the
 * body sanitised like any message (issue #5 item 4).
 */
export async function postEmailReply(
  db: TDb,
  options: { target: TReplyTarget; text: string; now: Date; ip: string | null; via: 'email' | 'web' },
): Promise<{ threadId: string; messageId: string }> {
  return withReplyContext(db, options, async (ctx, row) => {
    requireApprovedMember(ctx);
    requireCanReply(threadView(row, options.target.userId));
    const message = await postMessage(ctx, {
      threadId: row.thread.id,
      body: plainTextToHtml(options.text),
      attachmentIds: [],
    });
    await ctx.audit({ action: `inbox.reply_by_${options.via}`, targetType: 'message', targetId: message.id });
    return { threadId: row.thread.id, messageId: message.id };
  });
}
