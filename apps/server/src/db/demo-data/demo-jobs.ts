import {
  defaultJobExpiry,
  jobDefaultDates,
  PROJECT_TEMPLATES,
  type TJobApprovalStatus,
  type TJobEmploymentType,
  type TJobTag,
  type TProjectStatusFilter,
} from '@commons/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { jobOptionLabels, searchTextOf } from '../../modules/jobs/jobs.commands.js';
import type { TTx } from '../client.js';
import { jobPosts, users, userTypes } from '../schema/index.js';
import { DAY_MS } from './demo-content.js';

/** The demo's time zone for posting dates (spec 9 default time zone). */
const DEMO_TIME_ZONE = 'America/Los_Angeles';

/** Who posts a demo post: one of the hub's role accounts (role@{hub}.example.edu). */
type TDemoPoster = 'employer' | 'alumni' | 'faculty' | 'hubadmin';

/** The keys of the demo posts, stable for the other demo files (applications, experiential learning). */
export const DEMO_JOB_KEYS = [
  'software-intern',
  'data-analyst',
  'customer-success',
  'research-assistant',
  'teaching-assistant',
  'marketing-intern',
  'alumni-mentor-coordinator',
  'campus-ambassador',
  'project-logo',
  'project-data',
  'project-social',
  'project-legal',
] as const;
export type TDemoJobKey = (typeof DEMO_JOB_KEYS)[number];

type TDemoJob = {
  key: TDemoJobKey;
  poster: TDemoPoster;
  title: string;
  organisation: string;
  description: string;
  requirements: string;
  location: string | null;
  isRemote: boolean;
  employmentType: TJobEmploymentType | null;
  isPaid: boolean;
  industry: string;
  jobFunctions: string[];
  /** Everyone, or the titles of the hub's user types. */
  audience: 'all' | string[];
  externalUrl: string | null;
  isResumeRequired: boolean;
  icon: string;
  tags: TJobTag[];
  /** Days before the seed the post was made. */
  postedDaysAgo: number;
  /** Expired: its expiry passed (and the expiry job marked it). */
  isExpired?: boolean;
  approval: TJobApprovalStatus;
  /** Projects: the template and the status of the wider filter (spec 4) the demo shows. */
  project?: { templateId: string; status: TProjectStatusFilter };
};

/**
 * The demo board of each hub (issue #19 item 8): eight jobs (internal and external, paid and unpaid, one
 * expired, one awaiting approval; most by the employer) and four projects from templates in different
 * statuses. The applications that put the projects in those statuses are the applications demo's.
 */
