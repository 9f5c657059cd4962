/**
 * The one route table of the web app (spec 2 Screens and routes; ARCHITECTURE.md Web app). Pages
 * are lazy; loaders only start prefetches through the same query options the pages use. Routes
 * whose features come later show a "coming soon" page. Unknown addresses are rewritten to their
 * canonical form or sent to /404 by the catch-all route.
 */
import {
  createBrowserRouter,
  redirect,
  type HydrationState,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { LoadingState } from '../components/loading-state';
import { GROUP_TABS, paths, ROUTES } from '../config/paths';
import type { TRouteHandle } from '../features/system/pages/coming-soon-page';
import type { TJobRoutePage } from './routing/job-routes';
import type { TAdvisingRoutePage } from './routing/advising-routes';
import type { TCareerPathRoutePage } from './routing/career-path-routes';
import type { TPathwayRoutePage } from './routing/pathway-routes';
import type { TAssessmentRoutePage } from './routing/assessment-routes';
import { meQueryOptions } from '../lib/current-user';
import { queryClient } from '../lib/query-client';
import { session } from '../lib/session';
import { AppLayout, preloadSignedInShell } from './layouts/app-layout';
import { KEEP_LAYOUT_WHILE_LOADING } from './layouts/page-outlet';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { startHubHomeEarlyGets } from './routing/early-gets';
import { RewriteOrNotFound } from './routing/rewrite-or-not-found';
import { RouteErrorBoundary } from './routing/route-error-boundary';
import { lazyPage } from './lazy-page';
import { USER_TYPES_ADMIN_ROUTE } from '../config/user-types-paths';
import {
  ORGANIZATION_PROFILE_FIELDS_ROUTE,
  PROFILE_FIELDS_ADMIN_ROUTE,
} from '../config/profile-fields-paths';
import { LOGIN_AS_ADMIN_ROUTE } from '../config/login-as-paths';
import { WEBHOOKS_ADMIN_ROUTE } from '../config/webhooks-paths';
import { TENANT_ERASURE_ROUTES } from '../config/tenant-erasure-paths';
import { ADMIN_PEOPLE_ROUTES } from '../config/admin-people-paths';
import { ORGANIZATION_ADMIN_ROUTE } from '../config/organization-admin-paths';
import { ADMIN_DATA_ROUTES } from '../config/admin-data-paths';
import { HUB_SETTINGS_ROUTES } from '../config/hub-settings-paths';
import { HUB_WELCOME_ROUTES } from '../config/hub-welcome-paths';
import { SURVEY_ROUTES } from '../config/survey-paths';
import { CLUSTER_ADMIN_ROUTE, SSO_SETTINGS_ROUTE } from '../config/cluster-admin-paths';
import { PLATFORM_ADMIN_ROUTE } from '../config/platform-admin-paths';
/*
 * The sign-in page is part of the first JavaScript, not a lazy page (issue #17 item 7): it is the first page of
 * everyone signed out, and as a lazy page it waited for the entry and then for the shared chunk of all lazy
 * pages (140 kB), of which it needs a few form helpers.
 */
import { SignInPage } from '../features/auth/pages/sign-in-page';

const landingPage = lazyPage(() => import('./routing/landing-route'), 'LandingRoute');
const termsPage = lazyPage(() => import('../features/system/pages/help-pages'), 'TermsPage');
const privacyPage = lazyPage(() => import('../features/system/pages/help-pages'), 'PrivacyPage');
const faqPage = lazyPage(() => import('../features/system/pages/help-pages'), 'FaqPage');
const signUpPage = lazyPage(() => import('../features/auth/pages/sign-up-page'), 'SignUpPage');
const confirmationPage = lazyPage(
  () => import('../features/auth/pages/create-account-confirmation-page'),
  'CreateAccountConfirmationPage',
);
const forgotPasswordPage = lazyPage(
  () => import('../features/auth/pages/forgot-password-page'),
  'ForgotPasswordPage',
);
const resetPasswordPage = lazyPage(
  () => import('../features/auth/pages/reset-password-page'),
  'ResetPasswordPage',
);
const notFoundPage = lazyPage(() => import('../features/system/pages/not-found-page'), 'NotFoundPage');
const comingSoonPage = lazyPage(() => import('../features/system/pages/coming-soon-page'), 'ComingSoonPage');
const hubHomePage = lazyPage(() => import('./routing/hub-home-route'), 'HubHomeRoute');
const groupFeedTab = lazyPage(() => import('../features/feed/pages/group-feed-tab'), 'GroupFeedTab');
const emailResponsePage = lazyPage(
  () => import('../features/inbox/pages/email-response-page'),
  'EmailResponsePage',
);
const moderationPage = lazyPage(
  () => import('../features/moderation/pages/moderation-page'),
  'ModerationPage',
);
const hubSignUpPage = lazyPage(() => import('./routing/hub-signup-switch'), 'HubSignupSwitch');
const profilePage = lazyPage(() => import('../features/profiles/pages/profile-page'), 'ProfilePage');
const directoryPage = lazyPage(() => import('../features/directory/pages/directory-page'), 'DirectoryPage');
const siteAdminPage = lazyPage(() => import('../features/hubs/pages/site-admin-page'), 'SiteAdminPage');
const featureFlagsPage = lazyPage(
  () => import('../features/hubs/pages/feature-flags-page'),
  'FeatureFlagsPage',
);
const auditLogPage = lazyPage(() => import('../features/hubs/pages/audit-log-page'), 'AuditLogPage');
const userTypesAdminPage = lazyPage(
  () => import('../features/user-types/pages/user-types-admin-page'),
  'UserTypesAdminPage',
);
const profileFieldsAdminPage = lazyPage(
  () => import('../features/profile-fields/pages/profile-fields-admin-page'),
  'ProfileFieldsAdminPage',
);
const organizationProfileFieldsPage = lazyPage(
  () => import('./routing/organization-console-routes'),
  'OrganizationProfileFieldsRoute',
);
const bulkMessagesPage = lazyPage(
  () => import('../features/admin-comms/pages/bulk-messages-page'),
  'BulkMessagesPage',
);
const announcementsPage = lazyPage(
  () => import('../features/admin-comms/pages/announcements-page'),
  'AnnouncementsPage',
);
const surveysAdminPage = lazyPage(
  () => import('../features/surveys/pages/surveys-admin-page'),
  'SurveysAdminPage',
);
const surveyBuilderPage = lazyPage(
  () => import('../features/surveys/pages/survey-builder-page'),
  'SurveyBuilderPage',
);
const surveyResultsPage = lazyPage(
  () => import('../features/surveys/pages/survey-results-page'),
  'SurveyResultsPage',
);
const mySurveysPage = lazyPage(() => import('../features/surveys/pages/my-surveys-page'), 'MySurveysPage');
const surveyAnswerPage = lazyPage(
  () => import('../features/surveys/pages/my-surveys-page'),
  'SurveyAnswerPage',
);
const modulesPage = lazyPage(() => import('../features/hubs/pages/modules-page'), 'ModulesPage');
const brandingPage = lazyPage(() => import('../features/hubs/pages/branding-page'), 'BrandingPage');
const signupSettingsPage = lazyPage(
  () => import('../features/hubs/pages/signup-settings-page'),
  'SignupSettingsPage',
);
const outreachTemplatesPage = lazyPage(
  () => import('../features/hub-welcome/pages/outreach-templates-page'),
  'OutreachTemplatesPage',
);
const organizationTemplatesPage = lazyPage(
  () => import('./routing/organization-console-routes'),
  'OrganizationTemplatesRoute',
);
const autoGreetingPage = lazyPage(
  () => import('../features/hub-welcome/pages/auto-greeting-page'),
  'AutoGreetingPage',
);
const notificationDefaultsPage = lazyPage(
  () => import('../features/hub-welcome/pages/notification-defaults-page'),
  'NotificationDefaultsPage',
);
const loginAsPage = lazyPage(() => import('../features/login-as/pages/login-as-page'), 'LoginAsPage');
const failedJobsPage = lazyPage(
  () => import('../features/tenant-erasure/pages/failed-jobs-page'),
  'FailedJobsPage',
);
const erasurePreviewPage = lazyPage(
  () => import('../features/tenant-erasure/pages/erasure-preview-page'),
  'ErasurePreviewPage',
);
const webhooksPage = lazyPage(() => import('../features/webhooks/pages/webhooks-page'), 'WebhooksPage');
const ssoSettingsPage = lazyPage(() => import('../features/sso/pages/sso-settings-page'), 'SsoSettingsPage');
const ssoCompletePage = lazyPage(() => import('../features/sso/pages/sso-complete-page'), 'SsoCompletePage');
const linkedinLandingPage = lazyPage(
  () => import('../features/sso/pages/linkedin-landing-page'),
  'LinkedinLandingPage',
);
const linkedinCanonicalRedirect = lazyPage(
  () => import('../features/sso/pages/linkedin-landing-page'),
  'LinkedinCanonicalRedirect',
);
const clusterAdminPage = lazyPage(
  () => import('../features/cluster-admin/pages/cluster-admin-page'),
  'ClusterAdminPage',
);
const platformAdminPage = lazyPage(
  () => import('../features/platform-admin/pages/platform-admin-page'),
  'PlatformAdminPage',
);
const manageAdminsPage = lazyPage(
  () => import('../features/admin-people/pages/manage-admins-page'),
  'ManageAdminsPage',
);
const analyticsPage = lazyPage(() => import('../features/admin-data/pages/analytics-page'), 'AnalyticsPage');
const dataPage = lazyPage(() => import('../features/admin-data/pages/data-page'), 'DataPage');
const organizationConsolePage = lazyPage(
  () => import('../features/hubs/pages/organization-console-page'),
  'OrganizationConsolePage',
);
const exploreUsersPage = lazyPage(
  () => import('../features/admin-people/pages/explore-users-page'),
  'ExploreUsersPage',
);
const approvalsPage = lazyPage(() => import('../features/approvals/pages/approvals-page'), 'ApprovalsPage');
const badgesAdminPage = lazyPage(
  () => import('../features/badges/pages/badges-admin-page'),
  'BadgesAdminPage',
);
const actionItemsAdminPage = lazyPage(
  () => import('../features/action-items/pages/action-items-admin-page'),
  'ActionItemsAdminPage',
);
/** The job board's pages, its admin pages and experiential learning, through one small lazy module (job-routes.ts). */
const loadJobRoutes = () => import('./routing/job-routes');
const jobRoutePage = (page: TJobRoutePage) => () =>
  loadJobRoutes().then((module) => module.jobRoutePages[page]());
/** The career assessment's and video prompts' pages, through one small lazy module (assessment-routes.ts). */
const assessmentRoutePage = (page: TAssessmentRoutePage) => () =>
  import('./routing/assessment-routes').then((module) => module.assessmentRoutePages[page]());
/** Advising's pages and its admin screens, through one small lazy module (advising-routes.ts). */
const advisingRoutePage = (page: TAdvisingRoutePage) => () =>
  import('./routing/advising-routes').then((module) => module.advisingRoutePages[page]());
/** Pathways' pages, the review queue and the admin screens, through one small lazy module (pathway-routes.ts). */
const pathwayRoutePage = (page: TPathwayRoutePage) => () =>
  import('./routing/pathway-routes').then((module) => module.pathwayRoutePages[page]());
/** Career paths' pages and their admin screen, through one small lazy module (career-path-routes.ts). */
const careerPathRoutePage = (page: TCareerPathRoutePage) => () =>
  import('./routing/career-path-routes').then((module) => module.careerPathRoutePages[page]());
const givingPage = lazyPage(() => import('../features/giving/pages/giving-page'), 'GivingPage');
const givingAdminPage = lazyPage(
  () => import('../features/giving/pages/giving-admin-page'),
  'GivingAdminPage',
);
const accountPage = lazyPage(() => import('../features/account/pages/account-page'), 'AccountPage');
const verifyEmailPage = lazyPage(
  () => import('../features/account/pages/verify-email-page'),
  'VerifyEmailPage',
);
const collectPreferencesPage = lazyPage(
  () => import('../features/signup/pages/collect-preferences-page'),
  'CollectPreferencesPage',
);
const matchingPage = lazyPage(() => import('../features/signup/pages/matching-page'), 'MatchingPage');
const groupsPage = lazyPage(() => import('../features/groups/pages/group-list-page'), 'GroupsPage');
const programsPage = lazyPage(() => import('../features/groups/pages/group-list-page'), 'ProgramsPage');
const organizationsPage = lazyPage(
  () => import('../features/groups/pages/group-list-page'),
  'OrganizationsPage',
);
const programOnboardingPage = lazyPage(
  () => import('../features/groups/pages/program-onboarding-page'),
  'ProgramOnboardingPage',
);
const groupLayoutPage = lazyPage(
  () => import('../features/groups/pages/group-layout-page'),
  'GroupLayoutPage',
);
const groupAboutTab = lazyPage(() => import('../features/groups/pages/group-about-tab'), 'GroupAboutTab');
const groupMembersTab = lazyPage(
  () => import('../features/groups/pages/group-members-tab'),
  'GroupMembersTab',
);
const groupMentorsTab = lazyPage(
  () => import('../features/groups/pages/group-mentors-tab'),
  'GroupMentorsTab',
);
const groupAdminTab = lazyPage(() => import('../features/groups/pages/group-admin-tab'), 'GroupAdminTab');
const manageGroupPage = lazyPage(
  () => import('../features/groups/pages/manage-group-page'),
  'ManageGroupPage',
);
const organizationCommunicationsPage = lazyPage(
  () => import('../features/groups/pages/organization-communications-page'),
  'OrganizationCommunicationsPage',
);
const groupAnnouncementsUnsubscribePage = lazyPage(
  () => import('../features/groups/pages/group-announcements-unsubscribe-page'),
  'GroupAnnouncementsUnsubscribePage',
);
const discussionsPage = lazyPage(
  () => import('../features/discussions/pages/discussions-page'),
  'DiscussionsPage',
);
const questionPage = lazyPage(() => import('../features/discussions/pages/question-page'), 'QuestionPage');
const groupDiscussionTab = lazyPage(
  () => import('../features/discussions/pages/group-discussion-tab'),
  'GroupDiscussionTab',
);
const groupEventsTab = lazyPage(() => import('../features/events/pages/group-events-tab'), 'GroupEventsTab');
const eventsPage = lazyPage(() => import('../features/events/pages/events-page'), 'EventsPage');
const eventPage = lazyPage(() => import('../features/events/pages/event-page'), 'EventPage');
const resourcesPage = lazyPage(() => import('../features/resources/pages/resources-page'), 'ResourcesPage');
const resourcePostPage = lazyPage(
  () => import('../features/resources/pages/resource-post-page'),
  'ResourcePostPage',
);
const groupResourcesTab = lazyPage(
  () => import('../features/resources/pages/group-resources-tab'),
  'GroupResourcesTab',
);
const pendingApprovalPage = lazyPage(
  () => import('../features/hubs/pages/pending-approval-page'),
  'PendingApprovalPage',
);

/** A route whose feature comes in a later issue: a polite placeholder titled `title`. */
function comingSoon(path: string, title: string): RouteObject {
  const handle: TRouteHandle = { title };
  return { path, handle, lazy: comingSoonPage };
}

/*
 * The prefetchers import their query options when they run, so the first page's JavaScript does not carry
 * every feature's endpoints and schemas (issue #17: the initial JavaScript budget); the import shares its
 * chunk with the page, so both load in parallel.
 */

/**
 * /hub/{id}/groups/{groupId}/… (spec 2) opens the group in that hub: the hub becomes the current one, then
 * the group page at its own address takes over (it moves a program or an organization to theirs).
 */
function openHubGroup({ params }: LoaderFunctionArgs): Response {
  if (params.identifier !== undefined) session.setCurrentHub(params.identifier);
  const target = paths.groupPage('group', params.groupId ?? '');
  const rest = params['*'] ?? '';
  return redirect(rest === '' ? target : `${target}/${rest}`);
}

/**
 * On the app's first load, a loader waits (at most FIRST_LOAD_WAIT_MS) for the data it prefetches: the first
 * page then renders once, with its data, inside the router's transition, which React splits into short tasks,
 * instead of rendering a skeleton and then re-rendering the whole page synchronously when the query answers
 * (one long task of the main thread: issue #17, total blocking time). Later navigations only start the prefetch.
 */
const FIRST_LOAD_WAIT_MS = 4000;
/** Set once the router has loaded its first page (see the end of the file). */
let isFirstLoadDone = false;
function awaitOnFirstLoad(prefetch: Promise<unknown>): Promise<null> | null {
  const settled = prefetch.then(
    () => null,
    () => null,
  );
  if (isFirstLoadDone) return null;
  return Promise.race([
    settled,
    new Promise<null>((resolve) => setTimeout(resolve, FIRST_LOAD_WAIT_MS, null)),
  ]);
}

/** Starts loading the hub's public data while the sign-in or sign-up page's code loads. */
function prefetchPublicHub({ params }: LoaderFunctionArgs): null {
  const { identifier } = params;
  if (identifier !== undefined)
    void import('../features/auth/api/get-public-hub').then(({ publicHubQueryOptions }) =>
      queryClient.prefetchQuery(publicHubQueryOptions(identifier)),
    );
  return null;
}

/**
 * Starts loading the signed-in user, and the signed-in shell's code (app-layout.tsx renders it once the user
 * is known), while a signed-in page's code loads: three round trips in parallel instead of one after the other.
 */
function prefetchMe(): Promise<null> | null {
  if (session.getToken() === null) return null;
  return awaitOnFirstLoad(Promise.all([queryClient.prefetchQuery(meQueryOptions()), preloadSignedInShell()]));
}

/**
 * Starts loading the profile while the profile page's code loads, then, on another member's profile, the
 * viewer's ways to contact them (the buttons under the name: loaded after the first render, they pushed the
 * sections down, Lighthouse CLS 0.09 on a phone).
 */
function prefetchProfile({ params, request }: LoaderFunctionArgs): Promise<null> | null {
  const hubId = new URL(request.url).searchParams.get('hubId') ?? undefined;
  const { userIdentifier } = params;
  if (session.getToken() !== null && userIdentifier !== undefined)
    return awaitOnFirstLoad(
      import('../features/profiles/api/get-profile')
        .then(({ profileQueryOptions }) => queryClient.fetchQuery(profileQueryOptions(userIdentifier, hubId)))
        .then((profile) =>
          // The page shows contact actions where the viewer cannot edit (profile-page.tsx).
          profile.can.edit
            ? undefined
            : import('../lib/contact-options').then(({ contactOptionsQueryOptions }) =>
                queryClient.prefetchQuery(
                  contactOptionsQueryOptions(profile.id, hubId === undefined ? {} : { hubId }),
                ),
              ),
        ),
    );
  return null;
}

/**
 * Starts loading the hub's home sections, action items and feed while the hub home's code loads (issue #18).
 * On the first load the requests start at once (early-gets.ts), not after the shared chunk with their queries
 * has loaded and run (issue #17 item 7); the queries then take their answers.
 */
function prefetchHubFeed({ params, request }: LoaderFunctionArgs): Promise<null> | null {
  const { identifier } = params;
  const tab = new URL(request.url).searchParams.get('tab');
  if (session.getToken() !== null && identifier !== undefined) {
    if (!isFirstLoadDone) startHubHomeEarlyGets(identifier, tab);
    return awaitOnFirstLoad(
      Promise.all([
        import('../features/feed/api/feed-api').then(({ feedQueryOptions }) =>
          queryClient.prefetchInfiniteQuery(feedQueryOptions(null, identifier)),
        ),
        import('../features/home/api/get-home').then(({ homeQueryOptions }) =>
          queryClient.prefetchQuery(homeQueryOptions(identifier, tab)),
        ),
        // Above the tabs: loaded late, it pushed the whole home down (Lighthouse CLS 0.42).
        import('../features/home/api/action-items').then(({ actionItemsQueryOptions }) =>
          queryClient.prefetchQuery(actionItemsQueryOptions(identifier)),
        ),
      ]),
    );
  }
  return null;
}

/** Starts loading the first page of the directory (no search, no filters) while its code loads. */
function prefetchDirectory({ params }: LoaderFunctionArgs): Promise<null> | null {
  const { identifier } = params;
  if (session.getToken() !== null && identifier !== undefined)
    return awaitOnFirstLoad(
      import('../features/directory/api/search-directory').then(({ directoryQueryOptions }) =>
        queryClient.prefetchInfiniteQuery(
          directoryQueryOptions(identifier, { q: '', userType: [], industry: [], graduationYear: [] }),
        ),
      ),
    );
  return null;
}

/** Starts loading the conversations of the inbox tab in the address while the inbox's code loads. */
function prefetchInbox({ request }: LoaderFunctionArgs): Promise<null> | null {
  const tab = new URL(request.url).searchParams.get('tab') ?? 'inbox';
  if (session.getToken() !== null && (tab === 'inbox' || tab === 'rooms' || tab === 'archived'))
    return awaitOnFirstLoad(
      import('../features/inbox/api/threads').then(({ threadListQueryOptions }) =>
        queryClient.prefetchInfiniteQuery(threadListQueryOptions(tab)),
      ),
    );
  return null;
}

/** Starts loading the hub's standard-data options for the first-time-user quiz. */
function prefetchSignupOptions({ params }: LoaderFunctionArgs): Promise<null> | null {
  const { identifier } = params;
  if (session.getToken() !== null && identifier !== undefined)
    return awaitOnFirstLoad(
      import('../features/signup/api/signup-api').then(({ signupOptionsQueryOptions }) =>
        queryClient.prefetchQuery(signupOptionsQueryOptions(identifier)),
      ),
    );
  return null;
}

/** Starts loading the group while the group page's code loads. */
function prefetchGroup({ params }: LoaderFunctionArgs): Promise<null> | null {
  const { identifier } = params;
  if (session.getToken() !== null && identifier !== undefined)
    return awaitOnFirstLoad(
      import('../lib/current-group').then(({ groupQueryOptions }) =>
        queryClient.prefetchQuery(groupQueryOptions(identifier)),
      ),
    );
  return null;
}

/** Starts loading the resource while the resource post page's code loads. */
function prefetchResource({ params, request }: LoaderFunctionArgs): Promise<null> | null {
  const hubId = new URL(request.url).searchParams.get('hubId') ?? undefined;
  const { slug } = params;
  if (session.getToken() !== null && slug !== undefined)
    return awaitOnFirstLoad(
      import('../features/resources/api/get-resource').then(({ resourceQueryOptions }) =>
        queryClient.prefetchQuery(resourceQueryOptions(slug, hubId)),
      ),
    );
  return null;
}

/**
 * The content tabs of a group page (spec 2: discussion, resources, events, feed). They read the group
 * with useCurrentGroup() from lib/current-group.
 */
const groupContentTabRoutes: RouteObject[] = [
  { path: 'discussion', lazy: groupDiscussionTab },
  { path: 'resources', lazy: groupResourcesTab },
  { path: 'events', lazy: groupEventsTab },
  { path: 'feed', lazy: groupFeedTab },
];

/**
 * Group, program and organization pages (spec 2): one layout route (header, membership actions, the
 * tabs visible to the viewer, <Outlet/>) with a child route per tab. The index goes to the first
 * visible tab; 'event' and 'events-v2' segments were rewritten to 'events' by the catch-all route.
 */
function groupLikeRoutes(base: string): RouteObject[] {
  const tabs: Record<'about' | 'members' | 'mentors' | 'admin', RouteObject['lazy']> = {
    about: groupAboutTab,
    members: groupMembersTab,
    mentors: groupMentorsTab,
    admin: groupAdminTab,
  };
  return [
    {
      path: base,
      lazy: groupLayoutPage,
      loader: prefetchGroup,
      // Moving between a group's tabs keeps its header; only the tab waits.
      handle: KEEP_LAYOUT_WHILE_LOADING,
      children: [
        { index: true, element: null },
        ...GROUP_TABS.filter((tab): tab is keyof typeof tabs => tab in tabs).map((tab) => ({
          path: tab,
          lazy: tabs[tab],
        })),
        ...groupContentTabRoutes,
      ],
    },
  ];
}

const hub = ROUTES.hubChildren;

const manageCalendarPage = lazyPage(
  () => import('../features/calendar/pages/manage-calendar-page'),
  'ManageCalendarPage',
);
const meetingTokenPage = lazyPage(
  () => import('../features/inbox/components/meetings/meeting-token-page'),
  'MeetingTokenPage',
);
const inboxPage = lazyPage(() => import('../features/inbox/pages/inbox-page'), 'InboxPage');
const threadPage = lazyPage(() => import('../features/inbox/pages/thread-page'), 'ThreadPage');
const notificationsPage = lazyPage(
  () => import('../features/inbox/pages/notifications-page'),
  'NotificationsPage',
);

const publicRoutes: RouteObject[] = [
  { path: ROUTES.root, lazy: landingPage },
  { path: ROUTES.signIn, Component: SignInPage },
  { path: ROUTES.login, Component: SignInPage },
  { path: ROUTES.loginV2, Component: SignInPage },
  { path: ROUTES.signUp, lazy: signUpPage },
  { path: ROUTES.createAccount, lazy: signUpPage },
  { path: ROUTES.createAccountConfirmation, lazy: confirmationPage },
  { path: ROUTES.ssoComplete, lazy: ssoCompletePage },
  { path: ROUTES.forgotPassword, lazy: forgotPasswordPage },
  { path: ROUTES.resetPassword, lazy: resetPasswordPage },
  { path: ROUTES.notFound, lazy: notFoundPage },
  { path: ROUTES.groupAnnouncementsUnsubscribe, lazy: groupAnnouncementsUnsubscribePage },
  { path: ROUTES.jobAlertUnsubscribe, lazy: jobRoutePage('unsubscribe') },
  { path: ROUTES.terms, lazy: termsPage },
  { path: ROUTES.privacy, lazy: privacyPage },
  { path: ROUTES.faq, lazy: faqPage },
  { path: ROUTES.emailResponse, lazy: emailResponsePage },
  // The professional-network flow's landing (issue #24 item 5); the -v2 forms open the canonical one.
  { path: ROUTES.linkedinCallback, lazy: linkedinLandingPage },
  { path: ROUTES.linkedinCallbackV2, lazy: linkedinCanonicalRedirect },
  { path: ROUTES.linkedinRedirect, lazy: linkedinLandingPage },
  { path: ROUTES.linkedinRedirectV2, lazy: linkedinCanonicalRedirect },
  {
    path: ROUTES.hub,
    children: [
      { path: hub.signUp, lazy: hubSignUpPage, loader: prefetchPublicHub },
      { path: hub.createAccount, lazy: signUpPage, loader: prefetchPublicHub },
      { path: hub.signIn, Component: SignInPage, loader: prefetchPublicHub },
      { path: hub.forgotPassword, lazy: forgotPasswordPage },
      { path: hub.resetPassword, lazy: resetPasswordPage },
      { path: hub.faq, lazy: faqPage },
      { path: hub.terms, lazy: termsPage },
      { path: hub.privacy, lazy: privacyPage },
    ],
  },
];

const signedInRoutes: RouteObject[] = [
  { path: ROUTES.home, lazy: hubHomePage },
  { path: ROUTES.homeV2Root, lazy: hubHomePage },
  {
    path: ROUTES.hub,
    children: [
      { index: true, lazy: hubHomePage, loader: prefetchHubFeed },
      { path: hub.home, lazy: hubHomePage, loader: prefetchHubFeed },
      { path: hub.homeV2, lazy: hubHomePage },
      { path: hub.homeV3, lazy: hubHomePage },
      { path: hub.pendingApproval, lazy: pendingApprovalPage },
      { path: hub.siteAdmin, lazy: siteAdminPage },
      { path: hub.siteAdminApprovals, lazy: approvalsPage },
      { path: hub.siteAdminBadges, lazy: badgesAdminPage },
      { path: hub.siteAdminGiving, lazy: givingAdminPage },
      { path: hub.siteAdminActionItems, lazy: actionItemsAdminPage },
      { path: hub.siteAdminFeatures, lazy: featureFlagsPage },
      { path: HUB_SETTINGS_ROUTES.modules, lazy: modulesPage },
      { path: HUB_SETTINGS_ROUTES.branding, lazy: brandingPage },
      { path: HUB_SETTINGS_ROUTES.signup, lazy: signupSettingsPage },
      { path: HUB_WELCOME_ROUTES.templates, lazy: outreachTemplatesPage },
      { path: HUB_WELCOME_ROUTES.organizationTemplates, lazy: organizationTemplatesPage },
      { path: HUB_WELCOME_ROUTES.autoGreeting, lazy: autoGreetingPage },
      { path: HUB_WELCOME_ROUTES.notifications, lazy: notificationDefaultsPage },
      { path: hub.siteAdminAuditLog, lazy: auditLogPage },
      { path: USER_TYPES_ADMIN_ROUTE, lazy: userTypesAdminPage },
      { path: PROFILE_FIELDS_ADMIN_ROUTE, lazy: profileFieldsAdminPage },
      { path: hub.siteAdminMessages, lazy: bulkMessagesPage },
      { path: hub.announcements, lazy: announcementsPage },
      { path: SURVEY_ROUTES.admin, lazy: surveysAdminPage },
      { path: SURVEY_ROUTES.adminNew, lazy: surveyBuilderPage },
      { path: SURVEY_ROUTES.adminEdit, lazy: surveyBuilderPage },
      { path: SURVEY_ROUTES.adminResults, lazy: surveyResultsPage },
      { path: SURVEY_ROUTES.mine, lazy: mySurveysPage },
      { path: SURVEY_ROUTES.answer, lazy: surveyAnswerPage },
      { path: LOGIN_AS_ADMIN_ROUTE, lazy: loginAsPage },
      { path: WEBHOOKS_ADMIN_ROUTE, lazy: webhooksPage },
      { path: ADMIN_PEOPLE_ROUTES.manageAdmins, lazy: manageAdminsPage },
      { path: ADMIN_PEOPLE_ROUTES.exploreUsers, lazy: exploreUsersPage },
      { path: ADMIN_DATA_ROUTES.analytics, lazy: analyticsPage },
      { path: ADMIN_DATA_ROUTES.data, lazy: dataPage },
      { path: ORGANIZATION_ADMIN_ROUTE, lazy: organizationConsolePage },
      { path: ORGANIZATION_PROFILE_FIELDS_ROUTE, lazy: organizationProfileFieldsPage },
      { path: hub.siteAdminJobs, lazy: jobRoutePage('admin') },
      { path: hub.siteAdminAdvising, lazy: advisingRoutePage('admin') },
      { path: hub.siteAdminAdviser, lazy: advisingRoutePage('adminAdviser') },
      { path: hub.give, lazy: givingPage },
      { path: hub.siteAdminModeration, lazy: moderationPage },
      { path: hub.jobs, lazy: jobRoutePage('board') },
      { path: hub.jobDetail, lazy: jobRoutePage('detail') },
      { path: hub.projectDetail, lazy: jobRoutePage('detail') },
      { path: hub.jobPost, lazy: jobRoutePage('post') },
      { path: hub.pathways, lazy: pathwayRoutePage('list') },
      { path: hub.pathwayReviews, lazy: pathwayRoutePage('reviews') },
      { path: hub.pathway, lazy: pathwayRoutePage('pathway') },
      { path: hub.pathwayStep, lazy: pathwayRoutePage('step') },
      { path: hub.siteAdminPathways, lazy: pathwayRoutePage('admin') },
      { path: hub.siteAdminPathwayNew, lazy: pathwayRoutePage('builder') },
      { path: hub.siteAdminPathway, lazy: pathwayRoutePage('builder') },
      { path: hub.collectPreferences, lazy: collectPreferencesPage, loader: prefetchSignupOptions },
      { path: hub.matching, lazy: matchingPage },
      { path: hub.careerPaths, lazy: careerPathRoutePage('list') },
      { path: hub.careerPath, lazy: careerPathRoutePage('detail') },
      { path: hub.siteAdminCareerPaths, lazy: careerPathRoutePage('admin') },
      { path: `${hub.group}/*`, loader: openHubGroup },
      { path: hub.network, lazy: directoryPage, loader: prefetchDirectory },
      { path: hub.experientialLearning, lazy: jobRoutePage('experientialLearning') },
      { path: hub.careerAssessments, lazy: assessmentRoutePage('list') },
      { path: hub.careerAssessment, lazy: assessmentRoutePage('assessment') },
      { path: hub.siteAdminCareerAssessments, lazy: assessmentRoutePage('admin') },
      { path: hub.videoPrompts, lazy: assessmentRoutePage('videoPrompts') },
      { path: hub.videoPrompt, lazy: assessmentRoutePage('videoPrompt') },
      comingSoon(hub.submit, 'Submit'),
      comingSoon(hub.posts, 'Posts'),
    ],
  },
  { path: ROUTES.profile, lazy: profilePage, loader: prefetchProfile },
  { path: ROUTES.account, lazy: accountPage },
  { path: ROUTES.verifyEmail, lazy: verifyEmailPage },
  { path: ROUTES.manageCalendar, lazy: manageCalendarPage },
  { path: CLUSTER_ADMIN_ROUTE, lazy: clusterAdminPage },
  { path: SSO_SETTINGS_ROUTE, lazy: ssoSettingsPage },
  { path: PLATFORM_ADMIN_ROUTE, lazy: platformAdminPage },
  { path: ROUTES.inbox, lazy: inboxPage, loader: prefetchInbox },
  { path: ROUTES.inboxAddress, lazy: inboxPage, loader: prefetchInbox },
  { path: ROUTES.inboxMeeting, lazy: meetingTokenPage },
  { path: ROUTES.inboxThread, lazy: threadPage },
  { path: ROUTES.notifications, lazy: notificationsPage },
  { path: ROUTES.advisingQuickBook, lazy: advisingRoutePage('quickBook') },
  { path: ROUTES.advisingPeople, lazy: advisingRoutePage('people') },
  { path: ROUTES.advisingAppointments, lazy: advisingRoutePage('appointments') },
  { path: ROUTES.advisingAvailability, lazy: advisingRoutePage('availability') },
  comingSoon(ROUTES.network, 'Network'),
  { path: ROUTES.groups, lazy: groupsPage },
  ...groupLikeRoutes(ROUTES.group),
  { path: ROUTES.programs, lazy: programsPage },
  { path: ROUTES.programOnboarding, lazy: programOnboardingPage },
  ...groupLikeRoutes(ROUTES.program),
  { path: ROUTES.organizations, lazy: organizationsPage },
  ...groupLikeRoutes(ROUTES.organization),
  { path: ROUTES.organizationCommunications, lazy: organizationCommunicationsPage },
  { path: ROUTES.discussions, lazy: discussionsPage },
  { path: ROUTES.discussionQuestion, lazy: questionPage },
  { path: ROUTES.resources, lazy: resourcesPage },
  { path: ROUTES.resourcePost, lazy: resourcePostPage, loader: prefetchResource },
  { path: ROUTES.events, lazy: eventsPage },
  { path: ROUTES.event, lazy: eventPage },
  { path: ROUTES.manageGroup, lazy: manageGroupPage },
  { path: ROUTES.manageProgram, lazy: manageGroupPage },
  { path: TENANT_ERASURE_ROUTES.failedJobs, lazy: failedJobsPage },
  { path: TENANT_ERASURE_ROUTES.erasurePreview, lazy: erasurePreviewPage },
];

/** The route table (exported for tests of route coverage). */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <LoadingState />,
    children: [
      { element: <PublicLayout />, children: publicRoutes },
      { element: <AppLayout />, loader: prefetchMe, children: signedInRoutes },
      { path: '*', element: <RewriteOrNotFound /> },
    ],
  },
];

/**
 * The browser router of the app, created once by main.tsx; `hydrationData` carries the loaders' answers of a page
 * the server rendered, so the first render matches its HTML.
 */
export function createAppRouter(hydrationData?: HydrationState): ReturnType<typeof createBrowserRouter> {
  // A page the server rendered has its data: React Router still runs the loaders of its lazy routes, and they
  // must neither wait nor start early requests for what the query cache holds.
  if (hydrationData !== undefined) isFirstLoadDone = true;
  const router = createBrowserRouter(routes, hydrationData === undefined ? {} : { hydrationData });
  // The loaders run during createBrowserRouter already: the first load's end is known from the router's state.
  if (router.state.initialized) isFirstLoadDone = true;
  else {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      isFirstLoadDone = true;
      unsubscribe();
    });
  }
  return router;
}
