import { randomBytes, randomUUID } from 'node:crypto';
import { ZGroupSettings } from '@commons/contract';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { TTx } from '../client.js';
import {
  groupMemberships,
  groups,
  hubMemberships,
  meetings,
  messages,
  threadParticipants,
  threads,
  users,
  userTypes,
} from '../schema/index.js';
import { DAY_MS } from './demo-content.js';

/**
 * The Alumni Association's brand (spec 6 Organisation admins: branding-settings): a maroon that keeps white text
 * readable (10:1) and its crest, a static asset of the web app (apps/web/public/demo), as the demo has no uploads.
 */
export const DEMO_ASSOCIATION_BRANDING = {
  brandColor: '#7a1f3d',
  logoUrl: '/demo/alumni-association-logo.svg',
} as const;

/** Months of history the association's analytics show. */
const HISTORY_MONTHS = 6;

const ALUMNI_LINES = [
  'Happy to help: what kind of role are you aiming for after graduation?',
  'I moved from finance into product. Send me your CV and I will mark it up.',
  'The reunion committee is looking for student volunteers, if you are curious.',
  'Good luck with the interview! Ask them how the team measures success.',
  'Let us find a time next week; the Alumni Association covers coffee.',
  'I shared two contacts at my company who hire interns in the spring.',
];
const STUDENT_LINES = [
  'Thank you for writing! I would love some advice on internships.',
  'That would be great, I will send it tonight.',
  'Thanks, that helps a lot.',
];

/** A demo message's body: one paragraph of plain text (no markup in the demo's lines). */
export const paragraph = (text: string) => `<p>${text}</p>`;

/**
 * The demo Alumni Association (faculty@ administers it) with its brand and six months of its members' activity
 * (issue #22 item 4 in an organisation's console): each month an association alumnus writes with a student (more
 * messages in recent months), every other month they meet, and mentorships start (the oldest two completed), so
 * the console's charts show a history instead of one week. Only the association's further members and the hub's
 * further students take part, so the role accounts' inboxes stay as the other demo screens expect.
 */
