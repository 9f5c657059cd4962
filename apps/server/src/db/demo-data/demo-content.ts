import { coverPresetUrl, type TCoverPresetId } from '@commons/domain';
import { and, eq, inArray, like } from 'drizzle-orm';
import type { TTx } from '../client.js';
import {
  announcements,
  answers,
  comments,
  eventRegistrations,
  events,
  groups,
  hubSettings,
  linkPreviews,
  questionFollows,
  questions,
  resources,
  userTypes,
  users,
} from '../schema/index.js';
import { richTextToPlain, sanitizeRichText } from '../../lib/rich-text.js';

const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

type TDemoQuestion = {
  title: string;
  slug: string;
  body: string;
  tags: string[];
  author: string;
  /** `isAccepted`: the asker accepted this answer (issue #16 item 18), so a newcomer sees an answered question. */
  answers: Array<{
    author: string;
    body: string;
    comment?: { author: string; body: string };
    isAccepted?: boolean;
  }>;
  isPinned?: boolean;
};

const QUESTIONS: TDemoQuestion[] = [
  {
    title: 'How did you land your first internship?',
    slug: 'how-did-you-land-your-first-internship',
    body: '<p>I am a second-year student and want to apply for summer internships. What worked for you?</p>',
    tags: ['internships', 'careers'],
    author: 'student',
    isPinned: true,
    answers: [
      {
        author: 'alumni',
        body: '<p>Talk to people before you apply. Two short calls with alumni got me a referral, which mattered more than my CV.</p>',
        comment: { author: 'student', body: '<p>Thank you! Did you reach out by message or by email?</p>' },
        isAccepted: true,
      },
      {
        author: 'faculty',
        body: '<p>The career centre runs CV reviews every Tuesday; bring one concrete job post with you.</p>',
      },
    ],
  },
  {
    title: 'Which skills matter most for a first data analyst job?',
    slug: 'which-skills-matter-most-for-a-first-data-analyst-job',
    body: '<p>SQL, Python, dashboards… where should I start?</p>',
    tags: ['data', 'skills'],
    author: 'student',
    answers: [
      {
        author: 'alumni',
        body: '<p>SQL first, then one dashboard tool. Build one small project with real data and write up what you found.</p>',
      },
    ],
  },
  {
    title: 'Is a portfolio worth it for non-design roles?',
    slug: 'is-a-portfolio-worth-it-for-non-design-roles',
    body: '<p>I study economics. Would a small portfolio site help?</p>',
    tags: ['portfolio'],
    author: 'student',
    answers: [],
  },
];

type TDemoEvent = {
  title: string;
  description: string;
  format: 'inPerson' | 'virtual' | 'hybrid';
  location: string | null;
  virtualUrl: string | null;
  inDays: number;
  hours: number;
  capacity: number | null;
  isGroup?: boolean;
  /** A preset cover (issue #16 item 18); the CV clinic keeps none, so a card without one is seen too. */
  cover?: TCoverPresetId;
};

const EVENTS: TDemoEvent[] = [
  {
    title: 'Spring career fair',
    description: '<p>Meet more than 40 employers on campus. Bring printed CVs.</p>',
    format: 'inPerson',
    location: 'Main hall',
    virtualUrl: null,
    inDays: 7,
    hours: 4,
    capacity: null,
    cover: 'campus',
  },
  {
    title: 'CV clinic with alumni',
    description: '<p>Small-group CV feedback from alumni in hiring roles. Only two places per session.</p>',
    format: 'virtual',
    location: null,
    virtualUrl: 'https://meet.example.org/cv-clinic',
    inDays: 3,
    hours: 1,
    capacity: 2,
  },
  {
    title: 'Mentoring kick-off',
    description: '<p>Meet your mentor and plan the year together.</p>',
    format: 'hybrid',
    location: 'Library, room 3',
    virtualUrl: 'https://meet.example.org/kick-off',
    inDays: 10,
    hours: 2,
    capacity: 60,
    isGroup: true,
    cover: 'network',
  },
];

type TDemoResource = {
  title: string;
  slug: string;
  typeName: 'article' | 'link';
  body: string;
  url?: string;
  category: string;
  author: string;
  location?: string;
  isBusinessDirectory?: boolean;
  isGroup?: boolean;
  isPinned?: boolean;
};

