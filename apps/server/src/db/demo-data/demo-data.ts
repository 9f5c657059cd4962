import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ZHubSettings, type TStandardUserType } from '@commons/contract';
import { LIGHT_SIGNUP_STAGE } from '@commons/domain';
import { sanitizeRichText } from '../../lib/rich-text.js';
import argon2 from 'argon2';
import { refreshDirectoryEntries } from '../../modules/directory/directory.commands.js';
import type { TDb, TTx } from '../client.js';
import {
  adminAccessRights,
  careerStories,
  clusters,
  hubMemberships,
  hubSettings,
  hubStandardOptions,
  pledges,
  hubs,
  profileQuestions,
  userSchools,
  users,
  userTypes,
  userWorkHistory,
} from '../schema/index.js';
import { withTenant } from '../tenant.js';
import { seedDemoGroups } from './demo-groups.js';
import { DEMO_CLUSTER_TENANT_FIELDS, seedDemoPlatform } from './demo-platform.js';
import { DAY_MS, seedDemoContent } from './demo-content.js';
import { seedDemoBadges } from './demo-badges.js';
import { seedDemoJobs } from './demo-jobs.js';
import { seedDemoJobApplications } from './demo-job-applications.js';
import { seedDemoActionItemCompletions } from './demo-action-items.js';
import { seedDemoAdvising } from './demo-advising.js';
import { seedDemoPathways } from './demo-pathways.js';
import { seedDemoCareerPaths } from './demo-career-paths.js';
import { seedDemoAssessments } from './demo-assessments.js';
import { seedDemoVideoPrompts } from './demo-video-prompts.js';
import { seedDemoWebhooks } from './demo-webhooks.js';
import { seedDemoScim } from './demo-scim.js';
import { seedDemoClusterAdmin } from './demo-cluster-admin.js';
import { seedDemoComms } from './demo-comms.js';
import { seedDemoConversations } from './demo-conversations.js';
import { seedDemoFailedJob } from './demo-failed-job.js';
import { seedDemoWelcome } from './demo-welcome.js';
import { seedDemoProfileFields } from './demo-profile-fields.js';
import { seedDemoOrganizationActivity } from './demo-organization-activity.js';
import {
  COMPANIES,
  FIRST_NAMES,
  HELP_TOPICS,
  INDUSTRIES,
  LAST_NAMES,
  LOCATIONS,
  MAJORS,
  pick,
  pickSome,
  ROLES,
  seededRandom,
  STANDARD_OPTIONS,
} from './demo-people.js';

/** Further members per demo hub, so the directory and matching show something real (issue #4). */
const EXTRA_MEMBERS_PER_HUB = 40;

export const DEMO_PASSWORD = 'Commons-demo-1';

const DEMO_HUBS = [
  // Ids pick the data region (spec 9): 10001 is in the US range, 2000001 in the Europe range.
  // Riverside shows the dynamic profile (spec 3 Hub.settings.dynamicProfileEnabled) with its questions.
  {
    id: 10001,
    identifier: 'northfield',
    name: 'Northfield University',
    isAutoApproval: false,
    isDynamicProfile: false,
  },
  {
    id: 2000001,
    identifier: 'riverside',
    name: 'Riverside College',
    isAutoApproval: true,
    isDynamicProfile: true,
  },
] as const;

/** The profile questions of a hub with the dynamic profile (spec 3 Profile question). */
const DEMO_PROFILE_QUESTIONS = [
  {
    questionType: 'text',
    isRequired: true,
    texts: {
      both: {
        name: 'What would you like to get out of this community?',
        description: 'A few sentences about what brings you here.',
      },
    },
    options: [],
  },
  {
    questionType: 'list',
    isRequired: false,
    texts: { both: { name: 'How do you prefer to meet people?' } },
    options: ['Video call', 'Phone call', 'In person', 'Messages first'],
  },
  {
    questionType: 'switch',
    isRequired: false,
    texts: { both: { name: 'Employers may contact me about opportunities' } },
    options: [],
  },
] as const;

