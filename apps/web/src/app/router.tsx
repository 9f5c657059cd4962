/**
 * The one route table of the web app (spec 2 Screens and routes; ARCHITECTURE.md Web app). Pages
 * are lazy; loaders only start prefetches through the same query options the pages use. Routes
 * whose features come later show a "coming soon" page. Unknown addresses are rewritten to their
 * canonical form or sent to /404 by the catch-all route.
 */
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { LoadingState } from '../components/loading-state';
import { GROUP_TABS, ROUTES } from '../config/paths';
import { publicHubQueryOptions } from '../features/auth/api/get-public-hub';
import { profileQueryOptions } from '../features/profiles/api/get-profile';
import { resourceQueryOptions } from '../features/resources/api/get-resource';
import { signupOptionsQueryOptions } from '../features/signup/api/signup-api';
import type { TRouteHandle } from '../features/system/pages/coming-soon-page';
import { groupQueryOptions } from '../lib/current-group';
import { meQueryOptions } from '../lib/current-user';
import { queryClient } from '../lib/query-client';
import { session } from '../lib/session';
import { AppLayout } from './layouts/app-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { RewriteOrNotFound } from './routing/rewrite-or-not-found';
import { RouteErrorBoundary } from './routing/route-error-boundary';

const landingPage = () =>
  import('../features/system/pages/landing-page').then((m) => ({ Component: m.LandingPage }));
const signInPage = () =>
  import('../features/auth/pages/sign-in-page').then((m) => ({ Component: m.SignInPage }));
const signUpPage = () =>
  import('../features/auth/pages/sign-up-page').then((m) => ({ Component: m.SignUpPage }));
const confirmationPage = () =>
  import('../features/auth/pages/create-account-confirmation-page').then((m) => ({
    Component: m.CreateAccountConfirmationPage,
  }));
const notFoundPage = () =>
  import('../features/system/pages/not-found-page').then((m) => ({ Component: m.NotFoundPage }));
const comingSoonPage = () =>
  import('../features/system/pages/coming-soon-page').then((m) => ({ Component: m.ComingSoonPage }));
const hubHomePage = () => import('./routing/hub-home-route').then((m) => ({ Component: m.HubHomeRoute }));
const groupFeedTab = () => import('../features/feed/pages/group-feed-tab').then((m) => ({ Component: m.GroupFeedTab }));
const emailResponsePage = () => import('../features/inbox/pages/email-response-page').then((m) => ({ Component: m.EmailResponsePage }));
const moderationPage = () => import('../features/moderation/pages/moderation-page').then((m) => ({ Component: m.ModerationPage }));
const hubSignUpPage = () =>
  import('./routing/hub-signup-switch').then((m) => ({ Component: m.HubSignupSwitch }));
const profilePage = () =>
  import('../features/profiles/pages/profile-page').then((m) => ({ Component: m.ProfilePage }));
const directoryPage = () =>
  import('../features/directory/pages/directory-page').then((m) => ({ Component: m.DirectoryPage }));
const approvalsPage = () =>
  import('../features/approvals/pages/approvals-page').then((m) => ({ Component: m.ApprovalsPage }));
const accountPage = () =>
  import('../features/account/pages/account-page').then((m) => ({ Component: m.AccountPage }));
const verifyEmailPage = () =>
  import('../features/account/pages/verify-email-page').then((m) => ({ Component: m.VerifyEmailPage }));
const collectPreferencesPage = () =>
  import('../features/signup/pages/collect-preferences-page').then((m) => ({
    Component: m.CollectPreferencesPage,
  }));
const matchingPage = () =>
  import('../features/signup/pages/matching-page').then((m) => ({ Component: m.MatchingPage }));
const groupsPage = () =>
  import('../features/groups/pages/group-list-page').then((m) => ({ Component: m.GroupsPage }));
const programsPage = () =>
  import('../features/groups/pages/group-list-page').then((m) => ({ Component: m.ProgramsPage }));
const organizationsPage = () =>
  import('../features/groups/pages/group-list-page').then((m) => ({ Component: m.OrganizationsPage }));
const programOnboardingPage = () =>
  import('../features/groups/pages/program-onboarding-page').then((m) => ({ Component: m.ProgramOnboardingPage }));
const groupLayoutPage = () =>
  import('../features/groups/pages/group-layout-page').then((m) => ({ Component: m.GroupLayoutPage }));
const groupAboutTab = () =>
  import('../features/groups/pages/group-about-tab').then((m) => ({ Component: m.GroupAboutTab }));
const groupMembersTab = () =>
  import('../features/groups/pages/group-members-tab').then((m) => ({ Component: m.GroupMembersTab }));
const groupMentorsTab = () =>
  import('../features/groups/pages/group-mentors-tab').then((m) => ({ Component: m.GroupMentorsTab }));
