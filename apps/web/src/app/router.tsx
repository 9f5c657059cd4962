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
import { signupOptionsQueryOptions } from '../features/signup/api/signup-api';
import type { TRouteHandle } from '../features/system/pages/coming-soon-page';
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
const hubHomePage = () =>
  import('../features/home/pages/hub-home-page').then((m) => ({ Component: m.HubHomePage }));
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

/** Group, program and organization pages with their tabs (spec 2). */
function groupLikeRoutes(base: string, title: string): RouteObject[] {
  return [comingSoon(base, title), ...GROUP_TABS.map((tab) => comingSoon(`${base}/${tab}`, title))];
}

const hub = ROUTES.hubChildren;

const publicRoutes: RouteObject[] = [
  { path: ROUTES.root, lazy: landingPage },
  { path: ROUTES.signIn, lazy: signInPage },
  { path: ROUTES.login, lazy: signInPage },
  { path: ROUTES.loginV2, lazy: signInPage },
  { path: ROUTES.signUp, lazy: signUpPage },
  { path: ROUTES.createAccount, lazy: signUpPage },
  { path: ROUTES.createAccountConfirmation, lazy: confirmationPage },
  { path: ROUTES.notFound, lazy: notFoundPage },
  comingSoon(ROUTES.terms, 'Terms of use'),
  comingSoon(ROUTES.privacy, 'Privacy policy'),
  comingSoon(ROUTES.faq, 'Frequently asked questions'),
  comingSoon(ROUTES.emailResponse, 'Reply by email'),
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
  comingSoon(ROUTES.manageCalendar, 'Calendar settings'),
  comingSoon(ROUTES.inbox, 'Inbox'),
  comingSoon(ROUTES.inboxAddress, 'Inbox'),
  comingSoon(ROUTES.inboxMeeting, 'Meeting'),
  comingSoon(ROUTES.inboxThread, 'Video room'),
  comingSoon(ROUTES.advisingQuickBook, 'Book an advising appointment'),
  comingSoon(ROUTES.advisingPeople, 'Advisers'),
  comingSoon(ROUTES.network, 'Network'),
  comingSoon(ROUTES.groups, 'Groups'),
  ...groupLikeRoutes(ROUTES.group, 'Group'),
  comingSoon(ROUTES.programs, 'Programs'),
  comingSoon(ROUTES.programOnboarding, 'Program registration'),
  ...groupLikeRoutes(ROUTES.program, 'Program'),
  comingSoon(ROUTES.organizations, 'Organizations'),
  ...groupLikeRoutes(ROUTES.organization, 'Organization'),
  comingSoon(ROUTES.organizationCommunications, 'Organization communications'),
  comingSoon(ROUTES.discussions, 'Discussions'),
  comingSoon(ROUTES.discussionQuestion, 'Discussion'),
  comingSoon(ROUTES.resources, 'Resources'),
  comingSoon(ROUTES.resourcePost, 'Resource'),
  comingSoon(ROUTES.events, 'Events'),
  comingSoon(ROUTES.event, 'Event'),
  comingSoon(ROUTES.manageGroup, 'Manage group'),
  comingSoon(ROUTES.manageProgram, 'Manage program'),
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
