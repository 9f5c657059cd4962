import type { THubAccessRight } from '@commons/domain';
import { advisingPaths } from '../../config/advising-paths';
import { assessmentPaths } from '../../config/assessment-paths';
import { commsPaths } from '../../config/comms-paths';
import { hubSettingsPaths } from '../../config/hub-settings-paths';
import { hubWelcomePaths } from '../../config/hub-welcome-paths';
import { adminPeoplePaths } from '../../config/admin-people-paths';
import { adminDataPaths } from '../../config/admin-data-paths';
import { paths } from '../../config/paths';
import { userTypesPaths } from '../../config/user-types-paths';
import { profileFieldsPaths } from '../../config/profile-fields-paths';
import { loginAsPaths } from '../../config/login-as-paths';
import { surveyPaths } from '../../config/survey-paths';
import { webhooksPaths } from '../../config/webhooks-paths';

/** One admin screen of a hub, listed on the site-admin index to admins who hold its right. */
export interface TSiteAdminSection {
  key: string;
  title: string;
  description: string;
  /** The screen's path in the hub with this identifier. */
  path: (hubIdentifier: string) => string;
  /** The hub access right (spec 1 access groups) the screen needs, or 'cluster-admin' for cluster screens. */
  right: THubAccessRight | 'cluster-admin';
  /** Further rights any of which also opens the screen (the approvals page: one right per kind). */
  otherRights?: readonly THubAccessRight[];
}

/**
 * Every hub admin screen, in the order the index shows them. A feature with an admin screen adds its
 * entry here, so admins can reach it from the user menu's "Site administration".
 */
