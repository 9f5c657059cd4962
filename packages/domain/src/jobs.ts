/**
 * Job and project rules (spec 3 Project or job template, spec 4 Projects, spec 5 Jobs and
 * projects, spec 9 Jobs and projects).
 */
import { dayjs } from './time.js';
import { isValidUrl } from './network-address.js';

/** Default project duration (spec 3, spec 9). */
export const DEFAULT_PROJECT_DURATION = 40;
/** Unit of the default duration. */
export const DEFAULT_PROJECT_DURATION_UNIT = 'hours';
/** Default post expiration in days when the hub sets none (spec 5, spec 9). */
export const DEFAULT_POST_EXPIRATION_DAYS = 60;
/** A new project starts this many weeks out (spec 5, spec 9). */
export const PROJECT_START_WEEKS = 2;
/** A new project is due this many weeks out (spec 5, spec 9). */
export const PROJECT_DUE_WEEKS = 4;

/** A project or job template (spec 3). */
export interface TProjectTemplate {
  id: string;
  role: string;
  icon: string;
  description: string;
  jobDescription: string;
  requirement: string;
  duration: number;
  durationUnit: string;
  jobFunctionSlugs: readonly string[];
  industry: string;
  isCustom: boolean;
}

type TTemplateSeed = Omit<TProjectTemplate, 'duration' | 'durationUnit' | 'isCustom'>;

const template = (seed: TTemplateSeed): TProjectTemplate => ({
  ...seed,
  duration: DEFAULT_PROJECT_DURATION,
  durationUnit: DEFAULT_PROJECT_DURATION_UNIT,
  isCustom: false,
});

/** The eleven default project templates (spec 9), each 40 hours. */
export const DEFAULT_PROJECT_TEMPLATES: readonly TProjectTemplate[] = [
  template({
    id: 'design-a-logo',
    role: 'Design a logo',
    icon: 'palette',
    industry: 'design',
    description: 'Create a logo that captures our brand.',
    jobDescription:
      'Design a logo for our organisation, with two rounds of revisions and final files in vector and PNG formats.',
    requirement: 'A portfolio or samples of design work.',
    jobFunctionSlugs: ['design', 'marketing'],
  }),
  template({
    id: 'analyze-data',
    role: 'Analyze data',
    icon: 'chart',
    industry: 'technology',
    description: 'Turn a data set into clear findings.',
    jobDescription:
      'Clean and analyse a data set we provide, and summarise the findings in a short report with charts.',
    requirement: 'Experience with spreadsheets, SQL or a statistics language.',
    jobFunctionSlugs: ['data-analytics'],
  }),
  template({
    id: 'build-a-website',
    role: 'Build a website',
    icon: 'globe',
    industry: 'technology',
    description: 'Build or refresh a small website.',
    jobDescription:
      'Build a responsive website of up to five pages from our content, and hand it over with simple editing instructions.',
    requirement: 'Web development samples.',
    jobFunctionSlugs: ['engineering', 'design'],
  }),
  template({
    id: 'social-media-strategy',
    role: 'Create a social media strategy',
    icon: 'megaphone',
    industry: 'marketing',
    description: 'Plan a month of social media content.',
    jobDescription: 'Review our social channels and propose a one-month content calendar with sample posts.',
    requirement: 'Familiarity with the main social platforms.',
    jobFunctionSlugs: ['marketing', 'communications'],
  }),
  template({
    id: 'market-research',
    role: 'Conduct market research',
    icon: 'search',
    industry: 'consulting',
    description: 'Size a market and map competitors.',
    jobDescription:
      'Research a market we name, map the main competitors and summarise opportunities in a short deck.',
    requirement: 'Research and writing skills.',
    jobFunctionSlugs: ['research', 'business-development'],
  }),
  template({
    id: 'write-blog-posts',
    role: 'Write blog posts',
    icon: 'pen',
    industry: 'media',
    description: 'Write articles for our blog.',
    jobDescription: 'Write three blog posts of about 800 words on topics we agree, ready to publish.',
    requirement: 'Writing samples.',
    jobFunctionSlugs: ['writing', 'communications'],
  }),
  template({
    id: 'create-a-pitch-deck',
    role: 'Create a pitch deck',
    icon: 'presentation',
    industry: 'finance',
    description: 'Tell our story to investors or partners.',
    jobDescription: 'Create a 10-15 slide pitch deck from our material, with a consistent visual style.',
    requirement: 'Presentation design or business writing experience.',
    jobFunctionSlugs: ['business-development', 'design'],
  }),
  template({
    id: 'financial-model',
    role: 'Build a financial model',
    icon: 'calculator',
    industry: 'finance',
    description: 'Model revenue and costs for the next years.',
    jobDescription:
      'Build a three-year financial model in a spreadsheet with clear assumptions and scenarios.',
    requirement: 'Accounting or finance coursework.',
    jobFunctionSlugs: ['finance', 'accounting'],
  }),
  template({
    id: 'user-research',
    role: 'Run user research',
    icon: 'users',
    industry: 'technology',
    description: 'Interview users and report what they need.',
    jobDescription: 'Plan and run five user interviews, then report the main needs and pain points.',
    requirement: 'Interviewing or survey experience.',
    jobFunctionSlugs: ['research', 'product-management'],
  }),
  template({
    id: 'produce-a-video',
    role: 'Produce a video',
    icon: 'video',
    industry: 'media',
    description: 'Film and edit a short promotional video.',
    jobDescription: 'Script, film and edit a video of one to two minutes about our organisation.',
    requirement: 'Video editing samples.',
    jobFunctionSlugs: ['media-production', 'marketing'],
  }),
  template({
    id: 'write-a-grant-proposal',
    role: 'Write a grant proposal',
    icon: 'document',
    industry: 'non-profit',
    description: 'Draft a proposal for a funding call.',
    jobDescription: 'Draft a grant proposal for a call we choose, including the budget narrative.',
    requirement: 'Strong writing skills.',
    jobFunctionSlugs: ['writing', 'fundraising'],
  }),
];