const DEMO_JOBS: readonly TDemoJob[] = [
  {
    key: 'software-intern',
    poster: 'employer',
    title: 'Software Engineering Intern',
    organisation: 'Northwind Traders',
    description:
      '<p>Join our platform team for the summer. You will ship features to our ordering app, pair with senior engineers and present your work at the end of the internship.</p>',
    requirements:
      '<ul><li>Coursework in programming (Python, Java or TypeScript)</li><li>Curiosity and clear writing</li></ul>',
    location: 'Seattle, WA',
    isRemote: false,
    employmentType: 'internship',
    isPaid: true,
    industry: 'technology',
    jobFunctions: ['engineering'],
    audience: 'all',
    externalUrl: null,
    isResumeRequired: true,
    icon: 'code',
    tags: [
      { kind: 'hiring', label: 'Hiring now' },
      { kind: 'industry', label: 'Technology' },
      { kind: 'offers', label: 'Mentorship' },
    ],
    postedDaysAgo: 3,
    approval: 'approved',
  },
  {
    key: 'data-analyst',
    poster: 'employer',
    title: 'Graduate Data Analyst',
    organisation: 'Contoso Health',
    description:
      '<p>Our two-year graduate programme rotates you through clinical operations, finance and product analytics.</p>',
    requirements: '<p>A degree in a quantitative field and some SQL.</p>',
    location: 'Chicago, IL',
    isRemote: false,
    employmentType: 'fullTime',
    isPaid: true,
    industry: 'healthcare',
    jobFunctions: ['research', 'operations'],
    audience: 'all',
    externalUrl: 'https://careers.contoso-health.example.com/graduate-data-analyst',
    isResumeRequired: false,
    icon: 'chart',
    tags: [
      { kind: 'hiring', label: 'Graduate programme' },
      { kind: 'industry', label: 'Healthcare' },
    ],
    postedDaysAgo: 6,
    approval: 'approved',
  },
  {
    key: 'customer-success',
    poster: 'employer',
    title: 'Customer Success Associate',
    organisation: 'Northwind Traders',
    description: '<p>Help our customers get the most out of our products, by phone, chat and email.</p>',
    requirements: '<p>Friendly, organised and patient.</p>',
    location: 'Portland, OR',
    isRemote: true,
    employmentType: 'fullTime',
    isPaid: true,
    industry: 'technology',
    jobFunctions: ['sales'],
    audience: 'all',
    externalUrl: null,
    isResumeRequired: false,
    icon: 'headset',
    tags: [{ kind: 'serviceType', label: 'Remote friendly' }],
    postedDaysAgo: 1,
    approval: 'pending',
  },
  {
    key: 'research-assistant',
    poster: 'faculty',
    title: 'Research Assistant, Climate Lab',
    organisation: 'Climate Lab',
    description:
      '<p>Help us clean and map weather station data for a study of urban heat. Ten hours a week, flexible.</p>',
    requirements: '<p>Spreadsheets or R; an interest in climate.</p>',
    location: null,
    isRemote: true,
    employmentType: 'partTime',
    isPaid: true,
    industry: 'energy',
    jobFunctions: ['research'],
    audience: 'all',
    externalUrl: null,
    isResumeRequired: false,
    icon: 'flask',
    tags: [
      { kind: 'industry', label: 'Research' },
      { kind: 'offers', label: 'Flexible hours' },
    ],
    postedDaysAgo: 8,
    approval: 'approved',
  },
  {
    key: 'teaching-assistant',
    poster: 'faculty',
    title: 'Teaching Assistant, Intro to Economics',
    organisation: 'Department of Economics',
    description: '<p>Run two discussion sections a week and hold office hours for first-year students.</p>',
    requirements: '<p>An A in Intro to Economics.</p>',
    location: 'Chicago, IL',
    isRemote: false,
    employmentType: 'partTime',
    isPaid: true,
    industry: 'education',
    jobFunctions: ['care'],
    audience: 'all',
    externalUrl: null,
    isResumeRequired: true,
    icon: 'book',
    tags: [{ kind: 'industry', label: 'Education' }],
    postedDaysAgo: 12,
    approval: 'approved',
  },
  {
    key: 'marketing-intern',
    poster: 'employer',
    title: 'Marketing Intern (Spring)',
    organisation: 'Fabrikam Media',
    description: '<p>Plan and write our spring campaign with the brand team.</p>',
    requirements: '<p>Writing samples.</p>',
    location: 'New York, NY',
    isRemote: false,
    employmentType: 'internship',
    isPaid: false,
    industry: 'media',
    jobFunctions: ['sales', 'design'],
    audience: 'all',
    externalUrl: 'https://jobs.fabrikam-media.example.com/marketing-intern',
    isResumeRequired: false,
    icon: 'megaphone',
    tags: [{ kind: 'industry', label: 'Media' }],
    postedDaysAgo: 75,
    isExpired: true,
    approval: 'approved',
  },
  {
    key: 'alumni-mentor-coordinator',
    poster: 'alumni',
    title: 'Volunteer Mentor Coordinator',
    organisation: 'Alumni Association',
    description: '<p>Match alumni mentors with students and check in with them once a month.</p>',
    requirements: '<p>Two hours a month and a warm heart.</p>',
    location: null,
    isRemote: true,
    employmentType: 'volunteer',
    isPaid: false,
    industry: 'non-profit',
    jobFunctions: ['operations'],
    audience: ['Alumni', 'Faculty & Staff'],
    externalUrl: null,
    isResumeRequired: false,
    icon: 'users',
    tags: [{ kind: 'offers', label: 'Give back' }],
    postedDaysAgo: 10,
    approval: 'approved',
  },
  {
    key: 'campus-ambassador',
    poster: 'hubadmin',
    title: 'Campus Ambassador',
    organisation: 'Career Center',
    description: '<p>Tell first-year students about the career center and run two events a term.</p>',
    requirements: '<p>Enthusiasm and good time management.</p>',
    location: 'Seattle, WA',
    isRemote: false,
    employmentType: 'partTime',
    isPaid: false,
    industry: 'education',
    jobFunctions: ['sales'],
    audience: ['Student', 'Graduate Student'],
    externalUrl: null,
    isResumeRequired: false,
    icon: 'star',
    tags: [{ kind: 'hiring', label: 'Hiring now' }],
    postedDaysAgo: 2,
    approval: 'approved',
  },
  ...(
    [
      ['project-logo', 'design-a-logo', 'pendingHire', 4, 'approved'],
      ['project-data', 'analyze-data', 'inProgress', 20, 'approved'],
      ['project-social', 'social-media-strategy', 'completed', 45, 'approved'],
      ['project-legal', 'legal-advising', 'pendingApproval', 1, 'pending'],
    ] as const
  ).map(([key, templateId, status, postedDaysAgo, approval]): TDemoJob => {
    const template = PROJECT_TEMPLATES.find((t) => t.id === templateId);
    if (!template) throw new Error(`unknown template ${templateId}`);
    return {
      key,
      poster: 'employer',
      title: template.role,
      organisation: 'Northwind Traders',
      description: `<p>${template.jobDescription}</p>`,
      requirements: `<p>${template.requirement}</p>`,
      location: null,
      isRemote: true,
      employmentType: null,
      isPaid: false,
      industry: template.industry,
      jobFunctions: [...template.jobFunctionSlugs],
      audience: 'all',
      externalUrl: null,
      isResumeRequired: false,
      icon: template.icon,
      tags: [{ kind: 'offers', label: 'Portfolio project' }],
      postedDaysAgo,
      approval,
      project: { templateId, status },
    };
  }),
];

