import type { TSessionUser } from '@commons/contract';
import {
  ftuRedirectPath,
  ftuRedirectTarget,
  hubRedirect,
  PENDING_APPROVAL_EXEMPT_PAGES,
  signupStatus,
} from '@commons/domain';
import { hubIdentifierFromPath, hubRelativePath, paths, ROUTES } from '../../config/paths';
import {
  findMembership,
  isMembershipApproved,
  isPlatformAdmin,
  mayOpenAnyHub,
  pickCurrentMembership,
} from '../../lib/hub-membership';

/** What the guard of signed-in pages knows about the request. */
export interface TRedirectInput {
  pathname: string;
  search: string;
  /** The signed-in user, or null for a visitor. */
  user: TSessionUser | null;
  /** The hub stored in the session for cluster pages. */
  sessionHubIdentifier: string | null;
}

/**
 * Cluster pages a member may open before approval and during the first-time-user flow: their own
 * account settings (issue #16: pending users can still change their email, password or delete the account).
 */
const ACCOUNT_PAGES: readonly string[] = [ROUTES.account];

/** Hub pages the first-time-user redirect leaves alone: the flow's own pages and the pending-approval exemptions. */
const FTU_EXEMPT_PAGES: readonly string[] = [ROUTES.hubChildren.signUp, ...PENDING_APPROVAL_EXEMPT_PAGES];

function firstSegment(path: string): string {
  return path.split('/').find((segment) => segment !== '') ?? '';
}

/**
 * Where a request for a signed-in page must go instead, or null to show it (spec 2 Redirect
 * rules, decided by the domain's hubRedirect): visitors go to the hub's sign-in (or /sign-in on
 * cluster pages), users with unfinished signup to the hub's signup, admins with no hubs to /signup,
 * unapproved members to the hub's pending-approval page except submit, posts, faq, terms,
 * privacy and their account settings; an approved member on pending-approval goes on to the hub home;
 * an approved member with the first-time-user flow pending goes to it on every navigation (spec 4).
 */
export function decideRedirect(input: TRedirectInput): string | null {
  const { pathname, user } = input;
  const pathHub = hubIdentifierFromPath(pathname);
  const page = firstSegment(hubRelativePath(pathname));

  if (user === null) {
    const postLoginRedirect = `${pathname}${input.search}`;
    return pathHub === null
      ? paths.signIn({ postLoginRedirect })
      : paths.hub.signIn(pathHub, { postLoginRedirect });
  }

  const membership =
    pathHub === null
      ? pickCurrentMembership(user, input.sessionHubIdentifier)
      : findMembership(user, pathHub);
  const hubIdentifier = pathHub ?? membership?.hub.identifier ?? null;
  const isAdminWithoutHubs = isPlatformAdmin(user) && user.hubs.length === 0;
  const mayEnterWithoutMembership = mayOpenAnyHub(user) && user.hubs.length > 0;
  const hasCompletedSignup =
    signupStatus(user) === 'completed' && (membership !== undefined || mayEnterWithoutMembership);
  const isApproved = membership === undefined ? mayEnterWithoutMembership : isMembershipApproved(membership);

  const redirect = hubRedirect({
    isSignedIn: true,
    hasCompletedSignup,
    isApproved,
    isAdminWithoutHubs,
    page,
  });
  const isAccountPage = pathHub === null && ACCOUNT_PAGES.includes(pathname);
  let target: string | null = null;
  if (isAccountPage && redirect !== 'signup') {
    target = null;
  } else if (redirect === 'signup') {
    target = isAdminWithoutHubs || hubIdentifier === null ? paths.signUp() : paths.hub.signUp(hubIdentifier);
  } else if (redirect === 'pendingApproval' && hubIdentifier !== null) {
    target = paths.hub.pendingApproval(hubIdentifier);
  } else if (redirect === null && page === ROUTES.hubChildren.pendingApproval && hubIdentifier !== null) {
    target = paths.hub.home(hubIdentifier);
  } else if (redirect === null && membership !== undefined && !FTU_EXEMPT_PAGES.includes(page)) {
    const ftu = ftuRedirectTarget({
      pendingActions: user.pendingActions,
      signupStage: membership.signupStage,
      showFirstTimeMatchingExperience: membership.userType?.showFirstTimeMatchingExperience ?? false,
      parentApproved: membership.parentApproved,
    });
    if (ftu !== null) target = ftuRedirectPath({ hubIdentifier: membership.hub.identifier, target: ftu });
  }
  return target === null || target === pathname ? null : target;
}
