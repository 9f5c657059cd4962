/**
 * The route pages of the job board, its admin screens and experiential learning (issue #19). The route table
 * imports this small module lazily and it imports each page in turn: every lazy import the route table itself
 * holds adds the page's whole chunk list to the app's first JavaScript (issue #17's budget), so these pages
 * cost one entry there instead of one each. The app shell composes the two features here (features never
 * import each other). No loader prefetches the board's data: its few bytes in the route table did not fit the
 * budget; the page starts its queries when it renders.
 */
import { lazyPage } from '../lazy-page';

/** Each page's loader, as React Router's `lazy` wants it. */
export const jobRoutePages = {
  board: lazyPage(() => import('../../features/jobs/pages/job-board-page'), 'JobBoardPage'),
  detail: lazyPage(() => import('../../features/jobs/pages/job-detail-page'), 'JobDetailPage'),
  post: lazyPage(() => import('../../features/jobs/pages/post-job-page'), 'PostJobPage'),
  unsubscribe: lazyPage(
    () => import('../../features/jobs/pages/job-alert-unsubscribe-page'),
    'JobAlertUnsubscribePage',
  ),
  admin: lazyPage(() => import('./job-admin-route'), 'JobAdminRoute'),
  experientialLearning: lazyPage(
    () => import('../../features/experiential-learning/pages/experiential-learning-page'),
    'ExperientialLearningPage',
  ),
};
export type TJobRoutePage = keyof typeof jobRoutePages;