const groupAdminTab = () =>
  import('../features/groups/pages/group-admin-tab').then((m) => ({ Component: m.GroupAdminTab }));
const manageGroupPage = () =>
  import('../features/groups/pages/manage-group-page').then((m) => ({ Component: m.ManageGroupPage }));
const organizationCommunicationsPage = () =>
  import('../features/groups/pages/organization-communications-page').then((m) => ({ Component: m.OrganizationCommunicationsPage }));
const groupAnnouncementsUnsubscribePage = () =>
  import('../features/groups/pages/group-announcements-unsubscribe-page').then((m) => ({ Component: m.GroupAnnouncementsUnsubscribePage }));
const discussionsPage = () =>
  import('../features/discussions/pages/discussions-page').then((m) => ({ Component: m.DiscussionsPage }));
const questionPage = () =>
  import('../features/discussions/pages/question-page').then((m) => ({ Component: m.QuestionPage }));
const groupDiscussionTab = () =>
  import('../features/discussions/pages/group-discussion-tab').then((m) => ({ Component: m.GroupDiscussionTab }));
const groupEventsTab = () => import('../features/events/pages/group-events-tab').then((m) => ({ Component: m.GroupEventsTab }));
const eventsPage = () => import('../features/events/pages/events-page').then((m) => ({ Component: m.EventsPage }));
const eventPage = () => import('../features/events/pages/event-page').then((m) => ({ Component: m.EventPage }));
const resourcesPage = () => import('../features/resources/pages/resources-page').then((m) => ({ Component: m.ResourcesPage }));
const resourcePostPage = () => import('../features/resources/pages/resource-post-page').then((m) => ({ Component: m.ResourcePostPage }));
const groupResourcesTab = () => import('../features/resources/pages/group-resources-tab').then((m) => ({ Component: m.GroupResourcesTab }));
const pendingApprovalPage = () =>
  import('../features/hubs/pages/pending-approval-page').then((m) => ({ Component: m.PendingApprovalPage }));

/** A route whose feature comes in a later issue: a polite placeholder titled `title`. */
function comingSoon(path: string, title: string): RouteObject {
  const handle: TRouteHandle = { title };
  return { path, handle, lazy: comingSoonPage };
}

/** Starts loading the hub's public data while the sign-in or sign-up page's code loads. */
function prefetchPublicHub({ params }: LoaderFunctionArgs): null {
  if (params.identifier !== undefined)
    void queryClient.prefetchQuery(publicHubQueryOptions(params.identifier));
  return null;
}

/** Starts loading the signed-in user while a signed-in page's code loads. */
function prefetchMe(): null {
  if (session.getToken() !== null) void queryClient.prefetchQuery(meQueryOptions());
  return null;
}

/** Starts loading the profile while the profile page's code loads. */
function prefetchProfile({ params, request }: LoaderFunctionArgs): null {
  const hubId = new URL(request.url).searchParams.get('hubId') ?? undefined;
  if (session.getToken() !== null && params.userIdentifier !== undefined)
    void queryClient.prefetchQuery(profileQueryOptions(params.userIdentifier, hubId));
  return null;
}

/** Starts loading the hub's standard-data options for the first-time-user quiz. */
function prefetchSignupOptions({ params }: LoaderFunctionArgs): null {
  if (session.getToken() !== null && params.identifier !== undefined)
    void queryClient.prefetchQuery(signupOptionsQueryOptions(params.identifier));
  return null;
}

/** Starts loading the group while the group page's code loads. */
function prefetchGroup({ params }: LoaderFunctionArgs): null {
  if (session.getToken() !== null && params.identifier !== undefined)
    void queryClient.prefetchQuery(groupQueryOptions(params.identifier));
  return null;
}

/** Starts loading the resource while the resource post page's code loads. */
function prefetchResource({ params, request }: LoaderFunctionArgs): null {
  const hubId = new URL(request.url).searchParams.get('hubId') ?? undefined;
  if (session.getToken() !== null && params.slug !== undefined)
    void queryClient.prefetchQuery(resourceQueryOptions(params.slug, hubId));
  return null;
}

/**
 * The content tabs of a group page (spec 2: discussion, resources, events, feed). They read the group
 * with useCurrentGroup() from lib/current-group.
 */
const groupContentTabRoutes: RouteObject[] = [{ path: 'discussion', lazy: groupDiscussionTab }, { path: 'resources', lazy: groupResourcesTab }, { path: 'events', lazy: groupEventsTab }, { path: 'feed', lazy: groupFeedTab }];

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
      children: [
        { index: true, element: null },
        ...GROUP_TABS.filter((tab): tab is keyof typeof tabs => tab in tabs).map((tab) => ({ path: tab, lazy: tabs[tab] })),
        ...groupContentTabRoutes,
      ],
    },
  ];
}

const hub = ROUTES.hubChildren;

const manageCalendarPage = () =>
  import('../features/calendar/pages/manage-calendar-page').then((m) => ({ Component: m.ManageCalendarPage }));
