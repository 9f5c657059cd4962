import { inArray } from 'drizzle-orm';
import type { TTx } from '../client.js';
import { messages, threadParticipants, threads, users } from '../schema/index.js';
import { paragraph } from './demo-organization-activity.js';

const HOUR_MS = 3_600_000;

type TRole = 'student' | 'alumni' | 'faculty' | 'employer' | 'hubadmin';

/** One demo conversation: who started it, then each message with its sender and how long ago it was sent. */
type TDemoConversation = {
  from: TRole;
  to: TRole;
  lines: ReadonlyArray<{ by: TRole; hoursAgo: number; text: string }>;
  /** Messages the recipient of the last one has not read yet (shown as unread in their inbox). */
  unreadByOther: number;
};

/**
 * Conversations of the role accounts (issue #5 demo), so whoever signs in as one finds an inbox with something to
 * open, reply to and search: the alumnus helping the student with a CV (the student has its newest reply unread),
 * the employer asking the alumnus about students to hire (unread for the alumnus), and the faculty member
 * arranging career fair volunteers with the hub admin (read). The employer and faculty show the same threads
 * from the sender's side. Plain messages, accepted, started by the non-student: they take no one's request
 * limit or capacity (spec 5), which the E2E suite's student uses up on its own.
 */
export const DEMO_CONVERSATIONS: readonly TDemoConversation[] = [
  {
    from: 'alumni',
    to: 'student',
    lines: [
      {
        by: 'alumni',
        hoursAgo: 76,
        text: 'Hi Sam, it was good to meet you at the CV clinic. If you want a second pair of eyes on your CV before the career fair, send it over.',
      },
      {
        by: 'student',
        hoursAgo: 73,
        text: 'Thank you, Alex! I have moved my projects above my coursework as you suggested. Could you look at the new version this week?',
      },
      {
        by: 'alumni',
        hoursAgo: 50,
        text: 'Gladly. Give each project one number, such as its users or the time it saved, and then send it.',
      },
      {
        by: 'student',
        hoursAgo: 26,
        text: 'Done: every project has its number now. Here is the new version.',
      },
      {
        by: 'alumni',
        hoursAgo: 5,
        text: 'Much stronger. Apply to the Software Engineering Intern post on the job board, and tell me when you have: I can refer you.',
      },
    ],
    unreadByOther: 1,
  },
  {
    from: 'employer',
    to: 'alumni',
    lines: [
      {
        by: 'employer',
        hoursAgo: 52,
        text: 'Hello Alex, Northwind Traders is hiring two interns for the summer. Do you know Northfield students we should talk to?',
      },
      {
        by: 'alumni',
        hoursAgo: 28,
        text: 'Hi Eli, yes: Sam Student is strong in programming and is about to apply. I will share your post with the Alumni Board too.',
      },
      { by: 'employer', hoursAgo: 3, text: 'Wonderful, thank you. We will look out for Sam’s application.' },
    ],
    unreadByOther: 1,
  },
  {
    from: 'faculty',
    to: 'hubadmin',
    lines: [
      {
        by: 'faculty',
        hoursAgo: 98,
        text: 'Hi Hana, two of my students would like to help at the welcome desk of the Spring career fair. Is there room for them?',
      },
      {
        by: 'hubadmin',
        hoursAgo: 95,
        text: 'Yes please! The desk opens at 8:30 in the main hall. Send me their names and I will add them to the volunteer list.',
      },
      {
        by: 'faculty',
        hoursAgo: 71,
        text: 'Thank you. I have asked them, and I will send their names by Friday.',
      },
    ],
    unreadByOther: 0,
  },
];

/** Seeds {@link DEMO_CONVERSATIONS} in the hub; runs once, inside the demo seed's transaction. */
export async function seedDemoConversations(
  tx: TTx,
  options: { clusterId: string; now: Date; hub: { id: number; identifier: string } },
): Promise<void> {
  const { clusterId, now, hub } = options;
  const email = (role: TRole) => `${role}@${hub.identifier}.example.edu`;
  const roles: TRole[] = ['student', 'alumni', 'faculty', 'employer', 'hubadmin'];
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, roles.map(email)));
  const idOf = (role: TRole) => {
    const id = people.find((person) => person.email === email(role))?.id;
    if (!id) throw new Error(`demo ${email(role)} missing`);
    return id;
  };
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR_MS);

  for (const conversation of DEMO_CONVERSATIONS) {
    const first = conversation.lines[0];
    const last = conversation.lines.at(-1);
    if (!first || !last) throw new Error('a demo conversation needs a message');
    const from = idOf(conversation.from);
    const to = idOf(conversation.to);
    const reply = conversation.lines.find((line) => line.by === conversation.to);
    const [thread] = await tx
      .insert(threads)
      .values({
        clusterId,
        hubId: hub.id,
        messageType: 'message',
        fromUserId: from,
        toUserId: to,
        status: 'accepted',
        createdAt: at(first.hoursAgo),
        lastMessageAt: at(last.hoursAgo),
        lastMessagePreview: last.text,
        lastMessageFromUserId: idOf(last.by),
        acceptedAt: reply ? at(reply.hoursAgo) : null,
        firstResponseAt: reply ? at(reply.hoursAgo) : null,
      })
      .returning({ id: threads.id });
    if (!thread) throw new Error('demo conversation insert failed');
    // The reader of the newest message has read up to the message before the unread ones; its sender all of it.
    const reader = last.by === conversation.from ? to : from;
    const readUpTo = conversation.lines.at(-1 - conversation.unreadByOther) ?? first;
    const participant = (userId: string, otherUserId: string) => {
      const isReader = userId === reader;
      return {
        clusterId,
        threadId: thread.id,
        userId,
        otherUserId,
        lastMessageAt: at(last.hoursAgo),
        lastReadAt: at(isReader ? readUpTo.hoursAgo : last.hoursAgo),
        unreadCount: isReader ? conversation.unreadByOther : 0,
      };
    };
    await tx.insert(threadParticipants).values([participant(from, to), participant(to, from)]);
    await tx.insert(messages).values(
      conversation.lines.map((line) => ({
        clusterId,
        threadId: thread.id,
        fromUserId: idOf(line.by),
        body: paragraph(line.text),
        bodyText: line.text,
        createdAt: at(line.hoursAgo),
      })),
    );
  }
}
