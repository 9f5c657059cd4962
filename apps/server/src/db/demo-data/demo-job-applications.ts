import { storedApplicationState, type TApplicationState, type TJobApprovalStatus } from '@commons/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { refreshProjectStatus } from '../../modules/job-applications/job-applications.commands.js';
import type { TTx } from '../client.js';
import {
  actionItemCompletions,
  hubMemberships,
  jobApplications,
  jobPosts,
  participationReports,
  users,
  userTypes,
} from '../schema/index.js';
import { DAY_MS } from './demo-content.js';
import { demoJobPostId, type TDemoJobKey } from './demo-jobs.js';

/** One demo application: the post, the state it reached, and when each step happened (days before the seed). */
type TDemoApplication = {
  key: TDemoJobKey;
  state: TApplicationState;
  note: string;
  appliedDaysAgo: number;
  hiredDaysAgo?: number;
  submission?: { text: string; url: string | null; daysAgo: number };
  review?: { note: string; daysAgo: number };
};

/**
 * The demo student's applications (issue #19 item 8): a job shortlisted and one applied to, and on the four
 * projects an application to the one still hiring, the hire whose work was submitted for review (so the
 * employer has a review waiting and the project reads pendingReview), and the completed one; the project
 * awaiting approval takes no applications. None needs a resume (the demo has no stored files).
 */
const STUDENT_APPLICATIONS: readonly TDemoApplication[] = [
  {
    key: 'research-assistant',
    state: 'shortlisted',
    note: 'I took the research methods seminar last term and would love to help with the interviews.',
    appliedDaysAgo: 6,
  },
  {
    key: 'campus-ambassador',
    state: 'applied',
    note: 'I already give campus tours on open days.',
    appliedDaysAgo: 1,
  },
  {
    key: 'project-logo',
    state: 'applied',
    note: 'I have designed logos for two student societies; my portfolio is on my profile.',
    appliedDaysAgo: 1,
  },
  {
    key: 'project-data',
    state: 'pendingReview',
    note: 'I know SQL and R from my statistics courses.',
    appliedDaysAgo: 18,
    hiredDaysAgo: 15,
    submission: {
      text: 'The report with the findings and charts is ready: the three regions with the fastest growth, and why.',
      url: 'https://docs.example.com/northwind-data-findings',
      daysAgo: 1,
    },
  },
  {
    key: 'project-social',
    state: 'completed',
    note: 'I run the social channels of the debating club.',
    appliedDaysAgo: 44,
    hiredDaysAgo: 38,
    submission: {
      text: 'A one-month content calendar with twelve sample posts and the reasoning behind the channel mix.',
      url: 'https://docs.example.com/northwind-social-calendar',
      daysAgo: 18,
    },
    review: { note: 'Clear, practical and on brand. We are already using it. Thank you!', daysAgo: 16 },
  },
];

/**
 * Seeds a demo hub's applications (issue #19 item 8) as the app would have stored them, after the demo
 * board (demo-jobs.ts): the demo student's applications in different states, two other students applying
 * to the project still hiring (one shortlisted), the projects' spec 4 statuses recomputed from them, a
 * participation report of the demo student approved by the hub admin and one waiting for review, and the
 * el_apply_opportunity and el_report_participation steps those fulfil. Runs inside the demo seed's
 * transaction (cluster-wide scope).
 */
