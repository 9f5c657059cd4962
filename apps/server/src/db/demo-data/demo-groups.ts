import { coverPresetUrl, type TCoverPresetId } from '@commons/domain';
import { ZGroupSettings, type TGroupSettingsInput, type TProgramAnswerValue } from '@commons/contract';
import { and, eq } from 'drizzle-orm';
import type { TTx } from '../client.js';
import {
  groupFavorites,
  groupMemberships,
  groupQuestions,
  groups,
  hubMemberships,
  users,
  userTypes,
} from '../schema/index.js';
import { HELP_TOPICS, INDUSTRIES, pick, pickSome, seededRandom } from './demo-people.js';
import { DAY_MS } from './demo-content.js';

/** A calendar day `days` from now (UTC), as group timelines store them. */
function dayFrom(now: Date, days: number): string {
  return new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

type TDemoGroup = {
  suffix: string;
  name: string;
  groupType: 'group' | 'mentorshipProgram' | 'organization';
  description: string;
  about: string;
  joinPolicy: 'open' | 'request' | 'invite';
  isHidden?: boolean;
  /** A preset cover (issue #16 item 18); the alumni board keeps none, so a card without one is seen too. */
  cover?: TCoverPresetId;
  settings?: TGroupSettingsInput;
};

const PROGRAM_QUESTIONS = [
  {
    key: 'industry',
    questionType: 'list',
    audience: 'both',
    texts: {
      mentee: { name: 'Which industry would you like to explore?' },
      mentor: { name: 'Which industry do you work in?' },
    },
    options: INDUSTRIES,
    isRequired: true,
    matchingWeight: 3,
  },
  {
    key: 'topics',
    questionType: 'list',
    audience: 'both',
    texts: {
      mentee: { name: 'What would you like help with?', placeholder: 'Pick a few topics' },
      mentor: { name: 'What can you help with?' },
    },
    options: HELP_TOPICS,
    allowsMultiple: true,
    isRequired: false,
    matchingWeight: 2,
  },
  {
    key: 'video',
    questionType: 'video',
    audience: 'both',
    texts: {
      both: {
        name: 'I watched the program welcome video',
        description:
          'In this demo, the Blender Foundation short film Big Buck Bunny (CC BY 3.0) stands in for your program’s welcome video.',
      },
    },
    isRequired: true,
    // A neutral, openly licensed film: demo data must not point at a prank or someone's personal video (issue #16).
    videoUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
  },
  {
    key: 'goal',
    questionType: 'text',
    audience: 'mentee',
    texts: {
      mentee: {
        name: 'What is your goal for this year?',
        placeholder: 'For example: land a summer internship',
      },
    },
    isRequired: false,
  },
] as const;

/**
 * Groups of each type in every demo hub (issue #6 Demo data): an open group, a request-to-join group,
 * a hidden invite-only board, a mentorship program whose mentee window is open and mentor window
 * closed (`{hub}-mentoring`, e.g. northfield-mentoring), one that accepts neither role any more
 * (`{hub}-2019-mentoring`), and an organization; with registration questions, mentors, mentees,
 * favourites and a pending request.
 */
export async function seedDemoGroups(
  tx: TTx,
  options: { clusterId: string; now: Date; hubs: ReadonlyArray<{ id: number; identifier: string }> },
): Promise<void> {
  const { clusterId, now } = options;
  const random = seededRandom(6006);
  for (const hub of options.hubs) {
    const people = await tx
      .select({ id: users.id, email: users.email, standard: userTypes.standardUserType })
      .from(hubMemberships)
      .innerJoin(users, eq(users.id, hubMemberships.userId))
      .leftJoin(userTypes, eq(userTypes.id, hubMemberships.userTypeId))
      .where(and(eq(hubMemberships.hubId, hub.id), eq(hubMemberships.approved, true)));
    const byRole = (role: string) =>
      people.find((p) => p.email === `${role}@${hub.identifier}.example.edu`)?.id;
    const [hubAdmin, student, alumni, faculty, employer] = [
      'hubadmin',
      'student',
      'alumni',
      'faculty',
      'employer',
    ].map(byRole);
    if (!hubAdmin || !student || !alumni || !faculty || !employer)
      throw new Error(`demo role accounts missing in ${hub.identifier}`);
    // The further members' addresses are first.last.n@hub…; role accounts are role@hub….
    const extras = people.filter((p) => (p.email.split('@')[0] ?? '').includes('.'));
    const extraAlumni = extras
      .filter(
        (p) =>
          p.standard === 'Alumni' ||
          p.standard === 'Faculty & Staff' ||
          p.standard === 'Corporate Partner & Employer',
      )
      .map((p) => p.id);
    const extraStudents = extras
      .filter((p) => p.standard === 'Student' || p.standard === 'Graduate Student')
      .map((p) => p.id);

    const demoGroups: TDemoGroup[] = [
      {
        suffix: 'entrepreneurs',
        cover: 'spark',
        name: 'Entrepreneurs Club',
        groupType: 'group',
        description: 'Founders, makers and the curious: pitch nights and startup stories.',
        about:
          'We meet every month to share ideas, pitch projects and hear from alumni founders.\n\nEveryone is welcome: join and say hello in the discussion.',
        joinPolicy: 'open',
      },
      {
        suffix: 'women-in-tech',
        cover: 'aurora',
        name: 'Women in Tech',
        groupType: 'group',
        description: 'A community for women building careers in technology.',
        about:
          'Mentoring circles, job leads and a friendly place to ask anything about a career in tech.\n\nMembership is approved by the group admins.',
        joinPolicy: 'request',
      },
      {
        suffix: 'alumni-board',
        name: 'Alumni Board',
        groupType: 'group',
        description: 'The alumni board’s working group.',
        about: 'Agendas and minutes of the alumni board. Members are invited by the board.',
        joinPolicy: 'invite',
        isHidden: true,
      },
      {
        suffix: 'mentoring',
        cover: 'horizon',
        name: `${hub.identifier === 'northfield' ? 'Northfield' : 'Riverside'} Mentoring Program`,
        groupType: 'mentorshipProgram',
        description: 'Year-long one-to-one mentoring between students and alumni.',
        about:
          'Mentees are matched with an alumni mentor for the academic year. Mentors registered in the spring; mentee registration is open now.\n\nExpect at least 2 hours per month together.',
        joinPolicy: 'open',
        settings: {
          timelines: {
            applicationTimeFrame: {
              mentee: { start: dayFrom(now, -30), end: dayFrom(now, 60), noEndDate: false },
              mentor: { start: dayFrom(now, -120), end: dayFrom(now, -5), noEndDate: false },
            },
            favorite: { start: dayFrom(now, -30), end: dayFrom(now, 60) },
          },
          pathwayTimelines: { mentee: { completedBy: dayFrom(now, 45) } },
          messageTypes: {
            longTermMentorship: {
              enabled: true,
              maxMentorshipLimit: 3,
              maxOpenMentorships: 1,
              maxMessages: 3,
              hasIndependentMessagePool: true,
            },
          },
          allowBoth: false,
        },
      },
      {
        suffix: '2019-mentoring',
        cover: 'waves',
        name: 'Mentoring Program 2019',
        groupType: 'mentorshipProgram',
        description: 'The 2019 cohort, kept for its resources.',
        about: 'Registration for the 2019 cohort closed long ago.',
        joinPolicy: 'open',
        settings: {
          timelines: {
            applicationTimeFrame: {
              mentee: { start: '2019-01-15', end: '2019-03-31', noEndDate: false },
              mentor: { start: '2019-01-01', end: '2019-03-15', noEndDate: false },
            },
            favorite: null,
          },
        },
      },
      {
        suffix: 'alumni-association',
        cover: 'campus',
        name: 'Alumni Association',
        groupType: 'organization',
        description: 'The official alumni association: events, news and volunteering.',
        about: 'The alumni association connects graduates with each other and with the school.',
        joinPolicy: 'open',
      },
    ];

    for (const spec of demoGroups) {
      const settings = ZGroupSettings.parse(spec.settings ?? {});
      const [group] = await tx
        .insert(groups)
        .values({
          clusterId,
          hubId: hub.id,
          identifier: `${hub.identifier}-${spec.suffix}`,
          groupType: spec.groupType,
          name: spec.name,
          sortName: spec.name.toLowerCase(),
          description: spec.description,
          about: spec.about,
          joinPolicy: spec.joinPolicy,
          isHidden: spec.isHidden ?? false,
          coverImageUrl: spec.cover ? coverPresetUrl(spec.cover) : null,
          settings,
          searchText: `${spec.name} ${spec.description}`.toLowerCase(),
          createdByUserId: hubAdmin,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!group) throw new Error('demo group insert returned no row');
      const member = (userId: string, extra: Partial<typeof groupMemberships.$inferInsert> = {}) =>
        tx.insert(groupMemberships).values({
          clusterId,
          hubId: hub.id,
          groupId: group.id,
          userId,
          approved: true,
          completedRegistrationDate: now,
          userJoinedAt: now,
          ...extra,
        });

      if (spec.groupType === 'mentorshipProgram') {
        await member(hubAdmin, { isAdmin: true });
        if (spec.suffix !== 'mentoring') {
          for (const id of extraAlumni.slice(0, 3)) await member(id, { role: 'mentor' });
          for (const id of extraStudents.slice(0, 3)) await member(id, { role: 'mentee' });
          continue;
        }
        const questionRows = await tx
          .insert(groupQuestions)
          .values(
            PROGRAM_QUESTIONS.map((q, order) => ({
              clusterId,
              hubId: hub.id,
              groupId: group.id,
              questionType: q.questionType,
              audience: q.audience,
              texts: q.texts,
              options: 'options' in q ? [...q.options] : [],
              allowsMultiple: 'allowsMultiple' in q ? q.allowsMultiple : false,
              isRequired: q.isRequired,
              videoUrl: 'videoUrl' in q ? q.videoUrl : null,
              matchingWeight: 'matchingWeight' in q ? q.matchingWeight : 0,
              order,
            })),
          )
          .returning();
        const idOf = (key: string) =>
          questionRows[PROGRAM_QUESTIONS.findIndex((q) => q.key === key)]?.id ?? '';
        const answersFor = (role: 'mentor' | 'mentee'): Record<string, TProgramAnswerValue> => ({
          [idOf('industry')]: pick(random, INDUSTRIES),
          [idOf('topics')]: pickSome(random, HELP_TOPICS, 2),
          [idOf('video')]: true,
          ...(role === 'mentee'
            ? { [idOf('goal')]: 'Find a summer internship and learn how the industry works.' }
            : {}),
        });
        const mentors = [alumni, employer, ...extraAlumni.slice(0, 7)];
        for (const id of mentors) await member(id, { role: 'mentor', answers: answersFor('mentor') });
        const mentees = extraStudents.slice(0, 6);
        for (const id of mentees) await member(id, { role: 'mentee', answers: answersFor('mentee') });
        // One invited mentor who has not registered yet (continueRegistration), one pending mentee.
        const invited = extraAlumni[7];
        if (invited)
          await member(invited, {
            role: 'mentor',
            importStatus: 'imported',
            approved: null,
            completedRegistrationDate: null,
            userJoinedAt: null,
            invitedByUserId: hubAdmin,
          });
        const favoriteMentee = mentees[0];
        if (favoriteMentee) {
          await tx.insert(groupFavorites).values(
            mentors.slice(0, 2).map((mentorUserId) => ({
              clusterId,
              hubId: hub.id,
              groupId: group.id,
              userId: favoriteMentee,
              mentorUserId,
            })),
          );
        }
        continue;
      }

      if (spec.groupType === 'organization') {
        await member(faculty, { isAdmin: true });
        await member(hubAdmin, { isAdmin: true, isViewOnlyAdmin: true });
        for (const id of [alumni, ...extraAlumni.slice(0, 8)]) await member(id);
        continue;
      }

      if (spec.suffix === 'alumni-board') {
        await member(hubAdmin, { isAdmin: true });
        for (const id of extraAlumni.slice(0, 4)) await member(id);
        await member(alumni, {
          importStatus: 'imported',
          approved: null,
          completedRegistrationDate: null,
          userJoinedAt: null,
          invitedByUserId: hubAdmin,
        });
        continue;
      }

      await member(faculty, { isAdmin: true });
      const regulars =
        spec.suffix === 'entrepreneurs'
          ? [alumni, employer, ...extraStudents.slice(0, 5), ...extraAlumni.slice(0, 4)]
          : [employer, ...extraAlumni.slice(2, 6)];
      for (const id of regulars) await member(id);
      if (spec.suffix === 'women-in-tech') {
        const pending = extraStudents.slice(3, 5);
        if (pending.length > 0) {
          await tx.insert(groupMemberships).values(
            pending.map((userId) => ({
              clusterId,
              hubId: hub.id,
              groupId: group.id,
              userId,
              approved: null,
              completedRegistrationDate: now,
            })),
          );
        }
      }
    }
  }
}