const DEMO_USER_TYPES: Array<{
  title: string;
  pluralTitle: string;
  standardUserType: TStandardUserType;
  canOfferHelp: boolean;
  canPostJob: boolean;
}> = [
  {
    title: 'Student',
    pluralTitle: 'Students',
    standardUserType: 'Student',
    canOfferHelp: false,
    canPostJob: false,
  },
  {
    title: 'Alumni',
    pluralTitle: 'Alumni',
    standardUserType: 'Alumni',
    canOfferHelp: true,
    canPostJob: true,
  },
  {
    title: 'Graduate Student',
    pluralTitle: 'Graduate Students',
    standardUserType: 'Graduate Student',
    canOfferHelp: true,
    canPostJob: false,
  },
  {
    title: 'Friend',
    pluralTitle: 'Friends',
    standardUserType: 'Friend of',
    canOfferHelp: true,
    canPostJob: false,
  },
  {
    title: 'Faculty & Staff',
    pluralTitle: 'Faculty & Staff',
    standardUserType: 'Faculty & Staff',
    canOfferHelp: true,
    canPostJob: true,
  },
  {
    title: 'Employer',
    pluralTitle: 'Employers',
    standardUserType: 'Corporate Partner & Employer',
    canOfferHelp: true,
    canPostJob: true,
  },
];

/** The role accounts are long-standing members (half a year). */
const ROLE_MEMBER_AGE_DAYS = 180;

const HUB_ADMIN_RIGHTS = [
  'approve-users',
  'manage-events',
  'resources',
  'groups',
  'programs',
  'announcements',
  'approve-questions',
  // Arranges the home tabs' sections (issue #18), so the demo hub admin can try it.
  'branding-settings',
  // Giving settings, pledges and their CSV export (issue #18 item 6).
  'donations',
  // Creates and edits the hub's badges (issue #18 item 5).
  'manage-badges',
  // Approves employers' job and project posts and sets the job board up (issue #19).
  'approve-job-posts',
  'job-settings',
  // Reviews members' experiential-learning participation reports (issue #19 item 5).
  'experiential-learning',
  // Runs advising: advisers, topics, appointment types, reports (issue #21).
  'manage-advising',
  // Builds, assigns and copies pathways and reviews submitted steps (issue #20 item 1).
  'manage-pathways',
  // Adds, edits and archives the cluster's career paths (issue #20 item 2).
  'manage-career-paths',
  // Edits the hub's user types and their message type settings (issue #22 item 1).
  'standard-fields',
  // Grants and revokes admins' rights, lists the hub's members and changes their user types (issue #22 items 1 and 6).
  'manage-admins',
  'explore-users',
  'switch-user-types',
  // Logs in as a member to see what they see and help them (issue #22 item 6).
  'login-as-other-admins',
  // Chooses how people join: signup methods, approval, auto-approved user types, required fields (issue #22 item 1).
  'signup-settings',
  // Reviews proposed events on the approvals page, and sends bulk emails (issue #22 items 2 and 3).
  'approve-events',
  'bulk-emails',
  // Reports and analytics, CSV exports and the users CSV import (issue #22 items 4 and 5).
  'reports',
  'analytics',
  'export-data',
  'import-data',
  // Builds surveys, closes them and reads their results (issue #22 item 3).
  'surveys',
  // Outreach templates, the auto-greeting and new members' notification defaults (issue #22 item 1).
  'templates',
  'auto-greeting',
  'notifications',
];

/** The rights of each hub's second admin (the first extra member; issue #22 item 1). */
const SECOND_ADMIN_RIGHTS = ['reports', 'analytics', 'export-data'];

