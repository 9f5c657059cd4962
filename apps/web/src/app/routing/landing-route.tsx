import { Navigate } from 'react-router';
import { LoadingState } from '../../components/loading-state';
import { paths } from '../../config/paths';
import { usePublicLandingPage } from '../../features/cluster-admin/api/cluster-admin';
import { useHostHub } from '../../features/cluster-admin/api/domains';
import { ClusterLanding } from '../../features/cluster-admin/pages/cluster-landing';
import { LandingPage } from '../../features/system/pages/landing-page';
import { useSession } from '../../lib/session';

/**
 * `/` (issue #23 item 2): visitors see their cluster's own landing page when its admins wrote one, else the default
 * page, which also sends signed-in users on to their home. The app composes the two features. On a hub's own
 * verified domain, visitors land on that hub instead.
 */
export function LandingRoute() {
  const isSignedIn = useSession().token !== null;
  const cluster = usePublicLandingPage(!isSignedIn);
  const hostHub = useHostHub(!isSignedIn);
  if (isSignedIn) return <LandingPage />;
  if (cluster.isPending || hostHub.isPending) return <LoadingState />;
  const hub = hostHub.data?.hub ?? null;
  if (hub !== null) return <Navigate to={paths.hub.home(hub.identifier)} replace />;
  const page = cluster.data?.landingPage ?? null;
  return page === null ? <LandingPage /> : <ClusterLanding page={page} />;
}
