/**
 * Who may log in as whom (issue #22 item 6; spec 6 hub access group login-as-other-admins). Members' accounts
 * hold student data, so the rule is strict:
 * - the admin holds login-as-other-admins in the hub (super and cluster admins pass every rights check, spec 6);
 * - never oneself, and never from a session that is itself acting as someone (no chains);
 * - only a member of that hub, in the same cluster, whose account is active (anyone else is "not found");
 * - never a super admin, cluster admin or admin on the cluster hub (platform-wide powers), whoever asks;
 * - a hub admin may log in as another admin of the hub only when they hold every right that admin holds
 *   there, so acting as someone never gains a right.
 */

/** The admin asking to log in as someone. */
export interface TLoginAsActor {
  userId: string;
  isSuperAdmin: boolean;
  isClusterAdmin: boolean;
  /** Whether the actor is an admin of the hub, and their rights there. */
  isHubAdmin: boolean;
  accessRights: readonly string[];
  /** The actor's session is already a login-as session. */
  isActingAsSomeone: boolean;
}

/** The member to be logged in as; null when there is no such active member of the hub. */
export interface TLoginAsTarget {
  userId: string;
  isSuperAdmin: boolean;
  isClusterAdmin: boolean;
  isAdminOnClusterHub: boolean;
  isHubAdmin: boolean;
  accessRights: readonly string[];
}

/** Why a login-as is refused; each maps to one answer (403, or 404 for 'not_found'). */
export type TLoginAsRefusal =
  'no_right' | 'acting_as_someone' | 'not_found' | 'self' | 'platform_admin' | 'more_rights';

/** The right that allows logging in as members (spec 6). */
export const LOGIN_AS_RIGHT = 'login-as-other-admins';

/** The refusal of a login-as, or null when it is allowed (rules in the file comment). */
export function loginAsRefusal(actor: TLoginAsActor, target: TLoginAsTarget | null): TLoginAsRefusal | null {
  const isPlatformAdmin = actor.isSuperAdmin || actor.isClusterAdmin;
  if (!isPlatformAdmin && !(actor.isHubAdmin && actor.accessRights.includes(LOGIN_AS_RIGHT)))
    return 'no_right';
  if (actor.isActingAsSomeone) return 'acting_as_someone';
  if (target === null) return 'not_found';
  if (target.userId === actor.userId) return 'self';
  if (target.isSuperAdmin || target.isClusterAdmin || target.isAdminOnClusterHub) return 'platform_admin';
  if (
    !isPlatformAdmin &&
    target.isHubAdmin &&
    target.accessRights.some((r) => !actor.accessRights.includes(r))
  )
    return 'more_rights';
  return null;
}

/** What the admin is told for each refusal (404 'not_found' says nothing about the account). */
export const LOGIN_AS_REFUSAL_MESSAGES: Record<TLoginAsRefusal, string> = {
  no_right: 'You need the login-as-other-admins right in this hub.',
  acting_as_someone: 'Return to your own account before logging in as someone else.',
  not_found: 'There is no such member in this hub.',
  self: 'You cannot log in as yourself.',
  platform_admin: 'Nobody can log in as a super admin, cluster admin or admin of the cluster hub.',
  more_rights: 'This admin holds rights you do not have, so you cannot log in as them.',
};
