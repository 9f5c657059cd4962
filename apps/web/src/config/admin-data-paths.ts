/**
 * The hub's reports and data screens (issue #22 items 4 and 5): their route patterns for the route table and their
 * builders, kept here (as admin-people-paths.ts does) so only the site-admin index and these pages load them.
 */
import { HUB_SEGMENT } from '@commons/contract';

/** Route patterns under the hub's routes. */
export const ADMIN_DATA_ROUTES = {
  /** Engagement charts with CSV downloads (rights reports or analytics). */
  analytics: 'site-admin/analytics',
  /** CSV exports (export-data) and the users CSV import (import-data). */
  data: 'site-admin/data',
} as const;

const hubChild = (identifier: string, child: string) =>
  `/${HUB_SEGMENT}/${encodeURIComponent(identifier)}/${child}`;

/** Builders of the reports and data screens' URLs. */
export const adminDataPaths = {
  analytics: (identifier: string) => hubChild(identifier, ADMIN_DATA_ROUTES.analytics),
  data: (identifier: string) => hubChild(identifier, ADMIN_DATA_ROUTES.data),
};