type TDemoRole = 'hubadmin' | 'student' | 'alumni' | 'faculty' | 'employer' | 'pending' | 'light';
const ROLE_PEOPLE: Record<TDemoRole, { firstName: string; lastName: string; type: TStandardUserType }> = {
  hubadmin: { firstName: 'Hana', lastName: 'Admin', type: 'Faculty & Staff' },
  student: { firstName: 'Sam', lastName: 'Student', type: 'Student' },
  alumni: { firstName: 'Alex', lastName: 'Alumni', type: 'Alumni' },
  faculty: { firstName: 'Fran', lastName: 'Faculty', type: 'Faculty & Staff' },
  employer: { firstName: 'Eli', lastName: 'Employer', type: 'Corporate Partner & Employer' },
  pending: { firstName: 'Pat', lastName: 'Pending', type: 'Student' },
  light: { firstName: 'Lee', lastName: 'Light', type: 'Alumni' },
};

export type TDemoAccount = { email: string; role: string; hub: string | null };

/** The demo accounts as README and the first start list them. */
export function demoAccounts(): TDemoAccount[] {
  const accounts: TDemoAccount[] = [
    { email: 'superadmin@example.edu', role: 'super admin', hub: null },
    { email: 'clusteradmin@example.edu', role: 'cluster admin', hub: null },
  ];
  for (const hub of DEMO_HUBS) {
    for (const role of Object.keys(ROLE_PEOPLE) as TDemoRole[]) {
      accounts.push({ email: `${role}@${hub.identifier}.example.edu`, role, hub: hub.identifier });
    }
  }
  return accounts;
}

