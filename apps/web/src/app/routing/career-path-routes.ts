/**
 * The route pages of career paths (issue #20 item 2): browse and search, one career path, and managing them.
 * The route table imports this small module lazily and it imports each page in turn, so these pages cost the
 * app's first JavaScript one entry (issue #17's budget), as advising-routes.ts does.
 */
import { lazyPage } from '../lazy-page';

/** Each page's loader, as React Router's `lazy` wants it. */
export const careerPathRoutePages = {
  list: lazyPage(() => import('../../features/career-paths/pages/career-paths-page'), 'CareerPathsPage'),
  detail: lazyPage(() => import('../../features/career-paths/pages/career-path-page'), 'CareerPathPage'),
  admin: lazyPage(
    () => import('../../features/career-paths/pages/career-paths-admin-page'),
    'CareerPathsAdminPage',
  ),
};
export type TCareerPathRoutePage = keyof typeof careerPathRoutePages;
