import { useParams } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { pickCurrentMembership } from '../../lib/hub-membership';
import { useSession } from '../../lib/session';

/**
 * The hub advising acts on: the path's hub on hub pages (site administration), else the hub cluster pages take
 * from the session (INTERPRETATION.md URLs: /advising is a cluster page). '' until the user is known.
 */
export function useAdvisingHub(): string {
  const { identifier } = useParams();
  const { currentHub } = useSession();
  const me = useCurrentUser();
  if (identifier !== undefined && identifier !== '') return identifier;
  if (me.data === undefined) return currentHub ?? '';
  return pickCurrentMembership(me.data, currentHub)?.hub.identifier ?? '';
}