export const SITE_ADMIN_SECTIONS: readonly TSiteAdminSection[] = [
  {
    key: 'approvals',
    title: 'Approvals',
    description:
      'Approve or reject members waiting to join, job posts, questions and events, one at a time or in bulk.',
    path: paths.hub.approvals,
    right: 'approve-users',
    otherRights: ['approve-job-posts', 'approve-questions', 'approve-events'],
  },
  {
    key: 'bulk-messages',
    title: 'Bulk emails and announcements',
    description:
      'Write to members by user type or group, preview, send now or schedule, and follow delivery counts.',
    path: commsPaths.messages,
    right: 'bulk-emails',
    otherRights: ['announcements'],
  },
  {
    key: 'surveys',
    title: 'Surveys',
    description:
      'Ask members of chosen user types or groups choice and text questions, close surveys, and see the results with CSV export.',
    path: surveyPaths.admin,
    right: 'surveys',
  },
  {
    key: 'moderation',
    title: 'Moderation',
    description: 'Review questions, answers and posts waiting for approval or reported by members.',
    path: paths.hub.moderation,
    right: 'approve-questions',
  },
  {
    key: 'home-layout',
    title: 'Home page sections',
    description:
      'Reorder and hide the sections of each home tab: open the home and choose “Arrange sections”.',
    path: paths.hub.home,
    right: 'branding-settings',
  },
  {
    key: 'home-widget',
    title: 'Home widget',
    description:
      'Write the home page’s own widget (text, links, approved videos): open the home and choose “Edit widget”.',
    path: paths.hub.home,
    right: 'branding-settings',
  },
  {
    key: 'action-items',
    title: 'Action items',
    description:
      'Edit the next-step banners on members’ homes: turn items on or off, their text, images and reflection prompt.',
    path: paths.hub.siteAdminActionItems,
    right: 'branding-settings',
  },
  {
    key: 'modules',
    title: 'Modules',
    description: 'Turn the hub’s navigation tabs on or off and put them in order.',
    path: hubSettingsPaths.modules,
    right: 'branding-settings',
  },
  {
    key: 'branding',
    title: 'Branding',
    description: 'The hub’s colours (readable contrast checked), logo and banner image, with a live preview.',
    path: hubSettingsPaths.branding,
    right: 'branding-settings',
  },
  {
    key: 'signup-settings',
    title: 'Signup settings',
    description:
      'How people join: signup methods, approval, user types approved at once and the fields they must fill in.',
    path: hubSettingsPaths.signup,
    right: 'signup-settings',
  },
  {
    key: 'templates',
    title: 'Outreach templates',
    description:
      'The message templates members start from when they write to someone new, per pair of user types.',
    path: hubWelcomePaths.templates,
    right: 'templates',
  },
  {
    key: 'auto-greeting',
    title: 'Auto-greeting',
    description: 'A welcome message every new member receives in their inbox from one of the hub’s admins.',
    path: hubWelcomePaths.autoGreeting,
    right: 'auto-greeting',
  },
  {
    key: 'notification-defaults',
    title: 'Notification defaults',
    description: 'The notification settings new members start with; members who joined before keep theirs.',
    path: hubWelcomePaths.notifications,
    right: 'notifications',
  },
  {
    key: 'features',
    title: 'Features',
    description:
      'Turn the hub’s features on or off: the home’s archetype tabs, badges (compass and achievements), the giving form and more.',
    path: paths.hub.siteAdminFeatures,
    right: 'branding-settings',
  },
  {
    key: 'giving',
    title: 'Giving',
    description:
      'Turn donations on, edit the giving banner and designations, see pledges and export them as CSV.',
    path: paths.hub.siteAdminGiving,
    right: 'donations',
  },
  {
    key: 'job-approvals',
    title: 'Job post approvals',
    description: 'Approve or reject employers’ jobs and projects before members see them on the job board.',
    path: (hub) => paths.hub.siteAdminJobs(hub, 'approvals'),
    right: 'approve-job-posts',
  },
  {
    key: 'job-settings',
    title: 'Job settings',
    description:
      'Default post expiration, showing jobs and projects, DIY projects, employers’ auto-approval and tab names.',
    path: (hub) => paths.hub.siteAdminJobs(hub, 'settings'),
    right: 'job-settings',
  },
  {
    key: 'participation-reports',
    title: 'Participation reports',
    description: 'Review the hours and reflections members report for their experiences, and approve them.',
    path: (hub) => paths.hub.siteAdminJobs(hub, 'participation-reports'),
    right: 'experiential-learning',
  },
  {
    key: 'advising',
    title: 'Advising',
    description:
      'Make members advisers, set their topics, appointment types and hours, and see appointment reports with CSV export.',
    path: (hub) => advisingPaths.admin(hub, 'advisers'),
    right: 'manage-advising',
  },
  {
    key: 'pathways',
    title: 'Pathways',
    description:
      'Build pathways of steps, assign them to user types or programs with deadlines, copy them from the library and review submitted steps.',
    path: paths.hub.siteAdminPathways,
    right: 'manage-pathways',
  },
  {
    key: 'career-paths',
    title: 'Career paths',
    description:
      'Add, edit and archive the career paths members explore and favorite (shared by every hub of your community).',
    path: (hub) => paths.hub.siteAdminCareerPaths(hub),
    right: 'manage-career-paths',
  },
  {
    key: 'audit-log',
    title: 'Audit log',
    description:
      'Every admin action and account change in your community: who, what, when and from where, with CSV export.',
    path: paths.hub.siteAdminAuditLog,
    right: 'cluster-admin',
  },
  {
    key: 'webhooks',
    title: 'Webhooks',
    description:
      'Send sign-ups, approvals and other events to your own systems: signed deliveries, retried for 24 hours, with a log.',
    path: webhooksPaths.admin,
    right: 'cluster-admin',
  },
  {
    key: 'career-assessments',
    title: 'Career assessments',
    description:
      'Set up the outside career assessment (PathwayU): its launch URL, shared secret and results webhook, and the tab’s name.',
    path: assessmentPaths.admin,
    right: 'manage-career-paths',
  },
  {
    key: 'video-prompts',
    title: 'Video prompts',
    description: 'Ask members a question they answer with a short video: add prompts and watch the answers.',
    path: assessmentPaths.videoPrompts,
    right: 'manage-pathways',
  },
  {
    key: 'badges',
    title: 'Badges',
    description:
      'Create and edit the badges members earn for answers, meetings, groups and a complete profile.',
    path: paths.hub.siteAdminBadges,
    right: 'manage-badges',
  },
  {
    key: 'manage-admins',
    title: 'Admins and access rights',
    description:
      'See who administers the hub, grant and revoke each admin’s access rights, make members admins or remove them.',
    path: adminPeoplePaths.manageAdmins,
    right: 'manage-admins',
  },
  {
    key: 'explore-users',
    title: 'Explore users',
    description:
      'Every member with their email, user type, status and join date: filter, open profiles and change user types.',
    path: adminPeoplePaths.exploreUsers,
    right: 'explore-users',
  },
  {
    key: 'user-types',
    title: 'User types',
    description:
      'The kinds of members of the hub (students, alumni, employers…): titles, order, tabs, what they can do and the requests they can send, with every message type setting.',
    path: userTypesPaths.admin,
    // No spec 6 access group names user types; standard-fields edits the hub's standard member definitions (see the server's admin-user-types.policy.ts).
    right: 'standard-fields',
  },
  {
    key: 'profile-fields',
    title: 'Profile fields',
    description:
      'Custom fields members fill in on their profile (short text, paragraph, choices, number, date): for every member or some user types, in order, archived when no longer asked.',
    path: profileFieldsPaths.admin,
    right: 'standard-fields',
  },
  {
    key: 'login-as',
    title: 'Log in as a member',
    description:
      'Sign in as a member of the hub to see what they see and help them: 30 minutes at most, recorded in the audit log.',
    path: loginAsPaths.admin,
    right: 'login-as-other-admins',
  },
  {
    key: 'analytics',
    title: 'Reports and analytics',
    description:
      'Sign-ups, active users, messages, meetings, mentorships and event registrations by week or month, as charts and CSV.',
    path: adminDataPaths.analytics,
    right: 'analytics',
    otherRights: ['reports'],
  },
  {
    key: 'data',
    title: 'Import and export',
    description:
      'Download users, memberships, mentorships, meetings and events as CSV, and import members from a CSV file.',
    path: adminDataPaths.data,
    right: 'export-data',
    otherRights: ['import-data'],
  },
];

/** The sections an admin with these rights may open (platform admins hold every right in the hub). */
export function siteAdminSectionsFor(options: {
  accessRights: readonly string[];
  isPlatformAdmin: boolean;
}): TSiteAdminSection[] {
  return SITE_ADMIN_SECTIONS.filter(
    (section) =>
      options.isPlatformAdmin ||
      (section.right !== 'cluster-admin' && options.accessRights.includes(section.right)) ||
      (section.otherRights ?? []).some((right) => options.accessRights.includes(right)),
  );
}
