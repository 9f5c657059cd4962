import type { TSessionUser } from '@commons/contract';
import { safeRedirectPath } from '@commons/domain';
import { paths } from '../../config/paths';
import { pickCurrentMembership } from '../../lib/hub-membership';

/**
 * Where a user goes after signing in: the postLoginRedirect query parameter when it is a safe
 * in-app path (spec 2 Query parameters), else the hub signed in to, else the current or default
 * hub's home, else /home (whose guard sends hub-less users to signup).
 */
export function postSignInPath(options: {
  user: TSessionUser;
  postLoginRedirect: string | null;
  hubIdentifier: string | null;
  sessionHubIdentifier: string | null;
}): string {
  const redirect = safeRedirectPath(options.postLoginRedirect);
  if (redirect !== null) return redirect;
  if (options.hubIdentifier !== null) return paths.hub.home(options.hubIdentifier);
  const membership = pickCurrentMembership(options.user, options.sessionHubIdentifier);
  return membership === undefined ? paths.home() : paths.hub.home(membership.hub.identifier);
}
