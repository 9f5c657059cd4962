/**
 * The route pages of pathways (issue #20 item 1): the list, a pathway's overview, one step, the review queue and
 * the admin screens (the hub's pathways and the library, the builder). The route table imports this small module
 * lazily and it imports each page in turn, so these pages cost the app's first JavaScript one entry instead of
 * one each (issue #17's budget), as job-routes.ts does for the job board.
 */
import { lazyPage } from '../lazy-page';

/** Each page's loader, as React Router's `lazy` wants it. */
export const pathwayRoutePages = {
  list: lazyPage(() => import('../../features/pathways/pages/pathways-page'), 'PathwaysPage'),
  pathway: lazyPage(() => import('../../features/pathways/pages/pathway-page'), 'PathwayPage'),
  step: lazyPage(() => import('../../features/pathways/pages/pathway-step-page'), 'PathwayStepPage'),
  reviews: lazyPage(() => import('../../features/pathways/pages/pathway-reviews-page'), 'PathwayReviewsPage'),
  admin: lazyPage(() => import('../../features/pathways/pages/pathways-admin-page'), 'PathwaysAdminPage'),
  builder: lazyPage(() => import('../../features/pathways/pages/pathway-builder-page'), 'PathwayBuilderPage'),
};
export type TPathwayRoutePage = keyof typeof pathwayRoutePages;
