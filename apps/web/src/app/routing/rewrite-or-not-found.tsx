import { Navigate, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { rewritePath } from './rewrite-path';

/**
 * The catch-all route: an old or `-v2` address is replaced by its canonical form (spec 2 Rewrites);
 * anything else unknown goes to /404 (spec 2 Redirect rules).
 */
export function RewriteOrNotFound() {
  const location = useLocation();
  const canonical = rewritePath(location.pathname);
  if (canonical !== location.pathname) {
    return <Navigate replace to={{ pathname: canonical, search: location.search, hash: location.hash }} />;
  }
  return <Navigate replace to={paths.notFound()} />;
}
