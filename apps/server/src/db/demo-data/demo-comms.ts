import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { sendBulkMessage } from '../../modules/admin-comms/admin-comms.commands.js';
import type { TTx } from '../client.js';
import {
  bulkMessages,
  events,
  questions,
  surveyResponses,
  surveys,
  users,
  userTypes,
} from '../schema/index.js';
import { DAY_MS } from './demo-content.js';

/**
 * The approvals page and bulk messages of a hub (issue #22 items 2 and 3), so a newcomer finds something of each
 * kind: a question and an event waiting for approval (a member waiting to join and a job post waiting for review
 * come from the people and jobs seeds), a bulk email sent to the students a week ago and an announcement to every
 * member (the demo student sees it in their notifications and on the announcements page), and a survey of every
 * member that the demo alumnus answered (the demo student can still answer it).
 */
export async function seedDemoComms(
  tx: TTx,
  options: {
    clusterId: string;
    now: Date;
    hub: { id: number; identifier: string; name: string };
    publicUrl: string;
    serverSecret?: Uint8Array;
  },
): Promise<void> {
  const { clusterId, now, hub } = options;
  const emails = ['hubadmin', 'student', 'alumni'].map((role) => `${role}@${hub.identifier}.example.edu`);
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const idOf = (role: string) => {
    const id = people.find((p) => p.email === `${role}@${hub.identifier}.example.edu`)?.id;
    if (!id) throw new Error(`demo ${role}@${hub.identifier} missing`);
    return id;
  };
  const asked = new Date(now.getTime() - 2 * DAY_MS);
  await tx.insert(questions).values({
    clusterId,
    hubId: hub.id,
    authorId: idOf('student'),
    title: 'Is there a resume clinic before the spring career fair?',
    slug: 'is-there-a-resume-clinic-before-the-spring-career-fair',
    body: '<p>I would love feedback on my resume before the fair. Does anyone know of a clinic?</p>',
    bodyText: 'I would love feedback on my resume before the fair. Does anyone know of a clinic?',
    status: 'pending',
    createdAt: asked,
    updatedAt: asked,
    lastActivityAt: asked,
  });
  const starts = new Date(now.getTime() + 12 * DAY_MS);
  await tx.insert(events).values({
    clusterId,
    hubId: hub.id,
    createdByUserId: idOf('alumni'),
    title: 'Alumni coffee chat: breaking into product management',
    description: '<p>An informal hour for students curious about product roles.</p>',
    descriptionText: 'An informal hour for students curious about product roles.',
    format: 'virtual',
    virtualUrl: 'https://meet.example.org/alumni-coffee-chat',
    startsAt: starts,
    endsAt: new Date(starts.getTime() + 3_600_000),
    timeZone: 'America/New_York',
    status: 'pending',
    createdAt: new Date(now.getTime() - DAY_MS),
    updatedAt: new Date(now.getTime() - DAY_MS),
  });

  const [students] = await tx
    .select({ id: userTypes.id })
    .from(userTypes)
    .where(and(eq(userTypes.hubId, hub.id), eq(userTypes.title, 'Student')))
    .limit(1);
  const messages = [
    {
      channel: 'email' as const,
      subject: 'Welcome to the spring term',
      body: '<p>Welcome back! Book a <strong>mock interview</strong> with an alumnus this month and join the career fair on the 14th.</p>',
      audience: { userTypeIds: students ? [students.id] : [], groupIds: [] },
      sentAt: new Date(now.getTime() - 7 * DAY_MS),
    },
    {
      channel: 'announcement' as const,
      subject: 'Career fair on Friday',
      body: '<p>Forty employers are coming to the main hall on Friday, 10:00 to 15:00. Bring your resume!</p>',
      audience: { userTypeIds: [], groupIds: [] },
      sentAt: new Date(now.getTime() - DAY_MS),
    },
  ];
  for (const m of messages) {
    const bodyText = m.body.replace(/<[^>]+>/g, '');
    const [row] = await tx
      .insert(bulkMessages)
      .values({
        clusterId,
        hubId: hub.id,
        channel: m.channel,
        subject: m.subject,
        body: m.body,
        bodyText,
        audience: m.audience,
        status: 'scheduled',
        scheduledAt: m.sentAt,
        createdByUserId: idOf('hubadmin'),
        createdAt: m.sentAt,
      })
      .returning();
    if (!row) throw new Error('demo bulk message not inserted');
    await sendBulkMessage(tx, {
      message: row,
      hub,
      actorUserId: idOf('hubadmin'),
      now: m.sentAt,
      publicUrl: options.publicUrl,
      secret: options.serverSecret ?? randomBytes(32),
    });
  }
  const surveyAt = new Date(now.getTime() - 3 * DAY_MS);
  const questionIds = [randomUUID(), randomUUID(), randomUUID()] as const;
  const [survey] = await tx
    .insert(surveys)
    .values({
      clusterId,
      hubId: hub.id,
      title: 'How can career services help you this term?',
      description: 'Three quick questions; your answers shape next term’s events.',
      questions: [
        {
          id: questionIds[0],
          kind: 'single',
          prompt: 'How useful was the last career fair?',
          options: ['Very useful', 'Somewhat useful', 'Not useful'],
        },
        {
          id: questionIds[1],
          kind: 'multiple',
          prompt: 'Which events should we repeat?',
          options: ['Career fair', 'Mock interviews', 'Alumni panels'],
        },
        { id: questionIds[2], kind: 'text', prompt: 'What else would help you?', options: [] },
      ],
      audience: { userTypeIds: [], groupIds: [] },
      createdByUserId: idOf('hubadmin'),
      createdAt: surveyAt,
    })
    .returning({ id: surveys.id });
  if (!survey) throw new Error('demo survey not inserted');
  await tx.insert(surveyResponses).values({
    clusterId,
    hubId: hub.id,
    surveyId: survey.id,
    userId: idOf('alumni'),
    answers: {
      [questionIds[0]]: 'Very useful',
      [questionIds[1]]: ['Mock interviews', 'Alumni panels'],
      [questionIds[2]]: 'An evening panel for working alumni.',
    },
    createdAt: new Date(surveyAt.getTime() + DAY_MS),
  });
}
