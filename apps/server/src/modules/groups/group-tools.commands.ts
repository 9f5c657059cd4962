import {
  ANNOUNCEMENTS_PER_DAY,
  CSV_INVITE_MAX_ROWS,
  type TCsvInviteResponse,
  type TCsvInviteRow,
  type TGroupAnnouncement,
  type TProgramRole,
} from '@commons/contract';
import { isValidEmail } from '@commons/domain';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import {
  groupAnnouncements,
  groupMailPreferences,
  groupMemberships,
  hubMemberships,
  users,
} from '../../db/schema/index.js';
import { AppError, validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { isApprovedMember } from '../hubs/hubs.policy.js';
import { signUnsubscribeToken, verifyUnsubscribeToken } from '../notifications/notifications.tokens.js';
import { enqueueMail, enqueueTemplatedMail } from '../mail/mail.commands.js';
import { parseCsv, toCsv } from './csv.js';
import { membershipStatus, type TGroupAccess } from './groups.policy.js';
import { listQuestions } from './groups.queries.js';
import { questionLabel } from './programs.queries.js';

/** Why an existing membership stops an invitation. */
const EXISTING_REASON = {
  admin: 'Already a member of this group',
  approved: 'Already a member of this group',
  pending: 'Already asked to join: approve the request instead',
  invited: 'Already invited',
  rejected: 'Their request to join was declined: remove it first to invite them',
} as const;

/** The email column of a CSV: the header named email (any case), else the first column without a header. */
function emailCells(text: string): Array<{ row: number; email: string }> {
  const rows = parseCsv(text);
  const header = rows[0]?.fields.map((f) => f.trim().toLowerCase()) ?? [];
  const column = header.findIndex((h) => h === 'email' || h === 'e-mail' || h === 'email address');
  const hasHeader = column !== -1;
  return rows
    .slice(hasHeader ? 1 : 0)
    .map((r) => ({ row: r.line, email: (r.fields[hasHeader ? column : 0] ?? '').trim() }));
}

/** The one reason a group admin without hub-member rights gets for an email that cannot be invited. */
const NOT_AN_APPROVED_MEMBER = 'No approved member of this hub has this email';

/**
 * Bulk invite by CSV (issue #6 Group admin): every row is checked (email format, duplicate in the file,
 * an approved member of the group's hub, not already in the group) and reported with the reason it fails.
 * A dry run writes nothing; otherwise the valid rows become invitations (imported memberships, with the
 * program role they fix) and each invitee is mailed a link to finish registration.
 */
export async function inviteByCsv(
  ctx: TRequestContext,
  access: TGroupAccess,
  options: { csv: string; role: TProgramRole | null; dryRun: boolean; publicUrl: string },
): Promise<TCsvInviteResponse> {
  const { group } = access;
  const isProgram = group.groupType === 'mentorshipProgram';
  if (isProgram && options.role === null)
    throw validationError({ role: 'Choose the role the invitations give (mentor, mentee or both).' });
  if (!isProgram && options.role !== null)
    throw validationError({ role: 'Only program members have a mentor or mentee role.' });
  const cells = emailCells(options.csv);
  if (cells.length === 0) throw validationError({ csv: 'The file has no email addresses.' });
  if (cells.length > CSV_INVITE_MAX_ROWS)
    throw validationError({
      csv: `The file has ${cells.length} rows; invite at most ${CSV_INVITE_MAX_ROWS} at a time.`,
    });

  const wanted = [...new Set(cells.map((c) => c.email.toLowerCase()).filter((e) => isValidEmail(e)))];
  const found = wanted.length
    ? await ctx.tx
        .select({
          user: {
            id: users.id,
            email: users.email,
            firstName: users.firstName,
            deleteRequestedAt: users.deleteRequestedAt,
          },
          hub: hubMemberships,
          membership: groupMemberships,
        })
        .from(users)
        .leftJoin(
          hubMemberships,
          and(eq(hubMemberships.userId, users.id), eq(hubMemberships.hubId, group.hubId)),
        )
        .leftJoin(
          groupMemberships,
          and(eq(groupMemberships.userId, users.id), eq(groupMemberships.groupId, group.id)),
        )
        .where(inArray(sql`lower(${users.email})`, wanted))
    : [];
  const byEmail = new Map(found.map((f) => [f.user.email.toLowerCase(), f]));
  // Who has an account or a pending membership is for admins who see the approval queue or explore
  // users; any other group admin learns only whether an approved member has the email (issue #13 item 10).
  const canSeeMembership = ctx.hasRight('approve-users') || ctx.hasRight('explore-users');
  const firstRow = new Map<string, number>();
  const rows: TCsvInviteRow[] = [];
  const toInvite: Array<{ userId: string; email: string; firstName: string }> = [];
  for (const cell of cells) {
    const key = cell.email.toLowerCase();
    const fail = (reason: string) => rows.push({ row: cell.row, email: cell.email, status: 'error', reason });
    if (cell.email === '') fail('No email address in this row');
    else if (!isValidEmail(cell.email)) fail('Not a valid email address');
    else if (firstRow.has(key)) fail(`Duplicate of row ${firstRow.get(key)}`);
    else {
      firstRow.set(key, cell.row);
      const hit = byEmail.get(key);
      const hub = hit?.hub;
      if (!hit || !hub || hit.user.deleteRequestedAt !== null)
        fail(canSeeMembership ? 'No member of this hub has this email' : NOT_AN_APPROVED_MEMBER);
      else if (!isApprovedMember(hub)) {
        fail(canSeeMembership ? 'Their hub membership is not approved yet' : NOT_AN_APPROVED_MEMBER);
      } else if (hit.membership) fail(EXISTING_REASON[membershipStatus(hit.membership)]);
      else {
        rows.push({ row: cell.row, email: cell.email, status: 'invite', reason: null });
        toInvite.push({ userId: hit.user.id, email: hit.user.email, firstName: hit.user.firstName });
      }
    }
  }
  if (!options.dryRun && toInvite.length > 0) {
    const viewer = ctx.requireViewer();
    await ctx.tx.insert(groupMemberships).values(
      toInvite.map((i) => ({
        clusterId: ctx.clusterId,
        hubId: group.hubId,
        groupId: group.id,
        userId: i.userId,
        role: options.role,
        importStatus: 'imported' as const,
        invitedByUserId: viewer.user.id,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })),
    );
    const kind = isProgram ? 'programs' : group.groupType === 'organization' ? 'organizations' : 'groups';
    const link = `${options.publicUrl}/${kind}/${encodeURIComponent(group.identifier)}?continueRegistration=true`;
    for (const i of toInvite) {
      await enqueueTemplatedMail(ctx.tx, ctx.clusterId, {
        to: i.email,
        template: 'group-invitation',
        values: { firstName: i.firstName, groupName: group.name, link },
      });
    }
    await ctx.audit({
      action: 'group.invite.csv',
      targetType: 'group',
      targetId: group.id,
      data: { invited: toInvite.length },
    });
  }
  const errorCount = rows.filter((r) => r.status === 'error').length;
  return { dryRun: options.dryRun, rows, invitedCount: options.dryRun ? 0 : toInvite.length, errorCount };
}

/** ISO date-time or empty, for the export. */
const isoOrEmpty = (date: Date | null) => (date ? date.toISOString() : '');

/**
 * The group's members as CSV (issue #6 export): every membership with its status, role, admin flags,
 * dates and, for programs, one column per registration question.
 */
export async function exportMembersCsv(ctx: TRequestContext, access: TGroupAccess): Promise<string> {
  const rows = await ctx.tx
    .select({
      membership: groupMemberships,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(groupMemberships)
    .innerJoin(users, eq(users.id, groupMemberships.userId))
    .where(eq(groupMemberships.groupId, access.group.id))
    .orderBy(asc(sql`lower(${users.firstName} || ' ' || ${users.lastName})`), asc(users.id));
  const questions = await listQuestions(ctx.tx, access.group.id);
  const header = [
    'First name',
    'Last name',
    'Email',
    'Status',
    'Role',
    'Admin',
    'View-only admin',
    'Import status',
    'Registered at',
    'Joined at',
    ...questions.map(questionLabel),
  ];
  const answer = (value: unknown) =>
    Array.isArray(value)
      ? value.join('; ')
      : typeof value === 'boolean'
        ? value
          ? 'yes'
          : 'no'
        : typeof value === 'string'
          ? value
          : '';
  const body = rows.map(({ membership: m, firstName, lastName, email }) => [
    firstName,
    lastName,
    email,
    membershipStatus(m),
    m.role ?? '',
    m.isAdmin ? 'yes' : 'no',
    m.isViewOnlyAdmin ? 'yes' : 'no',
    m.importStatus,
    isoOrEmpty(m.completedRegistrationDate),
    isoOrEmpty(m.userJoinedAt),
    ...questions.map((q) => answer(m.answers[q.id])),
  ]);
  await ctx.audit({
    action: 'group.members.export',
    targetType: 'group',
    targetId: access.group.id,
    data: { rows: body.length },
  });
  return toCsv([header, ...body]);
}

/** Members an announcement goes to: approved and registered, account not being deleted, not unsubscribed. */
async function announcementRecipients(ctx: TRequestContext, groupId: string) {
  return ctx.tx
    .select({ userId: users.id, email: users.email, firstName: users.firstName })
    .from(groupMemberships)
    .innerJoin(users, eq(users.id, groupMemberships.userId))
    .leftJoin(
      groupMailPreferences,
      and(
        eq(groupMailPreferences.groupId, groupMemberships.groupId),
        eq(groupMailPreferences.userId, groupMemberships.userId),
      ),
    )
    .where(
      and(
        eq(groupMemberships.groupId, groupId),
        sql`${groupMemberships.approved} = true AND ${groupMemberships.completedRegistrationDate} IS NOT NULL AND ${users.deleteRequestedAt} IS NULL`,
        sql`coalesce(${groupMailPreferences.isUnsubscribed}, false) = false`,
      ),
    );
}

/** Announcements sent in the last 24 hours. */
async function sentToday(ctx: TRequestContext, groupId: string): Promise<number> {
  const since = new Date(ctx.now.getTime() - 86_400_000);
  const [row] = await ctx.tx
    .select({ n: sql<number>`count(*)::int` })
    .from(groupAnnouncements)
    .where(and(eq(groupAnnouncements.groupId, groupId), gt(groupAnnouncements.createdAt, since)));
  return row?.n ?? 0;
}

/** Past announcements (newest first), who would get one now, and how many may still go out today. */
export async function announcementOverview(ctx: TRequestContext, access: TGroupAccess) {
  const items = await ctx.tx
    .select({ row: groupAnnouncements, firstName: users.firstName, lastName: users.lastName })
    .from(groupAnnouncements)
    .leftJoin(users, eq(users.id, groupAnnouncements.sentByUserId))
    .where(eq(groupAnnouncements.groupId, access.group.id))
    .orderBy(desc(groupAnnouncements.createdAt), desc(groupAnnouncements.id))
    .limit(50);
  const recipients = await announcementRecipients(ctx, access.group.id);
  const today = await sentToday(ctx, access.group.id);
  return {
    items: items.map((i) =>
      presentAnnouncement(i.row, i.firstName === null ? null : `${i.firstName} ${i.lastName ?? ''}`.trim()),
    ),
    recipientCount: recipients.length,
    remainingToday: Math.max(0, ANNOUNCEMENTS_PER_DAY - today),
  };
}

function presentAnnouncement(
  row: typeof groupAnnouncements.$inferSelect,
  sentBy: string | null,
): TGroupAnnouncement {
  return {
    id: row.id,
    subject: row.subject,
    body: row.body,
    recipientCount: row.recipientCount,
    sentBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Sends an organization announcement (issue #6 Organizations): at most ANNOUNCEMENTS_PER_DAY a day
 * (429 otherwise), queued as one mail per member in the outbox (delivered after commit), never to members
 * who unsubscribed; each mail carries the member's unsubscribe link.
 */
export async function sendAnnouncement(
  ctx: TRequestContext,
  access: TGroupAccess,
  options: { subject: string; body: string; publicUrl: string; secret: Uint8Array },
): Promise<TGroupAnnouncement> {
  const viewer = ctx.requireViewer();
  const { group } = access;
  // One announcement at a time per group, so two admins cannot both pass the daily limit.
  await ctx.tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`group-announcements:${group.id}`}, 0))`,
  );
  if ((await sentToday(ctx, group.id)) >= ANNOUNCEMENTS_PER_DAY) {
    throw new AppError({
      statusCode: 429,
      code: 'rate_limited',
      message: 'Announcement limit reached',
      userMessage: `You can send ${ANNOUNCEMENTS_PER_DAY} announcements a day. Please try again tomorrow.`,
    });
  }
  const recipients = await announcementRecipients(ctx, group.id);
  for (const r of recipients) {
    const token = signUnsubscribeToken({
      secret: options.secret,
      target: { clusterId: ctx.clusterId, userId: r.userId, groupId: group.id },
      now: ctx.now,
    });
    const unsubscribe = `\n\n--\nYou get this because you are a member of ${group.name}. Unsubscribe: ${options.publicUrl}/group-announcements/unsubscribe?token=${token}\n`;
    await enqueueMail(ctx.tx, ctx.clusterId, {
      to: r.email,
      subject: `${group.name}: ${options.subject}`,
      text: `Hi ${r.firstName},\n\n${options.body}${unsubscribe}`,
    });
  }
  const [row] = await ctx.tx
    .insert(groupAnnouncements)
    .values({
      clusterId: ctx.clusterId,
      hubId: group.hubId,
      groupId: group.id,
      subject: options.subject,
      body: options.body,
      recipientCount: recipients.length,
      sentByUserId: viewer.user.id,
      createdAt: ctx.now,
    })
    .returning();
  if (!row) throw new Error('announcement insert returned no row');
  await ctx.audit({
    action: 'group.announcement.send',
    targetType: 'group',
    targetId: group.id,
    data: { recipients: recipients.length },
  });
  return presentAnnouncement(row, `${viewer.user.firstName} ${viewer.user.lastName}`.trim());
}

/**
 * Honours an unsubscribe link (no sign-in): the signed token names the member and the group, and
 * app_group_unsubscribe (bound to the host's cluster) records the preference.
 */
export async function unsubscribeByToken(
  ctx: TRequestContext,
  options: { token: string; secret: Uint8Array },
): Promise<void> {
  const target = verifyUnsubscribeToken(options.token, { secret: options.secret, now: ctx.now });
  const [row] =
    target && target.groupId !== null && target.clusterId === ctx.clusterId
      ? await queryRows<{ ok: boolean }>(
          ctx.tx,
          sql`SELECT app_group_unsubscribe(${target.userId}::uuid, ${target.groupId}::uuid) AS ok`,
        )
      : [];
  if (row?.ok !== true) {
    throw new AppError({
      statusCode: 404,
      code: 'not_found',
      message: 'Unsubscribe token not found',
      userMessage: 'This unsubscribe link is not valid or has expired.',
    });
  }
}