/** The extra template options beyond the eleven defaults (spec 9: Legal Advising and Customer Service). */
export const EXTRA_PROJECT_TEMPLATES: readonly TProjectTemplate[] = [
  template({
    id: 'legal-advising',
    role: 'Legal Advising',
    icon: 'scale',
    industry: 'legal',
    description: 'Research a legal question for our organisation.',
    jobDescription:
      'Research a legal question we describe and summarise the options in a memo (not legal advice).',
    requirement: 'Law or pre-law coursework.',
    jobFunctionSlugs: ['legal'],
  }),
  template({
    id: 'customer-service',
    role: 'Customer Service',
    icon: 'headset',
    industry: 'retail',
    description: 'Improve how we answer customers.',
    jobDescription:
      'Review our customer enquiries and draft answer templates and an FAQ for the most common ones.',
    requirement: 'Clear written communication.',
    jobFunctionSlugs: ['customer-service'],
  }),
];

/** Every built-in template: the eleven defaults then Legal Advising and Customer Service (spec 9). */
export const PROJECT_TEMPLATES: readonly TProjectTemplate[] = [
  ...DEFAULT_PROJECT_TEMPLATES,
  ...EXTRA_PROJECT_TEMPLATES,
];

/** Default dates of a new job or project, as calendar days 'YYYY-MM-DD' in the poster's time zone. */
export interface TJobDefaultDates {
  expiresAt: string;
  startDate: string;
  dueDate: string;
}

/**
 * Default dates (spec 5 Jobs and projects): expiry is today plus the hub's default post expiration
 * (60 days if unset or not positive), start 2 weeks out, due 4 weeks out; "today" is in the given time zone.
 */
export function jobDefaultDates(options: {
  now: Date;
  timeZone: string;
  defaultPostExpirationDays?: number | null;
}): TJobDefaultDates {
  const today = dayjs(options.now).tz(options.timeZone).startOf('day');
  const days = options.defaultPostExpirationDays;
  const expirationDays =
    typeof days === 'number' && Number.isFinite(days) && days > 0 ? days : DEFAULT_POST_EXPIRATION_DAYS;
  const day = (value: ReturnType<typeof dayjs>): string => value.format('YYYY-MM-DD');
  return {
    expiresAt: day(today.add(expirationDays, 'day')),
    startDate: day(today.add(PROJECT_START_WEEKS, 'week')),
    dueDate: day(today.add(PROJECT_DUE_WEEKS, 'week')),
  };
}

/** The job fields a template produces (spec 3 Resulting job fields). */
export interface TProjectFromTemplate extends TJobDefaultDates {
  jobFlow: 'project';
  applicationMethod: 'internal';
  owner: string;
  isPaid: boolean;
  jobTitle: string;
  jobDescription: string;
  jobRequirements: string;
  industry: string;
  jobAudience: string[];
  resumeOptional: boolean;
  jobIcon: string;
  duration: number;
  durationUnit: string;
}

/** A new project from a template (spec 3): internal application, unpaid and resume optional by default, default dates. */
export function projectFromTemplate(options: {
  template: TProjectTemplate;
  owner: string;
  now: Date;
  timeZone: string;
  defaultPostExpirationDays?: number | null;
  jobAudience?: readonly string[];
}): TProjectFromTemplate {
  const { template: source } = options;
  return {
    jobFlow: 'project',
    applicationMethod: 'internal',
    owner: options.owner,
    isPaid: false,
    jobTitle: source.role,
    jobDescription: source.jobDescription,
    jobRequirements: source.requirement,
    industry: source.industry,
    jobAudience: [...(options.jobAudience ?? ['all'])],
    resumeOptional: true,
    jobIcon: source.icon,
    duration: source.duration,
    durationUnit: source.durationUnit,
    ...jobDefaultDates(options),
  };
}

