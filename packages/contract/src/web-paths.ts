/**
 * Web app paths that the server spells too: links in notifications, feed items, moderation targets,
 * calendar feeds and emails. The web route table (apps/web/src/config/paths.ts) builds its links from
 * these, so a page that moves moves for both.
 */
import type { TNotificationGroup } from './notifications.js';

/** Path segment of the hub prefix: /hub/{identifier}/… (INTERPRETATION.md URLs). */
export const HUB_SEGMENT = 'hub';

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, value);
  }
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}

/**
 * The job board's admin screens under {hubPath}/site-admin/jobs/{section} (issue #19): the approval queue
 * (right approve-job-posts), the job settings (job-settings) and the participation reports (experiential-learning).
 */
export const JOB_ADMIN_SECTIONS = ['approvals', 'settings', 'participation-reports'] as const;
export type TJobAdminSection = (typeof JOB_ADMIN_SECTIONS)[number];

function hubBase(identifier: string): string {
  return `/${HUB_SEGMENT}/${encodeURIComponent(identifier)}`;
}

/** Builders of the web paths shared by server and web. */
export const webPaths = {
  /** A question's canonical page (spec 2 /discussion/question/{id}/{slug}). */
  discussionQuestion: (id: string, slug: string) =>
    `/discussion/question/${encodeURIComponent(id)}/${encodeURIComponent(slug)}`,
  /** An answer on its question's page. */
  discussionAnswer: (questionId: string, slug: string, answerId: string) =>
    `${webPaths.discussionQuestion(questionId, slug)}#answer-${encodeURIComponent(answerId)}`,
  /** My advising appointments in the current hub (issue #21 item 4). */
  advisingAppointments: () => '/advising/appointments',
  /** An event's canonical page. */
  event: (id: string) => `/events/${encodeURIComponent(id)}`,
  /** A resource post's canonical page. */
  resourcePost: (slug: string, options: { hubId?: string } = {}) =>
    withQuery(`/resources/post/${encodeURIComponent(slug)}`, { hubId: options.hubId }),
  /** A member's profile page. */
  profile: (userIdentifier: string) => `/profile/${encodeURIComponent(userIdentifier)}`,
  /** The inbox. */
  inbox: () => '/inbox',
  /** All my notifications (issue #16 item 1), optionally under one heading of the bell. */
  notifications: (options: { group?: TNotificationGroup } = {}) =>
    withQuery('/notifications', { group: options.group }),
  /** A meeting by its token (spec 2 /inbox/{address}/meeting/{meetingToken}); address is the user's identifier. */
  inboxMeeting: (address: string, meetingToken: string) =>
    `/inbox/${encodeURIComponent(address)}/meeting/${encodeURIComponent(meetingToken)}`,
  /** A thread and its video room (spec 2 /inbox/{address}/thread/{threadId}). */
  inboxThread: (address: string, threadId: string) =>
    `/inbox/${encodeURIComponent(address)}/thread/${encodeURIComponent(threadId)}`,
  /** The cluster sign-in page. */
  signIn: (options: { postLoginRedirect?: string } = {}) =>
    withQuery('/sign-in', { postLoginRedirect: options.postLoginRedirect }),
  /** The mailed password reset link (issue #16 item 13). */
  resetPassword: (token?: string) => withQuery('/reset-password', { token }),
  /** Account settings (linked sign-in accounts live there; issue #24). */
  accountSettings: () => '/preferences/account',
  /** The single sign-on page of the cluster admin console (issue #24, right sso-settings). */
  clusterAdminSso: () => '/cluster-admin/sso',
  /** Where a single sign-on lands: the page takes up the new session, then opens `next` (a path of this site). */
  ssoComplete: (next: string) => withQuery('/sso/complete', { next }),
  /** The email confirmation link of account settings. */
  verifyEmail: (token?: string) => withQuery('/account/verify-email', { token }),
  /** The unsubscribe link of group announcements (issue #6); works without signing in. */
  groupAnnouncementsUnsubscribe: (token: string) => withQuery('/group-announcements/unsubscribe', { token }),
  /** The one-click unsubscribe link of a job alert email (issue #19 item 4); works without signing in. */
  jobAlertUnsubscribe: (token: string) => withQuery('/job-alerts/unsubscribe', { token }),
  hub: {
    home: (identifier: string) => `${hubBase(identifier)}/`,
    /** The hub's people directory (spec 2 {hubPath}/person). */
    network: (identifier: string) => `${hubBase(identifier)}/person`,
    signIn: (identifier: string, options: { postLoginRedirect?: string } = {}) =>
      withQuery(`${hubBase(identifier)}/auth/sign-in`, { postLoginRedirect: options.postLoginRedirect }),
    pendingApproval: (identifier: string) => `${hubBase(identifier)}/pending-approval`,
    /** The hub's giving form (issue #18 item 6): the home's donation banners and the thank-you email lead here. */
    give: (identifier: string) => `${hubBase(identifier)}/give`,
    /** The mailed password reset link when it was asked for on the hub's sign-in page. */
    resetPassword: (identifier: string, token?: string) =>
      withQuery(`${hubBase(identifier)}/auth/reset-password`, { token }),
    /** The job board (spec 2 job/list/all-job), optionally with a search. */
    jobs: (identifier: string, options: { q?: string } = {}) =>
      withQuery(`${hubBase(identifier)}/job/list/all-job`, { q: options.q }),
    /** {hubPath}/experiential-learning (spec 2), with "Add interests" open when showInterests (spec 2 query). */
    experientialLearning: (identifier: string, options: { showInterests?: boolean } = {}) =>
      withQuery(`${hubBase(identifier)}/experiential-learning`, {
        showInterests: options.showInterests === true ? 'true' : undefined,
      }),
    /**
     * One of the job board's admin screens (JOB_ADMIN_SECTIONS): the web's site administration links to all
     * three, the job.pending-approval notification to 'approvals'.
     */
    siteAdminJobs: (identifier: string, section: TJobAdminSection) =>
      `${hubBase(identifier)}/site-admin/jobs/${section}`,
    /** {hubPath}/career-paths (spec 2): browse and search the career paths (issue #20 item 2). */
    careerPaths: (identifier: string) => `${hubBase(identifier)}/career-paths`,
    /** One career path's page with the alumni who name it as their expertise. */
    careerPath: (identifier: string, careerPathId: string) =>
      `${hubBase(identifier)}/career-paths/${encodeURIComponent(careerPathId)}`,
    /** The hub's pathways (spec 2 pathways), one pathway, and one of its steps (stepIndex counts all steps from 0). */
    pathways: (identifier: string) => `${hubBase(identifier)}/pathways`,
    pathway: (identifier: string, slug: string) =>
      `${hubBase(identifier)}/pathways/${encodeURIComponent(slug)}`,
    pathwayStep: (identifier: string, slug: string, stepIndex: number) =>
      `${hubBase(identifier)}/pathways/${encodeURIComponent(slug)}/steps/${stepIndex}`,
    /** Submitted pathway steps waiting for review: pathway admins and program mentors (issue #20 item 1). */
    pathwayReviews: (identifier: string) => `${hubBase(identifier)}/pathways/reviews`,
    /** A post's page: projects under projects/detail/, jobs under job/detail/ (spec 2 back targets). */
    jobDetail: (identifier: string, postId: string, options: { isProject?: boolean } = {}) =>
      `${hubBase(identifier)}/${options.isProject === true ? 'projects' : 'job'}/detail/${encodeURIComponent(postId)}`,
    /** The hub's assessments ('PathwayU'), where the complete_pathwayu_assessment action item leads. */
    careerAssessments: (identifier: string) => `${hubBase(identifier)}/career-assessment`,
    /** One assessment (spec 2 {hubPath}/career-assessment/{assessmentSlug}); launches return here. */
    careerAssessment: (identifier: string, slug: string) =>
      `${hubBase(identifier)}/career-assessment/${encodeURIComponent(slug)}`,
    /** A video prompt (spec 2 {hubPath}/video-prompt/{id}), with one member's answer when userId is given. */
    videoPrompt: (identifier: string, id: string, options: { userId?: string } = {}) =>
      withQuery(`${hubBase(identifier)}/video-prompt/${encodeURIComponent(id)}`, { userId: options.userId }),
  },
} as const;
