import { LoadingState } from '../../components/loading-state';
import { usePublicLandingPage } from '../../features/cluster-admin/api/cluster-admin';
import { ClusterLanding } from '../../features/cluster-admin/pages/cluster-landing';
import { LandingPage } from '../../features/system/pages/landing-page';
import { useSession } from '../../lib/session';

/**
 * `/` (issue #23 item 2): visitors see their cluster's own landing page when its admins wrote one, else the default
 * page, which also sends signed-in users on to their home. The app composes the two features.
 */
export function LandingRoute() {
  const isSignedIn = useSession().token !== null;
  const cluster = usePublicLandingPage(!isSignedIn);
  if (isSignedIn) return <LandingPage />;
  if (cluster.isPending) return <LoadingState />;
  const page = cluster.data?.landingPage ?? null;
  return page === null ? <LandingPage /> : <ClusterLanding page={page} />;
}