const RESOURCES: TDemoResource[] = [
  {
    // A video (an embed of an approved host, spec 5): the home's video recommendation lists it.
    title: 'Informational interviews in five minutes',
    slug: 'informational-interviews-in-five-minutes',
    typeName: 'article',
    body: '<p>How to ask for twenty minutes, what to ask, and how to follow up: a short talk from the careers team.</p><iframe src="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ" title="Informational interviews in five minutes" width="560" height="315" allowfullscreen></iframe>',
    category: 'Careers',
    author: 'faculty',
  },
  {
    title: 'Write a CV that gets read',
    slug: 'write-a-cv-that-gets-read',
    typeName: 'article',
    body: '<p>Recruiters skim. Put your strongest result in the first line of each role, keep it to one page, and <strong>name the tools you used</strong>.</p><ul><li>One page</li><li>Results before duties</li><li>A clear file name: firstname-lastname-cv.pdf</li></ul>',
    category: 'Careers',
    author: 'hubadmin',
    isPinned: true,
  },
  {
    title: 'Occupational Outlook Handbook',
    slug: 'occupational-outlook-handbook',
    typeName: 'link',
    body: '<p>Pay, training and job outlook for hundreds of occupations: a good first stop before an informational interview.</p>',
    url: 'https://www.bls.gov/ooh/',
    category: 'Research',
    author: 'faculty',
  },
  {
    title: 'Mentoring agreement checklist',
    slug: 'mentoring-agreement-checklist',
    typeName: 'article',
    body: '<p>Agree on how often you meet, how you keep in touch, and one goal for the first three months.</p>',
    category: 'Mentoring',
    author: 'hubadmin',
    isGroup: true,
  },
  {
    title: 'Founder Coffee Co.',
    slug: 'founder-coffee-co',
    typeName: 'link',
    body: '<p>An alumni-run roastery and café. Students get 10% off with their card, and we hire part-time baristas every term.</p>',
    url: 'https://coffee.example.org',
    category: 'Food & drink',
    location: 'Springfield',
    author: 'alumni',
    isBusinessDirectory: true,
  },
];

/** Cached previews of the demo links (spec 9 open-graph text), so their cards show without fetching. */
const LINK_PREVIEWS = [
  {
    url: 'https://www.bls.gov/ooh/',
    title: 'Occupational Outlook Handbook',
    description:
      'Career information on duties, education and training, pay, and outlook for hundreds of occupations.',
    siteName: 'U.S. Bureau of Labor Statistics',
  },
];

/**
 * Resources of a demo hub (issue #7 Demo data): articles, a link, a resource of the mentoring program,
 * and a business directory listing by an alumnus; the hub enables business directory V2 and its Alumni
 * and Employer types may post listings (spec 6 Resource creation).
 */
async function seedDemoResources(
  tx: TTx,
  options: {
    clusterId: string;
    now: Date;
    hubId: number;
    programId: string | null;
    roleId: (role: string) => string | null;
  },
): Promise<void> {
  const { clusterId, now, hubId } = options;
  const [settingsRow] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, hubId)).limit(1);
  if (settingsRow) {
    const moduleSettings = {
      ...settingsRow.settings.moduleSettings,
      resources: { isBusinessDirectoryV2Enabled: true },
    };
    await tx
      .update(hubSettings)
      .set({ settings: { ...settingsRow.settings, moduleSettings } })
      .where(eq(hubSettings.hubId, hubId));
  }
  await tx
    .update(userTypes)
    .set({ canCreateResource: true })
    .where(
      and(
        eq(userTypes.hubId, hubId),
        inArray(userTypes.standardUserType, ['Alumni', 'Corporate Partner & Employer']),
      ),
    );
  for (const [index, demo] of RESOURCES.entries()) {
    if (demo.isGroup && !options.programId) continue;
    const createdAt = new Date(now.getTime() - (RESOURCES.length - index) * DAY_MS);
    await tx.insert(resources).values({
      clusterId,
      hubId,
      groupId: demo.isGroup ? options.programId : null,
      authorId: options.roleId(demo.author),
      typeName: demo.typeName,
      title: demo.title,
      slug: demo.slug,
      // Stored as the resource endpoints store it: sanitised (the video frame gets its sandbox).
      body: sanitizeRichText(demo.body),
      bodyText: richTextToPlain(demo.body),
      url: demo.url ?? null,
      category: demo.category,
      location: demo.location ?? null,
      isBusinessDirectory: demo.isBusinessDirectory ?? false,
      pinnedAt: demo.isPinned ? createdAt : null,
      createdAt,
      updatedAt: createdAt,
    });
  }
  for (const preview of LINK_PREVIEWS) {
    await tx
      .insert(linkPreviews)
      .values({ clusterId, ...preview, imageUrl: null, fetchedAt: now })
      .onConflictDoNothing();
  }
}

/**
 * Discussions, resources and events of each demo hub (issue #7 Demo data): questions with answers and
 * a comment, a pinned question, resources and a business directory listing, upcoming events (one with
 * a capacity of 2, one of the hub's mentorship program) with registrations, so a new member's first
 * look shows a living community.
 */
