import { useCurrentUser } from '../../lib/current-user';
import { findMembership, mayOpenAnyHub } from '../../lib/hub-membership';

/**
 * Whether the viewer may manage the hub's pathways (spec 6 manage-pathways; super and cluster admins hold every
 * right): the list page then links to the builder and the review queue. The server decides again on each call.
 */
export function useCanManagePathways(hubIdentifier: string): boolean {
  const me = useCurrentUser().data;
  if (me === undefined) return false;
  if (mayOpenAnyHub(me)) return true;
  return findMembership(me, hubIdentifier)?.accessRights.includes('manage-pathways') === true;
}
