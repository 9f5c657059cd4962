/**
 * Route paths of the web app (spec 2). `ROUTES` are the patterns of the one route table
 * (app/router.tsx); `paths` builds concrete URLs. No other file spells a path literal; the paths the
 * server spells too (notification, feed and email links) come from the contract's `webPaths`.
 */
import { HUB_SEGMENT, webPaths } from '@commons/contract';

export { HUB_SEGMENT };

/** Tabs of group, program and organization pages (spec 2 Group, program and organization pages). */
export const GROUP_TABS = [
  'about',
  'members',
  'mentors',
  'discussion',
  'resources',
  'events',
  'admin',
  'feed',
] as const;

/** Group types (spec 3 groupType). */
export type TGroupKind = 'group' | 'mentorshipProgram' | 'organization';

/** The list path of each group type; group pages live under it. */
const GROUP_LIST_PATHS: Readonly<Record<TGroupKind, string>> = {
  group: '/groups',
  mentorshipProgram: '/programs',
  organization: '/organizations',
};

/** Route patterns (react-router syntax) of spec 2, relative to their parent where nested. */
export const ROUTES = {
  root: '/',
  signIn: '/sign-in',
  login: '/login',
  loginV2: '/login-v2',
  signUp: '/signup',
  createAccount: '/create-account',
  createAccountConfirmation: '/create-account/confirmation',
  /** Where a single sign-on lands (issue #24; webPaths.ssoComplete builds its links). */
  ssoComplete: '/sso/complete',
  /** Forgot password (issue #16 item 13): ask for a reset link, then choose a new password from it. */
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  home: '/home',
  homeV2Root: '/v2',
  notFound: '/404',
  emailResponse: '/email-response/:token',
  terms: '/terms',
  privacy: '/privacy',
  faq: '/faq',
  linkedinCallback: '/linkedin/callback',
  linkedinCallbackV2: '/linkedin/callback-v2',
  linkedinRedirect: '/linkedin-redirect',
  linkedinRedirectV2: '/linkedin-redirect-v2',

  profile: '/profile/:userIdentifier',
  account: '/preferences/account',
  verifyEmail: '/account/verify-email',
  manageCalendar: '/preferences/manage-calendar',
  inbox: '/inbox',
  inboxAddress: '/inbox/:address',
  inboxMeeting: '/inbox/:address/meeting/:meetingToken',
  inboxThread: '/inbox/:address/thread/:threadId',
  notifications: '/notifications',
  advisingQuickBook: '/advising/quick-book/topics',
  advisingPeople: '/advising/people',
  /** My advising appointments, as student or adviser (issue #21 item 4). */
  advisingAppointments: '/advising/appointments',
  /** An adviser's own advising hours, date exceptions and calendar address (issue #21 item 2). */
  advisingAvailability: '/advising/availability',

  network: '/person',
  groups: '/groups',
  group: '/groups/:identifier',
  programs: '/programs',
  programOnboarding: '/programs/onboarding',
  program: '/programs/:identifier',
  organizations: '/organizations',
  organization: '/organizations/:identifier',
  organizationCommunications: '/organizations/:identifier/organization-manager/communications',
  /** The unsubscribe link of group announcements (issue #6); works without signing in. */
  groupAnnouncementsUnsubscribe: '/group-announcements/unsubscribe',
  /** The unsubscribe link of job alert emails (issue #19 item 4); works without signing in. */
  jobAlertUnsubscribe: '/job-alerts/unsubscribe',
  discussions: '/discussion',
  discussionQuestion: '/discussion/question/:id/:slug',
  resources: '/resources',
  resourcePost: '/resources/post/:slug',
  events: '/events',
  event: '/events/:id',
  manageGroup: '/manage-group/:groupIdentifier',
  manageProgram: '/manage-program/:groupIdentifier',

  hub: '/hub/:identifier',
  /** Children of `hub` (relative). */
  hubChildren: {
    signUp: 'signup',
    createAccount: 'auth/create-account',
    signIn: 'auth/sign-in',
    forgotPassword: 'auth/forgot-password',
    resetPassword: 'auth/reset-password',
    pendingApproval: 'pending-approval',
    siteAdmin: 'site-admin',
    siteAdminApprovals: 'site-admin/approvals',
    siteAdminModeration: 'site-admin/moderation',
    siteAdminBadges: 'site-admin/badges',
    siteAdminGiving: 'site-admin/giving',
    siteAdminActionItems: 'site-admin/action-items',
    /** The hub's feature flags (spec 6 Feature flags per hub, right branding-settings). */
    siteAdminFeatures: 'site-admin/features',
    /** The cluster's audit log, for cluster and super admins (issue #22 item 7). */
    siteAdminAuditLog: 'site-admin/audit-log',
    /** Bulk emails and announcements (issue #22 item 3): config/comms-paths.ts builds them. */
    siteAdminMessages: 'site-admin/messages',
    /** A member's announcements from the hub's admins (issue #22 item 3). */
    announcements: 'announcements',
    /** The job board's admin screens (issue #19): the contract's JOB_ADMIN_SECTIONS, built by webPaths.hub.siteAdminJobs. */
    siteAdminJobs: 'site-admin/jobs/:section',
    /** The advising admin screens (issue #21 item 5): ADVISING_ADMIN_SECTIONS of config/advising-paths.ts. */
    siteAdminAdvising: 'site-admin/advising/:section',
    /** One adviser's settings, hours, exceptions and calendar address (issue #21 items 1 and 2). */
    siteAdminAdviser: 'site-admin/advising/advisers/:adviserId',
    give: 'give',
    home: 'home',
    homeV2: 'home-v2',
    homeV3: 'home-v3',
    jobs: 'job/list/all-job',
    /** A job's page (spec 2: job/detail/ is remembered as a back target). */
    jobDetail: 'job/detail/:jobId',
    /** A project's page (spec 2: projects/detail/ is remembered as a back target). */
    projectDetail: 'projects/detail/:jobId',
    /** Post a job, or (?type=project) a project from a template (issue #19 items 1 and 2). */
    jobPost: 'job/post',
    pathways: 'pathways',
    /** The review queue of submitted pathway steps (issue #20 item 1): admins with manage-pathways and program mentors. */
    pathwayReviews: 'pathways/reviews',
    pathway: 'pathways/:slug',
    pathwayStep: 'pathways/:slug/steps/:stepIndex',
    /** The pathways of the hub to manage, the library to copy from, and the form builder (right manage-pathways). */
    siteAdminPathways: 'site-admin/pathways',
    siteAdminPathwayNew: 'site-admin/pathways/new',
    siteAdminPathway: 'site-admin/pathways/:pathwayId',
    collectPreferences: 'signup/new/collect-preferences',
    matching: 'signup/new/matching',
    careerPaths: 'career-paths',
    /** One career path with the alumni recommended in it (issue #20 item 2). */
    careerPath: 'career-paths/:careerPathId',
    /** Managing the cluster's career paths (right manage-career-paths). */
    siteAdminCareerPaths: 'site-admin/career-paths',
    group: 'groups/:groupId',
    network: 'person',
    experientialLearning: 'experiential-learning',
    /** The hub's career assessments, under the tab's name ('PathwayU' by default; issue #20 item 4). */
    careerAssessments: 'career-assessment',
    careerAssessment: 'career-assessment/:assessmentSlug',
    /** The career assessments' admin screen (right manage-career-paths). */
    siteAdminCareerAssessments: 'site-admin/career-assessment',
    /** The hub's video prompts (issue #20 item 3); admins with manage-pathways add prompts there. */
    videoPrompts: 'video-prompt',
    videoPrompt: 'video-prompt/:id',
    submit: 'submit',
    posts: 'posts/*',
    faq: 'faq',
    terms: 'terms',
    privacy: 'privacy',
  },
} as const;