export async function seedDemoJobApplications(
  tx: TTx,
  options: { clusterId: string; now: Date; hub: { id: number; identifier: string } },
): Promise<void> {
  const { clusterId, now, hub } = options;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
  const emails = ['student', 'hubadmin'].map((role) => `${role}@${hub.identifier}.example.edu`);
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const idOf = (role: string) => {
    const id = people.find((p) => p.email === `${role}@${hub.identifier}.example.edu`)?.id;
    if (!id) throw new Error(`demo ${role}@${hub.identifier} missing`);
    return id;
  };
  const student = idOf('student');
  const hubAdmin = idOf('hubadmin');
  const otherStudents = await tx
    .select({ id: users.id })
    .from(hubMemberships)
    .innerJoin(userTypes, eq(userTypes.id, hubMemberships.userTypeId))
    .innerJoin(users, eq(users.id, hubMemberships.userId))
    .where(
      and(
        eq(hubMemberships.hubId, hub.id),
        eq(hubMemberships.approved, true),
        eq(userTypes.standardUserType, 'Student'),
        ne(users.id, student),
      ),
    )
    .orderBy(users.email)
    .limit(2);
  const postIds = new Map<TDemoJobKey, string>();
  const postId = async (key: TDemoJobKey) => {
    const known = postIds.get(key);
    if (known) return known;
    const id = await demoJobPostId(tx, { hubId: hub.id, key });
    postIds.set(key, id);
    return id;
  };

  const applications: Array<TDemoApplication & { applicantUserId: string }> = [
    ...STUDENT_APPLICATIONS.map((application) => ({ ...application, applicantUserId: student })),
    ...otherStudents.map((other, index): TDemoApplication & { applicantUserId: string } => ({
      key: 'project-logo',
      state: index === 0 ? 'shortlisted' : 'applied',
      note: 'Design is what I study; I would be glad to take this on.',
      appliedDaysAgo: 3 - index,
      applicantUserId: other.id,
    })),
  ];
  for (const application of applications) {
    const stored = storedApplicationState(application.state);
    const lastStepDaysAgo = Math.min(
      application.appliedDaysAgo,
      application.hiredDaysAgo ?? Infinity,
      application.submission?.daysAgo ?? Infinity,
      application.review?.daysAgo ?? Infinity,
    );
    await tx.insert(jobApplications).values({
      clusterId,
      hubId: hub.id,
      postId: await postId(application.key),
      applicantUserId: application.applicantUserId,
      note: application.note,
      status: stored.status,
      workStatus: stored.workStatus,
      hiredAt: application.hiredDaysAgo === undefined ? null : at(application.hiredDaysAgo),
      submissionText: application.submission?.text ?? null,
      submissionUrl: application.submission?.url ?? null,
      submittedAt: application.submission ? at(application.submission.daysAgo) : null,
      reviewOutcome: application.review ? 'completed' : null,
      reviewNote: application.review?.note ?? null,
      reviewedAt: application.review ? at(application.review.daysAgo) : null,
      statusChangedAt: at(lastStepDaysAgo),
      createdAt: at(application.appliedDaysAgo),
      updatedAt: at(lastStepDaysAgo),
    });
  }

  // The projects' spec 4 statuses follow from their applications, as every move of the app recomputes them.
  const projects = await tx
    .select({
      id: jobPosts.id,
      jobFlow: jobPosts.jobFlow,
      approvalStatus: jobPosts.approvalStatus,
      closedAt: jobPosts.closedAt,
      expiresAt: jobPosts.expiresAt,
      startDate: jobPosts.startDate,
      dueDate: jobPosts.dueDate,
      ownerTimezone: users.timezone,
    })
    .from(jobPosts)
    .innerJoin(users, eq(users.id, jobPosts.ownerUserId))
    .where(and(eq(jobPosts.hubId, hub.id), eq(jobPosts.jobFlow, 'project')));
  for (const project of projects) {
    await refreshProjectStatus(tx, {
      post: { ...project, approvalStatus: project.approvalStatus as TJobApprovalStatus },
      now,
    });
  }

  const socialId = await postId('project-social');
  await tx.insert(participationReports).values([
    {
      clusterId,
      hubId: hub.id,
      userId: student,
      postId: socialId,
      title: 'Create a social media strategy',
      organisation: 'Northwind Traders',
      startedOn: at(31).toISOString().slice(0, 10),
      endedOn: at(18).toISOString().slice(0, 10),
      minutes: 40 * 60,
      reflection:
        'Planning a month of posts taught me to start from the audience, not the channel, and to test two ' +
        'versions of a post before committing to a style.',
      status: 'approved',
      reviewedByUserId: hubAdmin,
      reviewNote: 'Great reflection, thank you for sharing it.',
      reviewedAt: at(12),
      createdAt: at(15),
      updatedAt: at(12),
    },
    {
      clusterId,
      hubId: hub.id,
      userId: student,
      postId: null,
      title: 'Food bank volunteering',
      organisation: 'City Food Bank',
      startedOn: at(9).toISOString().slice(0, 10),
      endedOn: at(2).toISOString().slice(0, 10),
      minutes: 6 * 60,
      reflection: 'Running the Saturday sorting shift showed me how much a clear checklist helps a new team.',
      status: 'pending',
      createdAt: at(1),
      updatedAt: at(1),
    },
  ]);

  await tx
    .insert(actionItemCompletions)
    .values([
      ...[student, ...otherStudents.map((o) => o.id)].map((userId) => ({
        clusterId,
        hubId: hub.id,
        userId,
        type: 'el_apply_opportunity' as const,
        completedAt: now,
        completedBy: 'event' as const,
      })),
      {
        clusterId,
        hubId: hub.id,
        userId: student,
        type: 'el_report_participation' as const,
        completedAt: now,
        completedBy: 'event' as const,
      },
    ])
    .onConflictDoNothing();
}