/** Creates the demo cluster (issue #2 Demo data); the caller checks the database is empty first. */
export async function seedDemoData(
  db: TDb,
  options: {
    now?: Date;
    /** The server secret: the demo assessment's shared secret derives from it (without it there is none). */
    serverSecret?: Uint8Array;
    /** Where unsubscribe links of the demo's bulk email lead. */
    publicUrl?: string;
  } = {},
): Promise<{ clusterId: string }> {
  const now = options.now ?? new Date();
  const clusterId = randomUUID();
  // The demo password is published (README), so a costly hash of it protects nothing; the smallest argon2id
  // cost makes each demo sign-in 5 ms instead of about 300 ms of CPU (E2E runs sign in hundreds of times).
  // Passwords people choose (sign-up, reset, account) keep the recommended cost of passwords.ts.
  const passwordHash = await argon2.hash(DEMO_PASSWORD, {
    type: argon2.argon2id,
    memoryCost: 1024,
    timeCost: 1,
    parallelism: 1,
  });
  const random = seededRandom(20261121);
  const seeded: string[] = [];
  // Two more tenants for the super admin console (issue #23 item 1).
  await seedDemoPlatform(db, { now });
  await withTenant(db, { clusterId, isClusterScope: true }, async (tx) => {
    await tx.insert(clusters).values({
      id: clusterId,
      name: 'Commons Demo',
      isDefault: true,
      hostnames: ['localhost', '127.0.0.1'],
      defaultSetting: 'standard',
      ...DEMO_CLUSTER_TENANT_FIELDS,
    });
    const superAdmin = await insertUser(tx, {
      clusterId,
      email: 'superadmin@example.edu',
      firstName: 'Sofia',
      lastName: 'Superadmin',
      passwordHash,
      now,
      isSuperAdmin: true,
    });
    const clusterAdmin = await insertUser(tx, {
      clusterId,
      email: 'clusteradmin@example.edu',
      firstName: 'Carl',
      lastName: 'Clusteradmin',
      passwordHash,
      now,
      isClusterAdmin: true,
    });

    for (const [hubIndex, demoHub] of DEMO_HUBS.entries()) {
      await tx.insert(hubs).values({
        id: demoHub.id,
        clusterId,
        identifier: demoHub.identifier,
        name: demoHub.name,
        isDefault: hubIndex === 0,
        standardPlatformType: 'standard',
      });
      await tx.insert(hubSettings).values({
        hubId: demoHub.id,
        clusterId,
        settings: ZHubSettings.parse({
          enabledModules: [
            'home',
            'inbox',
            'advisers',
            'network',
            'jobs',
            'discussions',
            'events',
            'resources',
            'groups',
            'programs',
            'pathways',
            'career-paths',
            'organizations',
          ],
          coreSettings: { isAutoApprovalEnabled: demoHub.isAutoApproval },
          // Career paths (spec 6 feature flag; issue #20 item 2) are on in the demo hubs.
          featureFlags: { careerPaths: true },
          dynamicProfileEnabled: demoHub.isDynamicProfile,
          // The donation banner of the hub home (spec 3 Hub settings, issue #18 item 8).
          isDonationsEnabled: true,
          homepageDonationBanner: {
            title: `Give back to ${demoHub.name}`,
            description:
              'Scholarships, the student emergency fund and free mentoring all run on alumni gifts. Every gift counts.',
            bannerImage: '/covers/campus.svg',
            giveCampusURL: 'https://example.org/give',
            linkLabel: 'Make a gift',
          },
          // The hub home's customizable widget (spec 3 Hub settings widget, issue #18 item 8), stored as the
          // widget endpoint stores it: sanitised by the spec 5 rich-text rules.
          widget: {
            title: 'This week on campus',
            html: sanitizeRichText(
              `<p><strong>Career week starts Monday.</strong> Drop-in CV reviews run every afternoon in the library, and alumni from ${demoHub.name} host lunch tables on Wednesday.</p><ul><li>Bring one job post you like</li><li>Book a slot at the careers office</li></ul><p><a href="https://example.org/career-week" target="_blank">See the full programme</a></p>`,
            ),
          },
          // The hub home's hero banner and static link blocks (issue #18).
          moduleSettings: {
            // Action items (issue #18 item 4): the admins' own step with its link, and reflection prompts
            // asked once a member completes a step (edited at /hub/{id}/site-admin/action-items).
            actionItems: {
              custom_manual_action: {
                isEnabled: true,
                title: 'Read the community guidelines',
                description: `How we look out for each other at ${demoHub.name}: five minutes, then mark it done.`,
                buttonLabel: 'Read the guidelines',
                link: `/hub/${demoHub.identifier}/faq`,
                reflectionPrompt: 'Which guideline matters most to you, and why?',
              },
              build_your_network: {
                isEnabled: true,
                reflectionPrompt: 'Who did you reach out to, and what do you hope to learn from them?',
              },
            },
            // The funds the giving form offers (issue #18 item 6).
            giving: {
              designations: ['Scholarships', 'Student emergency fund', 'Mentoring programme', 'Library'],
              currency: 'USD',
            },
            homeHeroBanner: {
              title: `This term at ${demoHub.name}`,
              description:
                'Meet alumni who have walked your path, join an event and ask the community anything.',
              linkLabel: 'See upcoming events',
              linkUrl: '/events',
              // Further cards of the multi-card hero (spec 6 homepage-hero-section), which Riverside runs.
              cards: [
                {
                  title: 'Find a mentor',
                  description: 'Alumni and staff who offer to help, by industry and school.',
                  linkLabel: 'Search the directory',
                  linkUrl: `/hub/${demoHub.identifier}/person`,
                },
                {
                  title: 'Join a group',
                  description: 'Clubs, class years and industry circles.',
                  linkLabel: 'Browse groups',
                  linkUrl: '/groups',
                },
              ],
            },
            ...(demoHub.identifier === 'riverside'
              ? { experiments: { 'homepage-hero-section': 'multi-card' } }
              : {}),
            homeStaticLinks: [
              { title: 'Career resources', url: '/resources', description: 'Guides, templates and tips.' },
              {
                title: 'Find a mentor',
                url: `/hub/${demoHub.identifier}/person`,
                description: 'Search the community directory.',
              },
              {
                title: 'Discussions',
                url: '/discussion',
                description: 'Questions from students and alumni.',
              },
            ],
          },
        }),
      });
      if (demoHub.isDynamicProfile) {
        await tx.insert(profileQuestions).values(
          DEMO_PROFILE_QUESTIONS.map((question, order) => ({
            ...question,
            options: [...question.options],
            clusterId,
            hubId: demoHub.id,
            order,
          })),
        );
      }
      const typeRows = await tx
        .insert(userTypes)
        .values(
          DEMO_USER_TYPES.map((t, order) => ({
            ...t,
            clusterId,
            hubId: demoHub.id,
            order,
            canApplyProject: t.standardUserType === 'Student',
            showFirstTimeMatchingExperience: t.standardUserType === 'Student',
            // Alumni are asked to give back (spec 3 User type givingForm): their home shows the donation banner.
            givingForm: t.standardUserType === 'Alumni',
          })),
        )
        .returning();
      const typeFor = (standard: TStandardUserType) =>
        typeRows.find((t) => t.standardUserType === standard)?.id ?? null;

      for (const admin of [superAdmin, clusterAdmin]) {
        await tx.insert(hubMemberships).values({
          clusterId,
          hubId: demoHub.id,
          userId: admin,
          userTypeId: typeFor('Faculty & Staff'),
          isDefault: hubIndex === 0,
          approved: true,
          isAdmin: true,
        });
      }
      await tx.insert(hubStandardOptions).values(
        Object.entries(STANDARD_OPTIONS).flatMap(([category, options]) =>
          options.map((o, order) => ({
            clusterId,
            hubId: demoHub.id,
            category,
            optionKey: o.key,
            label: o.label,
            emoji: o.emoji ?? null,
            subText: o.subText ?? null,
            order,
          })),
        ),
      );
      for (const role of Object.keys(ROLE_PEOPLE) as TDemoRole[]) {
        const person = ROLE_PEOPLE[role];
        const userId = await insertUser(tx, {
          clusterId,
          email: `${role}@${demoHub.identifier}.example.edu`,
          firstName: person.firstName,
          lastName: `${person.lastName}${hubIndex === 0 ? '' : ' R'}`,
          passwordHash,
          now,
        });
        await tx.insert(hubMemberships).values({
          clusterId,
          hubId: demoHub.id,
          userId,
          userTypeId: typeFor(person.type),
          isDefault: true,
          approved: role === 'pending' ? null : true,
          signupStage: role === 'light' ? LIGHT_SIGNUP_STAGE : null,
          isAdmin: role === 'hubadmin',
          createdAt: new Date(now.getTime() - ROLE_MEMBER_AGE_DAYS * DAY_MS),
        });
        if (role === 'hubadmin') {
          await tx
            .insert(adminAccessRights)
            .values(HUB_ADMIN_RIGHTS.map((right) => ({ clusterId, hubId: demoHub.id, userId, right })));
        }
        await addDemoProfile(tx, {
          clusterId,
          userId,
          random,
          standardUserType: person.type,
          schoolName: demoHub.name,
          now,
        });
        if (role === 'alumni') {
          // A career story (issue #4 careerAdvice) answering the first default prompt.
          await tx.insert(careerStories).values({
            clusterId,
            userId,
            promptId: 'journey',
            value:
              'I studied economics without a plan. A summer internship at a small analytics firm showed me that I liked turning messy data into decisions.\n\nAfter graduating I joined the firm, moved into product work three years later, and now lead a team. Every step came from saying yes to a project nobody else wanted.',
            link: 'https://example.org/alex-alumni-story',
            updatedAt: now,
          });
          // Two earlier pledges of the giving form (issue #18 item 6), so the admins' pledge list is not empty.
          await tx.insert(pledges).values([
            {
              clusterId,
              hubId: demoHub.id,
              userId,
              amountMinor: 10_000,
              currency: 'USD',
              designation: 'Scholarships',
              createdAt: new Date(now.getTime() - 40 * DAY_MS),
            },
            {
              clusterId,
              hubId: demoHub.id,
              userId,
              amountMinor: 2_500,
              currency: 'USD',
              designation: 'Student emergency fund',
              isRecurring: true,
              frequency: 'monthly',
              note: 'Happy to help students through a hard month.',
              createdAt: new Date(now.getTime() - 12 * DAY_MS),
            },
          ]);
        }
        seeded.push(userId);
      }
      const extraTypes: TStandardUserType[] = [
        'Alumni',
        'Alumni',
        'Student',
        'Student',
        'Faculty & Staff',
        'Corporate Partner & Employer',
        'Graduate Student',
        'Friend of',
      ];
      for (let i = 0; i < EXTRA_MEMBERS_PER_HUB; i++) {
        const standardUserType = extraTypes[i % extraTypes.length] ?? 'Alumni';
        const firstName = pick(random, FIRST_NAMES);
        const lastName = pick(random, LAST_NAMES);
        const userId = await insertUser(tx, {
          clusterId,
          email: `${firstName}.${lastName}.${i}@${demoHub.identifier}.example.edu`.toLowerCase(),
          firstName,
          lastName,
          passwordHash,
          now,
        });
        // Joined over the past months, one every few days, so the feed shows a community over time, not 40 joins at once.
        const joinedAt = new Date(now.getTime() - (3 * i + 1) * DAY_MS);
        await tx.insert(hubMemberships).values({
          clusterId,
          hubId: demoHub.id,
          userId,
          userTypeId: typeFor(standardUserType),
          isDefault: true,
          approved: true,
          // The first of them is a second hub admin with a few rights, so Admins and access rights shows more than one.
          isAdmin: i === 0,
          createdAt: joinedAt,
        });
        if (i === 0)
          await tx
            .insert(adminAccessRights)
            .values(SECOND_ADMIN_RIGHTS.map((right) => ({ clusterId, hubId: demoHub.id, userId, right })));
        await addDemoProfile(tx, {
          clusterId,
          userId,
          random,
          standardUserType,
          schoolName: demoHub.name,
          now,
        });
        seeded.push(userId);
      }
    }
    for (const userId of [superAdmin, clusterAdmin, ...seeded]) await refreshDirectoryEntries(tx, userId);
    await seedDemoGroups(tx, { clusterId, now, hubs: DEMO_HUBS });
    await seedDemoContent(tx, { clusterId, now, hubs: DEMO_HUBS });
    for (const hub of DEMO_HUBS) await seedDemoBadges(tx, { clusterId, now, hub });
    for (const hub of DEMO_HUBS) await seedDemoJobs(tx, { clusterId, now, hub });
    for (const hub of DEMO_HUBS) await seedDemoJobApplications(tx, { clusterId, now, hub });
    await seedDemoAdvising(tx, { clusterId, now, hub: DEMO_HUBS[0] });
    await seedDemoPathways(tx, { clusterId, now, hub: DEMO_HUBS[0], libraryHub: DEMO_HUBS[1] });
    await seedDemoCareerPaths(tx, { clusterId, now, hub: DEMO_HUBS[0] });
    if (options.serverSecret)
      await seedDemoAssessments(tx, {
        clusterId,
        now,
        hub: DEMO_HUBS[0],
        serverSecret: options.serverSecret,
      });
    await seedDemoVideoPrompts(tx, { clusterId, now, hub: DEMO_HUBS[0] });
    await seedDemoWebhooks(tx, {
      clusterId,
      now,
      clusterAdminId: clusterAdmin,
      hubIdentifier: DEMO_HUBS[0].identifier,
    });
    await seedDemoClusterAdmin(tx, { clusterId, now, clusterAdminId: clusterAdmin });
    await seedDemoScim(tx, { clusterId, now, clusterAdminId: clusterAdmin, hub: DEMO_HUBS[0] });
    await seedDemoProfileFields(tx, { clusterId, now, hub: DEMO_HUBS[0] });
    // Before the completions: their conversations are 'build your network' steps done.
    await seedDemoConversations(tx, { clusterId, now, hub: DEMO_HUBS[0] });
    await seedDemoOrganizationActivity(tx, { clusterId, now, hub: DEMO_HUBS[0] });
    await seedDemoActionItemCompletions(tx, { clusterId, now });
    await seedDemoComms(tx, {
      clusterId,
      now,
      hub: DEMO_HUBS[0],
      publicUrl: options.publicUrl ?? 'http://localhost:3000',
      ...(options.serverSecret ? { serverSecret: options.serverSecret } : {}),
    });
    await seedDemoWelcome(tx, { clusterId, now, hub: DEMO_HUBS[0] });
    await seedDemoFailedJob(tx, { now });
  });
  return { clusterId };
}