/** Project statuses in the applicant's view (spec 4 Projects). */
export const APPLICANT_PROJECT_STATUSES = [
  'notStarted',
  'inProgress',
  'submitForReview',
  'pendingReview',
  'completed',
  'notCompleted',
] as const;

/** One applicant project status. */
export type TApplicantProjectStatus = (typeof APPLICANT_PROJECT_STATUSES)[number];

/** Project statuses in the employer's view: the applicant's without submitForReview (spec 4 Projects). */
export const EMPLOYER_PROJECT_STATUSES = APPLICANT_PROJECT_STATUSES.filter(
  (status): status is Exclude<TApplicantProjectStatus, 'submitForReview'> => status !== 'submitForReview',
);

/** The wider status filter: applicant statuses plus pendingApproval, pendingHire, inactive, unapproved (spec 4 Projects). */
export const PROJECT_STATUS_FILTER = [
  ...APPLICANT_PROJECT_STATUSES,
  'pendingApproval',
  'pendingHire',
  'inactive',
  'unapproved',
] as const;

/** One status of the wider filter. */
export type TProjectStatusFilter = (typeof PROJECT_STATUS_FILTER)[number];

/** Display names of the project statuses. */
export const PROJECT_STATUS_LABELS: Readonly<Record<TProjectStatusFilter, string>> = {
  notStarted: 'Not started',
  inProgress: 'In progress',
  submitForReview: 'Submit for review',
  pendingReview: 'Pending review',
  completed: 'Completed',
  notCompleted: 'Not completed',
  pendingApproval: 'Pending approval',
  pendingHire: 'Pending hire',
  inactive: 'Inactive',
  unapproved: 'Unapproved',
};

/** Statuses offered to a viewer: the employer view omits submitForReview (spec 4 Projects). */
export function projectStatusesFor(view: 'applicant' | 'employer'): readonly TApplicantProjectStatus[] {
  return view === 'employer' ? EMPLOYER_PROJECT_STATUSES : APPLICANT_PROJECT_STATUSES;
}

/** The two kinds of post (spec 3 Resulting job fields jobFlow): a job, or a project from a template. */
export const JOB_FLOWS = ['job', 'project'] as const;
/** One kind of post. */
export type TJobFlow = (typeof JOB_FLOWS)[number];

/** How people apply (spec 3 applicationMethod): inside Commons, or on an outside page (a spec 5 URL). */
export const JOB_APPLICATION_METHODS = ['internal', 'external'] as const;
/** One application method. */
export type TJobApplicationMethod = (typeof JOB_APPLICATION_METHODS)[number];

/** Employment types a job post may name (issue #19 item 1); a facet of the job search. */
export const JOB_EMPLOYMENT_TYPES = [
  'fullTime',
  'partTime',
  'internship',
  'contract',
  'temporary',
  'volunteer',
] as const;
/** One employment type. */
export type TJobEmploymentType = (typeof JOB_EMPLOYMENT_TYPES)[number];

/** Display names of the employment types. */
export const JOB_EMPLOYMENT_TYPE_LABELS: Readonly<Record<TJobEmploymentType, string>> = {
  fullTime: 'Full-time',
  partTime: 'Part-time',
  internship: 'Internship',
  contract: 'Contract',
  temporary: 'Temporary',
  volunteer: 'Volunteer',
};

/** Approval of a post (spec 6 approve-job-posts): employer posts wait as pending unless the hub auto-approves. */
export const JOB_APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** One approval status. */
export type TJobApprovalStatus = (typeof JOB_APPROVAL_STATUSES)[number];

/** Kinds of tag on a post, each with its colour (spec 9 Tag colours). */
export const JOB_TAG_KINDS = ['hiring', 'industry', 'offers', 'serviceType'] as const;
/** One kind of tag. */
export type TJobTagKind = (typeof JOB_TAG_KINDS)[number];

/** Tag colours of spec 9: hiring purple, industry grey, offers green, service type grey. */
export const JOB_TAG_COLOURS: Readonly<Record<TJobTagKind, 'purple' | 'grey' | 'green'>> = {
  hiring: 'purple',
  industry: 'grey',
  offers: 'green',
  serviceType: 'grey',
};

/** A tag on a post: its kind decides the colour (spec 9). */
export interface TJobTag {
  kind: TJobTagKind;
  label: string;
}

/** How often a job alert mails its new matches (issue #19 item 4). */
export const JOB_ALERT_FREQUENCIES = ['daily', 'weekly'] as const;
/** One alert frequency. */
export type TJobAlertFrequency = (typeof JOB_ALERT_FREQUENCIES)[number];

