import { ADMIN_APPROVAL_ENDPOINTS, APPROVAL_KIND_RIGHTS, APPROVAL_KINDS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { forbidden, validationError } from '../../lib/app-error.js';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import { bulkDecide } from './admin-approvals.commands.js';
import { pendingApprovals } from './admin-approvals.queries.js';

/** The one approvals page (issue #22 item 2): each kind for admins holding its right (spec 6). */
export function adminApprovalRoutes(deps: Pick<TAppDeps, 'mail' | 'config'>): FastifyPluginAsync {
  return async (app) => {
    tenantRoute(app, ADMIN_APPROVAL_ENDPOINTS.list, async (ctx, { query }) => {
      ctx.requireHub();
      const kinds = APPROVAL_KINDS.filter((kind) => ctx.hasRight(APPROVAL_KIND_RIGHTS[kind]));
      if (kinds.length === 0)
        throw forbidden('Only admins who approve members or content can open approvals.');
      ctx.requireRight(APPROVAL_KIND_RIGHTS[query.kind]);
      if (query.from && query.to && query.from > query.to)
        throw validationError({ to: 'The last day is before the first day.' });
      const page = await pendingApprovals(ctx, query.kind, {
        q: query.q || undefined,
        from: query.from,
        to: query.to,
        cursor: query.cursor,
        limit: query.limit,
      });
      return { ...page, kinds };
    });

    // The mail relay is kicked after the transaction commits, so route() with its own tenant transaction.
    route(app, ADMIN_APPROVAL_ENDPOINTS.bulk, async ({ request, body }) => {
      const response = await request.tenant(tenantOptionsOf(ADMIN_APPROVAL_ENDPOINTS.bulk), (ctx) =>
        bulkDecide(ctx, { ...body, publicUrl: deps.config.publicUrl }),
      );
      deps.mail.kick();
      return response;
    });
  };
}