function hubBase(identifier: string): string {
  return `/${HUB_SEGMENT}/${encodeURIComponent(identifier)}`;
}

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, value);
  }
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}

/** Builders of concrete URLs for links and redirects. */
export const paths = {
  root: () => '/',
  signIn: webPaths.signIn,
  signUp: () => ROUTES.signUp,
  createAccount: () => ROUTES.createAccount,
  createAccountConfirmation: (options: { hubIdentifier?: string } = {}) =>
    withQuery(ROUTES.createAccountConfirmation, { hub: options.hubIdentifier }),
  forgotPassword: () => ROUTES.forgotPassword,
  resetPassword: webPaths.resetPassword,
  home: () => ROUTES.home,
  notFound: () => ROUTES.notFound,
  terms: () => ROUTES.terms,
  privacy: () => ROUTES.privacy,
  faq: () => ROUTES.faq,
  profile: (userIdentifier: string, options: { edit?: string; hubId?: string } = {}) =>
    withQuery(`${webPaths.profile(userIdentifier)}/`, { edit: options.edit, hubId: options.hubId }),
  account: () => ROUTES.account,
  verifyEmail: webPaths.verifyEmail,
  inbox: webPaths.inbox,
  /** All my notifications, optionally under one heading (?group=). */
  notifications: webPaths.notifications,
  /**
   * The inbox with "New message" to one member open (?to={userId}); other features link here to start a
   * conversation, optionally with the type chosen (?type=), in a group (?group=) or another hub (?hub=), and
   * with the meeting request to open once it is sent (?then=meeting).
   */
  inboxCompose: (
    recipientId: string,
    options: { messageType?: string; groupId?: string; hubId?: string; isBooking?: boolean } = {},
  ) =>
    withQuery(ROUTES.inbox, {
      to: recipientId,
      type: options.messageType,
      group: options.groupId,
      hub: options.hubId,
      then: options.isBooking === true ? 'meeting' : undefined,
    }),
  advisingPeople: () => ROUTES.advisingPeople,
  manageCalendar: () => ROUTES.manageCalendar,
  /** A meeting by its token (spec 2 /inbox/{address}/meeting/{meetingToken}); address is the user's identifier. */
  inboxMeeting: webPaths.inboxMeeting,
  /** A thread and its video room (spec 2 /inbox/{address}/thread/{threadId}). */
  inboxThread: webPaths.inboxThread,
  /** A thread with the meeting request open ("Book a meeting" on a profile or card leads here). */
  inboxThreadBooking: (address: string, threadId: string) =>
    withQuery(webPaths.inboxThread(address, threadId), { meeting: 'request' }),
  groups: () => ROUTES.groups,
  programs: () => ROUTES.programs,
  organizations: () => ROUTES.organizations,
  /** The list page of a group type (spec 2 Navigation tabs Groups, Programs, Organizations). */
  groupList: (groupType: TGroupKind) => GROUP_LIST_PATHS[groupType],
  /** A group, program or organization page, at one of its tabs (spec 2 Group pages). */
  groupPage: (groupType: TGroupKind, identifier: string, tab?: (typeof GROUP_TABS)[number]) =>
    `${GROUP_LIST_PATHS[groupType]}/${encodeURIComponent(identifier)}${tab === undefined ? '' : `/${tab}`}`,
  /** /programs/onboarding for one program; continueRegistration=true for invited members (spec 2, spec 4). */
  programOnboarding: (options: { program: string; continueRegistration?: boolean }) =>
    withQuery(ROUTES.programOnboarding, {
      program: options.program,
      continueRegistration: options.continueRegistration === true ? 'true' : undefined,
    }),
  /** /manage-program/{id} for programs, /manage-group/{id} otherwise (spec 2 Admin paths). */
  manageGroup: (groupType: TGroupKind, identifier: string) =>
    `${groupType === 'mentorshipProgram' ? '/manage-program' : '/manage-group'}/${encodeURIComponent(identifier)}`,
  organizationCommunications: (identifier: string) =>
    `/organizations/${encodeURIComponent(identifier)}/organization-manager/communications`,
  /** Discussions (issue #7): the board and a question's canonical page. */
  discussions: () => ROUTES.discussions,
  /** Events (issue #7): the list and an event's canonical page. */
  events: () => ROUTES.events,
  event: webPaths.event,
  /** Resources (issue #7 item 3): the list (the business directory with view=directory) and a post's canonical page. */
  resources: (options: { view?: 'directory' } = {}) => withQuery(ROUTES.resources, { view: options.view }),
  resourcePost: webPaths.resourcePost,
  discussionQuestion: webPaths.discussionQuestion,
  hub: {
    home: webPaths.hub.home,
    signUp: (
      identifier: string,
      options: { continueRegistration?: boolean; postSignupRedirect?: string } = {},
    ) =>
      withQuery(`${hubBase(identifier)}/${ROUTES.hubChildren.signUp}`, {
        continueRegistration: options.continueRegistration === true ? 'true' : undefined,
        postSignupRedirect: options.postSignupRedirect,
      }),
    collectPreferences: (identifier: string) =>
      `${hubBase(identifier)}/${ROUTES.hubChildren.collectPreferences}`,
    matching: (identifier: string, options: { industries?: string[]; helpTopics?: string[] } = {}) => {
      const params = new URLSearchParams();
      for (const industry of options.industries ?? []) params.append('industry', industry);
      for (const topic of options.helpTopics ?? []) params.append('helpTopic', topic);
      const search = params.toString();
      const path = `${hubBase(identifier)}/${ROUTES.hubChildren.matching}`;
      return search === '' ? path : `${path}?${search}`;
    },
    network: (identifier: string) => `${hubBase(identifier)}/${ROUTES.hubChildren.network}`,
    approvals: (identifier: string) => `${hubBase(identifier)}/${ROUTES.hubChildren.siteAdminApprovals}`,
    moderation: (identifier: string) => `${hubBase(identifier)}/${ROUTES.hubChildren.siteAdminModeration}`,
    /** The hub's badges: list, create, edit (issue #18 item 5). */
    siteAdminBadges: (identifier: string) => `${hubBase(identifier)}/${ROUTES.hubChildren.siteAdminBadges}`,
    /** The giving form and the donor's pledges (issue #18 item 6). */
    give: webPaths.hub.give,
    siteAdminGiving: (identifier: string) => `${hubBase(identifier)}/${ROUTES.hubChildren.siteAdminGiving}`,
    /** The admins' edits of the action item banners (issue #18 item 4). */
    siteAdminActionItems: (identifier: string) =>
      `${hubBase(identifier)}/${ROUTES.hubChildren.siteAdminActionItems}`,
    /** The hub admins' switches of the hub's feature flags (spec 6). */
    siteAdminFeatures: (identifier: string) =>
      `${hubBase(identifier)}/${ROUTES.hubChildren.siteAdminFeatures}`,
    siteAdminAuditLog: (identifier: string) =>
      `${hubBase(identifier)}/${ROUTES.hubChildren.siteAdminAuditLog}`,
    createAccount: (identifier: string) => `${hubBase(identifier)}/${ROUTES.hubChildren.createAccount}`,
    signIn: webPaths.hub.signIn,
    forgotPassword: (identifier: string) => `${hubBase(identifier)}/${ROUTES.hubChildren.forgotPassword}`,
    resetPassword: webPaths.hub.resetPassword,
    pendingApproval: webPaths.hub.pendingApproval,
    siteAdmin: (identifier: string) => `${hubBase(identifier)}/${ROUTES.hubChildren.siteAdmin}`,
    /** The job board's admin screens (issue #19): 'approvals', 'settings' or 'participation-reports'. */
    siteAdminJobs: webPaths.hub.siteAdminJobs,
    /** Pathways (issue #20 item 1): the list, one pathway, a step (stepIndex counts all steps from 0), the review queue. */
    pathways: webPaths.hub.pathways,
    pathway: webPaths.hub.pathway,
    pathwayStep: webPaths.hub.pathwayStep,
    pathwayReviews: webPaths.hub.pathwayReviews,
    /** Pathway administration: the hub's pathways and the library, a new pathway, one pathway's form builder. */
    siteAdminPathways: (identifier: string) =>
      `${hubBase(identifier)}/${ROUTES.hubChildren.siteAdminPathways}`,
    siteAdminPathwayNew: (identifier: string) =>
      `${hubBase(identifier)}/${ROUTES.hubChildren.siteAdminPathwayNew}`,
    siteAdminPathway: (identifier: string, pathwayId: string) =>
      `${hubBase(identifier)}/site-admin/pathways/${encodeURIComponent(pathwayId)}`,
    /** {hubPath}/career-paths (spec 2), one career path, and managing them (?edit= opens one in the form). */
    careerPaths: webPaths.hub.careerPaths,
    careerPath: webPaths.hub.careerPath,
    siteAdminCareerPaths: (identifier: string, options: { edit?: string } = {}) =>
      withQuery(`${hubBase(identifier)}/${ROUTES.hubChildren.siteAdminCareerPaths}`, { edit: options.edit }),
    /** A hub-relative module link such as '/person' or '/job/list/all-job' (spec 2 {hubPath}/…). */
    module: (identifier: string, link: string) =>
      `${hubBase(identifier)}${link.startsWith('/') ? link : `/${link}`}`,
  },
} as const;

/** The hub identifier of a /hub/{identifier}/… path, or null on cluster paths. */
export function hubIdentifierFromPath(pathname: string): string | null {
  const match = /^\/hub\/([^/?#]+)/.exec(pathname);
  const raw = match?.[1];
  if (raw === undefined) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The part of a hub path after /hub/{identifier}, always starting with '/'; the path itself on cluster paths. */
export function hubRelativePath(pathname: string): string {
  const match = /^\/hub\/[^/?#]+(\/.*)?$/.exec(pathname);
  if (match === null) return pathname;
  return match[1] ?? '/';
}