/** Default tab names of experiential learning (spec 9 Default names), renamable per hub. */
export const DEFAULT_EXPERIENCES_TAB_NAME = 'Experiences';
/** Default name of the student projects tab (spec 9 Default names). */
export const DEFAULT_PROJECTS_TAB_NAME = 'Student Projects';

/** The standard user type whose posts wait for approval (spec 6 approve-job-posts). */
export const EMPLOYER_STANDARD_USER_TYPE = 'Corporate Partner & Employer';

/** Who may post (spec 3 User type canPostJob, spec 6 canPostJob, the hub's DIY projects flag). */
export type TJobPostDenial = 'userTypeCannotPost' | 'flowHidden' | 'notApproved';

/**
 * Whether the viewer may post a job or project in the hub, or why not: admins always (while the flow shows);
 * otherwise an approved member whose user type has canPostJob, or, for a project, any approved member when
 * the hub turned on DIY projects (spec 6 Feature flags). A flow the hub hides (disableJobs / disableProjects)
 * takes no posts from anyone.
 */
export function jobPostDenial(options: {
  jobFlow: TJobFlow;
  isAdmin: boolean;
  isApprovedMember: boolean;
  canPostJob: boolean;
  isDiyProjectsEnabled: boolean;
  isFlowShown: boolean;
}): TJobPostDenial | null {
  if (!options.isFlowShown) return 'flowHidden';
  if (options.isAdmin) return null;
  if (!options.isApprovedMember) return 'notApproved';
  if (options.canPostJob) return null;
  if (options.jobFlow === 'project' && options.isDiyProjectsEnabled) return null;
  return 'userTypeCannotPost';
}

/**
 * Whether a viewer of this user type is in a post's audience (spec 3 jobAudience, spec 6 Projects): an empty
 * audience or 'all' is everyone; otherwise the viewer's user type must be listed. Admins and the owner see it.
 */
export function isInJobAudience(options: {
  audience: readonly string[];
  userTypeId: string | null;
  isAdmin?: boolean;
  isOwner?: boolean;
}): boolean {
  if (options.isAdmin || options.isOwner) return true;
  const { audience } = options;
  if (audience.length === 0 || audience.includes('all')) return true;
  return options.userTypeId !== null && audience.includes(options.userTypeId);
}

/**
 * Whether a new post waits in the approve-job-posts queue (spec 6): an employer's post (standard user type
 * Corporate Partner & Employer) does unless the hub auto-approves employers' posts; admins' and other members'
 * posts are approved at once.
 */
export function isJobApprovalNeeded(options: {
  isAdmin: boolean;
  standardUserType: string | null;
  isEmployerPostAutoApproved: boolean;
}): boolean {
  if (options.isAdmin) return false;
  return options.standardUserType === EMPLOYER_STANDARD_USER_TYPE && !options.isEmployerPostAutoApproved;
}

/**
 * The instant a post leaves the board: the start of its expiry day in the poster's time zone. The default
 * expiry day is today plus the hub's default post expiration, 60 days when unset (spec 5, jobDefaultDates).
 */
export function jobExpiryInstant(options: { expiresOn: string; timeZone: string }): Date {
  return dayjs.tz(options.expiresOn, 'YYYY-MM-DD', options.timeZone).toDate();
}

/** The expiry instant of a post made now without an explicit day (spec 5 Jobs and projects). */
export function defaultJobExpiry(options: {
  now: Date;
  timeZone: string;
  defaultPostExpirationDays?: number | null;
}): Date {
  return jobExpiryInstant({ expiresOn: jobDefaultDates(options).expiresAt, timeZone: options.timeZone });
}

/** A post shows on the board while approved, not closed and before its expiry (issue #19 item 4). */
export function isJobPostListed(options: {
  approvalStatus: TJobApprovalStatus;
  closedAt: Date | null;
  expiresAt: Date;
  now: Date;
}): boolean {
  return (
    options.approvalStatus === 'approved' &&
    options.closedAt === null &&
    options.expiresAt.getTime() > options.now.getTime()
  );
}

/** Whether a post's flow shows in the hub (spec 3 Active module item disableJobs / disableProjects). */
export function isJobFlowShown(
  flow: TJobFlow,
  settings: { areJobsShown: boolean; areProjectsShown: boolean },
): boolean {
  return flow === 'job' ? settings.areJobsShown : settings.areProjectsShown;
}

/** The colour of a tag (spec 9 Tag colours). */
export function jobTagColour(kind: TJobTagKind): 'purple' | 'grey' | 'green' {
  return JOB_TAG_COLOURS[kind];
}

/**
 * Whether an external post's application address is acceptable: the spec 5 URL rule (http(s), host of at
 * most 2048 characters, no private-range address).
 */
export function isJobExternalUrlValid(url: string): boolean {
  return isValidUrl(url);
}