/**
 * Seeds a demo hub's job board (issue #19 item 8) as the app would have written it: sanitised texts, the
 * search text, expiry from the posting day (60 days), projects with the template's 40 hours and dates 2 and 4
 * weeks after posting. Answers the post ids by key, for the applications demo.
 */
export async function seedDemoJobs(
  tx: TTx,
  options: { clusterId: string; now: Date; hub: { id: number; identifier: string } },
): Promise<Record<TDemoJobKey, string>> {
  const { hub, now } = options;
  const posterEmails = (['employer', 'alumni', 'faculty', 'hubadmin'] as const).map(
    (role) => `${role}@${hub.identifier}.example.edu`,
  );
  const posters = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, posterEmails));
  const posterId = (role: TDemoPoster) => {
    const id = posters.find((p) => p.email === `${role}@${hub.identifier}.example.edu`)?.id;
    if (!id) throw new Error(`demo poster ${role}@${hub.identifier} missing`);
    return id;
  };
  const types = await tx
    .select({ id: userTypes.id, title: userTypes.title })
    .from(userTypes)
    .where(eq(userTypes.hubId, hub.id));
  const labels = await jobOptionLabels(tx, hub.id);
  const ids = {} as Record<TDemoJobKey, string>;
  for (const job of DEMO_JOBS) {
    const postedAt = new Date(now.getTime() - job.postedDaysAgo * DAY_MS);
    const expiresAt = job.isExpired
      ? new Date(now.getTime() - 5 * DAY_MS)
      : defaultJobExpiry({ now: postedAt, timeZone: DEMO_TIME_ZONE });
    const dates = jobDefaultDates({ now: postedAt, timeZone: DEMO_TIME_ZONE });
    const description = sanitizeRichText(job.description);
    const requirements = sanitizeRichText(job.requirements);
    const audience =
      job.audience === 'all' ? [] : types.filter((t) => job.audience.includes(t.title)).map((t) => t.id);
    const [row] = await tx
      .insert(jobPosts)
      .values({
        clusterId: options.clusterId,
        hubId: hub.id,
        ownerUserId: posterId(job.poster),
        jobFlow: job.project ? 'project' : 'job',
        title: job.title,
        organisation: job.organisation,
        description,
        requirements,
        location: job.location,
        isRemote: job.isRemote,
        employmentType: job.employmentType,
        isPaid: job.isPaid,
        industry: job.industry,
        jobFunctions: job.jobFunctions,
        audienceUserTypeIds: audience,
        applicationMethod: job.externalUrl ? 'external' : 'internal',
        externalUrl: job.externalUrl,
        isResumeRequired: job.isResumeRequired,
        icon: job.icon,
        tags: job.tags,
        templateId: job.project?.templateId ?? null,
        duration: job.project ? 40 : null,
        durationUnit: job.project ? 'hours' : null,
        startDate: job.project ? dates.startDate : null,
        dueDate: job.project ? dates.dueDate : null,
        expiresAt,
        expiredAt: job.isExpired ? expiresAt : null,
        approvalStatus: job.approval,
        reviewedAt: job.approval === 'approved' && job.poster === 'employer' ? postedAt : null,
        projectStatus: job.project?.status ?? null,
        searchText: searchTextOf({
          title: job.title,
          organisation: job.organisation,
          description,
          requirements,
          location: job.location,
          employmentType: job.employmentType,
          industryLabel: labels.industries.get(job.industry) ?? job.industry,
          functionLabels: job.jobFunctions.map((key) => labels.functions.get(key) ?? key),
          tags: job.tags,
        }),
        createdAt: postedAt,
        updatedAt: postedAt,
      })
      .returning({ id: jobPosts.id });
    if (!row) throw new Error('demo job insert failed');
    ids[job.key] = row.id;
  }
  return ids;
}

/** The id of a demo post of a hub by its key (the posts' titles are unique per hub). */
export async function demoJobPostId(tx: TTx, options: { hubId: number; key: TDemoJobKey }): Promise<string> {
  const job = DEMO_JOBS.find((j) => j.key === options.key);
  if (!job) throw new Error(`unknown demo job ${options.key}`);
  const [row] = await tx
    .select({ id: jobPosts.id })
    .from(jobPosts)
    .where(and(eq(jobPosts.hubId, options.hubId), eq(jobPosts.title, job.title)))
    .limit(1);
  if (!row) throw new Error(`demo job ${options.key} not seeded`);
  return row.id;
}
