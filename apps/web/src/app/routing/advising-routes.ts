/**
 * The route pages of advising (issue #21): quick booking, the advisers, my appointments, an adviser's own
 * hours and the advising admin screens. The route table imports this small module lazily and it imports each
 * page in turn, so these pages cost the app's first JavaScript one entry instead of one each (issue #17's
 * budget), as job-routes.ts does for the job board.
 */
import { lazyPage } from '../lazy-page';

/** Each page's loader, as React Router's `lazy` wants it. */
export const advisingRoutePages = {
  quickBook: lazyPage(() => import('../../features/advising/pages/quick-book-page'), 'QuickBookPage'),
  people: lazyPage(() => import('../../features/advising/pages/advisers-page'), 'AdvisersPage'),
  appointments: lazyPage(() => import('../../features/advising/pages/appointments-page'), 'AppointmentsPage'),
  availability: lazyPage(
    () => import('../../features/advising/pages/my-availability-page'),
    'MyAvailabilityPage',
  ),
  admin: lazyPage(() => import('../../features/advising/pages/advising-admin-page'), 'AdvisingAdminPage'),
  adminAdviser: lazyPage(
    () => import('../../features/advising/pages/adviser-admin-page'),
    'AdviserAdminPage',
  ),
};
export type TAdvisingRoutePage = keyof typeof advisingRoutePages;