/** A complete, varied profile: headline, about, location, industries, help topics, work history, school. */
async function addDemoProfile(
  tx: TTx,
  options: {
    clusterId: string;
    userId: string;
    random: () => number;
    standardUserType: TStandardUserType;
    schoolName: string;
    now: Date;
  },
): Promise<void> {
  const { random, standardUserType } = options;
  const isStudent = standardUserType === 'Student' || standardUserType === 'Graduate Student';
  const major = pick(random, MAJORS);
  const role = pick(random, ROLES);
  const company = pick(random, COMPANIES);
  const industries = pickSome(random, INDUSTRIES, 1 + Math.floor(random() * 2));
  const helpTopics = isStudent ? [] : pickSome(random, HELP_TOPICS, 2);
  const year = options.now.getUTCFullYear();
  const graduationYear = isStudent
    ? year + 1 + Math.floor(random() * 3)
    : year - 2 - Math.floor(random() * 25);
  await tx
    .update(users)
    .set({
      headline: isStudent
        ? `${major} student`
        : `${role}${company === 'Freelance' ? ' (freelance)' : ` at ${company}`}`,
      about: isStudent
        ? `I study ${major} and I am curious about ${industries.join(' and ').toLowerCase()}.`
        : `I work in ${industries.join(' and ').toLowerCase()} and I am happy to help students with ${helpTopics.join(' and ').toLowerCase() || 'questions'}.`,
      location: pick(random, LOCATIONS),
      helpTopics,
      standardData: {
        'job-industries': {
          selectedOptions: industries.map((label) => ({ id: label.toLowerCase(), label })),
        },
        'help-topics': { selectedOptions: helpTopics.map((label) => ({ id: label.toLowerCase(), label })) },
      },
    })
    .where(eq(users.id, options.userId));
  await tx.insert(userSchools).values({
    clusterId: options.clusterId,
    userId: options.userId,
    position: 0,
    schoolName: options.schoolName,
    degreeType: standardUserType === 'Graduate Student' ? 'MSc' : 'BA',
    majors: [major],
    graduationYear,
  });
  if (!isStudent || random() < 0.5) {
    const startYear = isStudent
      ? year - 1
      : Math.min(year - 1, graduationYear + 1 + Math.floor(random() * 5));
    await tx.insert(userWorkHistory).values({
      clusterId: options.clusterId,
      userId: options.userId,
      position: 0,
      role: isStudent ? 'Intern' : role,
      company,
      startMonth: 1 + Math.floor(random() * 12),
      startYear,
      isCurrent: true,
    });
  }
}

async function insertUser(
  tx: TTx,
  u: {
    clusterId: string;
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
    now: Date;
    isSuperAdmin?: boolean;
    isClusterAdmin?: boolean;
  },
): Promise<string> {
  const identifier =
    u.email.split('@')[0]?.replace(/[^a-z0-9]+/g, '-') +
    '-' +
    (u.email.split('@')[1]?.split('.')[0] ?? 'demo');
  const [row] = await tx
    .insert(users)
    .values({
      clusterId: u.clusterId,
      identifier,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      passwordHash: u.passwordHash,
      emailVerified: true,
      isSuperAdmin: u.isSuperAdmin ?? false,
      isClusterAdmin: u.isClusterAdmin ?? false,
      startedSignupAt: u.now,
      completedSignupAt: u.now,
      dateJoined: u.now,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('demo user insert returned no row');
  return row.id;
}