export async function seedDemoContent(
  tx: TTx,
  options: { clusterId: string; now: Date; hubs: ReadonlyArray<{ id: number; identifier: string }> },
): Promise<void> {
  const { clusterId, now } = options;
  for (const hub of options.hubs) {
    const people = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(like(users.email, `%@${hub.identifier}.example.edu`));
    const roleId = (role: string) =>
      people.find((p) => p.email === `${role}@${hub.identifier}.example.edu`)?.id ?? null;
    for (const [index, demo] of QUESTIONS.entries()) {
      const createdAt = new Date(now.getTime() - (QUESTIONS.length - index) * DAY_MS);
      const [question] = await tx
        .insert(questions)
        .values({
          clusterId,
          hubId: hub.id,
          authorId: roleId(demo.author),
          title: demo.title,
          slug: demo.slug,
          body: demo.body,
          bodyText: richTextToPlain(demo.body),
          tags: demo.tags,
          status: 'approved',
          answerCount: demo.answers.length,
          followerCount: 1,
          pinnedAt: demo.isPinned ? createdAt : null,
          createdAt,
          updatedAt: createdAt,
          lastActivityAt: createdAt,
        })
        .returning();
      if (!question) continue;
      const authorId = roleId(demo.author);
      if (authorId)
        await tx
          .insert(questionFollows)
          .values({ clusterId, hubId: hub.id, questionId: question.id, userId: authorId, createdAt });
      for (const [answerIndex, answer] of demo.answers.entries()) {
        const at = new Date(createdAt.getTime() + (answerIndex + 1) * HOUR_MS);
        const [row] = await tx
          .insert(answers)
          .values({
            clusterId,
            hubId: hub.id,
            questionId: question.id,
            authorId: roleId(answer.author),
            body: answer.body,
            bodyText: richTextToPlain(answer.body),
            upvoteCount: 2 - answerIndex,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        if (row && answer.isAccepted)
          await tx.update(questions).set({ acceptedAnswerId: row.id }).where(eq(questions.id, question.id));
        if (row && answer.comment) {
          const commentAt = new Date(at.getTime() + HOUR_MS);
          await tx.insert(comments).values({
            clusterId,
            hubId: hub.id,
            questionId: question.id,
            answerId: row.id,
            authorId: roleId(answer.comment.author),
            body: answer.comment.body,
            bodyText: richTextToPlain(answer.comment.body),
            createdAt: commentAt,
            updatedAt: commentAt,
          });
        }
      }
    }

    const [program] = await tx
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.hubId, hub.id), eq(groups.identifier, `${hub.identifier}-mentoring`)))
      .limit(1);
    await seedDemoResources(tx, { clusterId, now, hubId: hub.id, programId: program?.id ?? null, roleId });
    for (const demo of EVENTS) {
      if (demo.isGroup && !program) continue;
      const startsAt = new Date(
        Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + demo.inDays, 17, 0),
      );
      const [event] = await tx
        .insert(events)
        .values({
          clusterId,
          hubId: hub.id,
          groupId: demo.isGroup ? (program?.id ?? null) : null,
          createdByUserId: roleId('hubadmin'),
          title: demo.title,
          description: demo.description,
          descriptionText: richTextToPlain(demo.description),
          format: demo.format,
          location: demo.location,
          virtualUrl: demo.virtualUrl,
          startsAt,
          endsAt: new Date(startsAt.getTime() + demo.hours * HOUR_MS),
          timeZone: hub.identifier === 'riverside' ? 'Europe/London' : 'America/Los_Angeles',
          capacity: demo.capacity,
          coverImageUrl: demo.cover ? coverPresetUrl(demo.cover) : null,
          status: 'approved',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!event || demo.isGroup) continue;
      // One attendee on each hub event: the CV clinic keeps one of its two places free.
      const attendeeIds = [roleId('alumni')].filter((id): id is string => id !== null);
      if (attendeeIds.length > 0) {
        await tx.insert(eventRegistrations).values(
          attendeeIds.map((userId) => ({
            clusterId,
            hubId: hub.id,
            eventId: event.id,
            userId,
            status: 'registered' as const,
            createdAt: now,
            updatedAt: now,
          })),
        );
        await tx
          .update(events)
          .set({ registeredCount: attendeeIds.length })
          .where(inArray(events.id, [event.id]));
      }
    }
    // The pinned welcome that leads the hub feed (issue #7 item 5).
    const welcome =
      '<p>Welcome to the community! Ask questions in <strong>Discussions</strong>, find mentors in the programs, and say hello at the next event.</p>';
    await tx.insert(announcements).values({
      clusterId,
      hubId: hub.id,
      authorId: roleId('hubadmin'),
      title: 'Welcome to the new term',
      body: welcome,
      bodyText: richTextToPlain(welcome),
      pinnedAt: now,
      createdAt: now,
      updatedAt: now,
    });
  }
}