const meetingTokenPage = () =>
  import('../features/inbox/components/meetings/meeting-token-page').then((m) => ({ Component: m.MeetingTokenPage }));
const inboxPage = () => import('../features/inbox/pages/inbox-page').then((m) => ({ Component: m.InboxPage }));
const threadPage = () => import('../features/inbox/pages/thread-page').then((m) => ({ Component: m.ThreadPage }));

const publicRoutes: RouteObject[] = [
  { path: ROUTES.root, lazy: landingPage },
  { path: ROUTES.signIn, lazy: signInPage },
  { path: ROUTES.login, lazy: signInPage },
  { path: ROUTES.loginV2, lazy: signInPage },
  { path: ROUTES.signUp, lazy: signUpPage },
  { path: ROUTES.createAccount, lazy: signUpPage },
  { path: ROUTES.createAccountConfirmation, lazy: confirmationPage },
  { path: ROUTES.notFound, lazy: notFoundPage },
  { path: ROUTES.groupAnnouncementsUnsubscribe, lazy: groupAnnouncementsUnsubscribePage },
  comingSoon(ROUTES.terms, 'Terms of use'),
  comingSoon(ROUTES.privacy, 'Privacy policy'),
  comingSoon(ROUTES.faq, 'Frequently asked questions'),
  { path: ROUTES.emailResponse, lazy: emailResponsePage },
  comingSoon(ROUTES.linkedinCallback, 'Connecting your account'),
  comingSoon(ROUTES.linkedinCallbackV2, 'Connecting your account'),
  comingSoon(ROUTES.linkedinRedirect, 'Connecting your account'),
  comingSoon(ROUTES.linkedinRedirectV2, 'Connecting your account'),
  {
    path: ROUTES.hub,
    children: [
      { path: hub.signUp, lazy: hubSignUpPage, loader: prefetchPublicHub },
      { path: hub.createAccount, lazy: signUpPage, loader: prefetchPublicHub },
      { path: hub.signIn, lazy: signInPage, loader: prefetchPublicHub },
      comingSoon(hub.faq, 'Frequently asked questions'),
      comingSoon(hub.terms, 'Terms of use'),
      comingSoon(hub.privacy, 'Privacy policy'),
    ],
  },
];

const signedInRoutes: RouteObject[] = [
  { path: ROUTES.home, lazy: hubHomePage },
  { path: ROUTES.homeV2Root, lazy: hubHomePage },
  {
    path: ROUTES.hub,
    children: [
      { index: true, lazy: hubHomePage },
      { path: hub.home, lazy: hubHomePage },
      { path: hub.homeV2, lazy: hubHomePage },
      { path: hub.homeV3, lazy: hubHomePage },
      { path: hub.pendingApproval, lazy: pendingApprovalPage },
      comingSoon(hub.siteAdmin, 'Site administration'),
      { path: hub.siteAdminApprovals, lazy: approvalsPage },
      { path: hub.siteAdminModeration, lazy: moderationPage },
      comingSoon(hub.jobs, 'Job board'),
      comingSoon(hub.pathways, 'Pathways'),
      comingSoon(hub.pathway, 'Pathway'),
      comingSoon(hub.pathwayStep, 'Pathway step'),
      { path: hub.collectPreferences, lazy: collectPreferencesPage, loader: prefetchSignupOptions },
      { path: hub.matching, lazy: matchingPage },
      comingSoon(hub.careerPaths, 'Career paths'),
      comingSoon(hub.group, 'Group'),
      { path: hub.network, lazy: directoryPage },
      comingSoon(hub.experientialLearning, 'Experiential learning'),
      comingSoon(hub.careerAssessment, 'Career assessment'),
      comingSoon(hub.videoPrompt, 'Video prompt'),
      comingSoon(hub.submit, 'Submit'),
      comingSoon(hub.posts, 'Posts'),
    ],
  },
  { path: ROUTES.profile, lazy: profilePage, loader: prefetchProfile },
  { path: ROUTES.account, lazy: accountPage },
  { path: ROUTES.verifyEmail, lazy: verifyEmailPage },
  { path: ROUTES.manageCalendar, lazy: manageCalendarPage },
  { path: ROUTES.inbox, lazy: inboxPage },
  { path: ROUTES.inboxAddress, lazy: inboxPage },
  { path: ROUTES.inboxMeeting, lazy: meetingTokenPage },
  { path: ROUTES.inboxThread, lazy: threadPage },
  comingSoon(ROUTES.advisingQuickBook, 'Book an advising appointment'),
  comingSoon(ROUTES.advisingPeople, 'Advisers'),
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
  comingSoon(ROUTES.jobDetail, 'Job'),
  comingSoon(ROUTES.projectDetail, 'Project'),
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

/** The browser router of the app. */
export const router = createBrowserRouter(routes);
