import type { TRequestContext } from '../../plugins/request-context.js';
import { forbidden } from '../../lib/app-error.js';

/**
 * Who may use the hub's reports, exports and imports (spec 6 hub access groups; issue #22 items 4 and 5): a hub
 * admin holding the named right, or a cluster or super admin (ctx.hasRight is the domain's hasAccessRight).
 */
export function requireAnalyticsReader(ctx: TRequestContext): void {
  ctx.requireHub();
  if (!ctx.hasRight('analytics') && !ctx.hasRight('reports'))
    throw forbidden('Reports and analytics need the reports or analytics right in this hub.');
}

export function requireDataExporter(ctx: TRequestContext): void {
  ctx.requireHub();
  if (!ctx.hasRight('export-data')) throw forbidden('Exporting the hub’s data needs the export-data right.');
}

export function requireDataImporter(ctx: TRequestContext): void {
  ctx.requireHub();
  if (!ctx.hasRight('import-data')) throw forbidden('Importing members needs the import-data right.');
}