export async function seedDemoOrganizationActivity(
  tx: TTx,
  options: { clusterId: string; now: Date; hub: { id: number; identifier: string } },
): Promise<void> {
  const { clusterId, now, hub } = options;
  const [association] = await tx
    .select({ id: groups.id, settings: groups.settings })
    .from(groups)
    .where(and(eq(groups.hubId, hub.id), eq(groups.identifier, `${hub.identifier}-alumni-association`)))
    .limit(1);
  if (!association) throw new Error(`demo ${hub.identifier} has no Alumni Association`);
  await tx
    .update(groups)
    .set({ settings: ZGroupSettings.parse({ ...association.settings, branding: DEMO_ASSOCIATION_BRANDING }) })
    .where(eq(groups.id, association.id));

  // The association's further members (first.last.n@…), and the hub's further students.
  const alumni = (
    await tx
      .select({ id: users.id })
      .from(groupMemberships)
      .innerJoin(users, eq(users.id, groupMemberships.userId))
      .where(
        and(
          eq(groupMemberships.groupId, association.id),
          eq(groupMemberships.approved, true),
          eq(groupMemberships.isAdmin, false),
          like(users.email, '%.%@%'),
        ),
      )
      .orderBy(asc(users.email))
  ).map((row) => row.id);
  const students = (
    await tx
      .select({ id: users.id })
      .from(hubMemberships)
      .innerJoin(users, eq(users.id, hubMemberships.userId))
      .innerJoin(userTypes, eq(userTypes.id, hubMemberships.userTypeId))
      .where(
        and(
          eq(hubMemberships.hubId, hub.id),
          eq(hubMemberships.approved, true),
          eq(userTypes.standardUserType, 'Student'),
          like(users.email, '%.%@%'),
          sql`NOT EXISTS (SELECT 1 FROM group_memberships g WHERE g.group_id = ${association.id}::uuid AND g.user_id = ${users.id})`,
        ),
      )
      .orderBy(asc(users.email))
  ).map((row) => row.id);
  if (alumni.length === 0 || students.length === 0)
    throw new Error(`demo ${hub.identifier}: the Alumni Association has nobody to show activity`);

  for (let month = HISTORY_MONTHS - 1; month >= 0; month--) {
    const alumnus = alumni[month % alumni.length] as string;
    const student = students[month % students.length] as string;
    // A day in that month (counted back from now), and a conversation growing busier towards today.
    const start = new Date(now.getTime() - (month * 30 + 12) * DAY_MS);
    const exchanged = 2 + (HISTORY_MONTHS - 1 - month);
    const sentAt = (i: number) => new Date(start.getTime() + i * 9 * 3_600_000);
    const isMentorship = month >= 1;
    const lastAt = sentAt(exchanged - 1);
    const lastText = (i: number) =>
      i % 2 === 0
        ? (ALUMNI_LINES[(month + i) % ALUMNI_LINES.length] as string)
        : (STUDENT_LINES[(month + i) % STUDENT_LINES.length] as string);
    const isCompleted = month >= HISTORY_MONTHS - 2;
    const [thread] = await tx
      .insert(threads)
      .values({
        clusterId,
        hubId: hub.id,
        messageType: isMentorship ? 'longTermMentorship' : 'message',
        fromUserId: alumnus,
        toUserId: student,
        status: 'accepted',
        mentorshipStatus: isMentorship && isCompleted ? 'mentorClosed' : null,
        createdAt: start,
        lastMessageAt: lastAt,
        lastMessagePreview: lastText(exchanged - 1),
        lastMessageFromUserId: (exchanged - 1) % 2 === 0 ? alumnus : student,
        acceptedAt: sentAt(1),
        firstResponseAt: sentAt(1),
        closedAt: isMentorship && isCompleted ? new Date(start.getTime() + 45 * DAY_MS) : null,
        closedByUserId: isMentorship && isCompleted ? alumnus : null,
      })
      .returning({ id: threads.id });
    if (!thread) throw new Error('demo association thread insert failed');
    await tx.insert(threadParticipants).values([
      {
        clusterId,
        threadId: thread.id,
        userId: alumnus,
        otherUserId: student,
        lastMessageAt: lastAt,
        lastReadAt: lastAt,
      },
      {
        clusterId,
        threadId: thread.id,
        userId: student,
        otherUserId: alumnus,
        lastMessageAt: lastAt,
        lastReadAt: lastAt,
      },
    ]);
    await tx.insert(messages).values(
      Array.from({ length: exchanged }, (_, i) => ({
        clusterId,
        threadId: thread.id,
        fromUserId: i % 2 === 0 ? alumnus : student,
        body: paragraph(lastText(i)),
        bodyText: lastText(i),
        createdAt: sentAt(i),
      })),
    );
    if (month % 2 === 0) {
      const scheduled = new Date(start.getTime() + 4 * DAY_MS);
      const bookedAt = sentAt(1);
      await tx.insert(meetings).values({
        clusterId,
        hubId: hub.id,
        threadId: thread.id,
        fromUserId: alumnus,
        toUserId: student,
        status: scheduled < now ? 'completed' : 'accepted',
        lastEvent: scheduled < now ? 'completed' : 'requestAccepted',
        medium: 'video',
        durationMinutes: 30,
        timezone: 'America/Los_Angeles',
        proposedByUserId: alumnus,
        fromUserProposedTimes: [scheduled],
        scheduledTime: scheduled,
        scheduledEndTime: new Date(scheduled.getTime() + 30 * 60_000),
        note: 'A first chat about careers after graduation.',
        meetingToken: randomBytes(16).toString('base64url'),
        calendarEventId: `${randomUUID()}@commons`,
        calendarSentAt: bookedAt,
        createdAt: bookedAt,
        updatedAt: bookedAt,
      });
    }
  }
}
