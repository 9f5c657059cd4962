import { APPROVAL_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { TAppDeps } from '../../app-deps.js';
import { route, tenantOptionsOf, tenantRoute } from '../../plugins/route.js';
import { decideApproval } from './approvals.commands.js';
import { listPendingMembers } from './approvals.queries.js';

/** Hub approval queue (issue #4 item 1): admins with approve-users approve or reject pending members. */
export function approvalRoutes(deps: Pick<TAppDeps, 'mail' | 'config'>): FastifyPluginAsync {
  return async (app) => {
    tenantRoute(app, APPROVAL_ENDPOINTS.queue, async (ctx, { query }) => {
      const hub = ctx.requireHub();
      ctx.requireRight('approve-users');
      const { rows, nextCursor } = await listPendingMembers(ctx, hub.id, query);
      return {
        items: rows.map((r) => ({
          userId: r.user.id,
          identifier: r.user.identifier,
          fullName: `${r.user.firstName} ${r.user.lastName}`,
          email: r.user.email,
          userType: r.userType ? { id: r.userType.id, title: r.userType.title } : null,
          requestedAt: r.membership.createdAt.toISOString(),
        })),
        nextCursor,
      };
    });

    // The mail relay is kicked after the transaction commits, so route() with its own tenant transaction.
    route(app, APPROVAL_ENDPOINTS.decide, async ({ request, params, body }) => {
      const isApproved = body.decision === 'approve';
      await request.tenant(tenantOptionsOf(APPROVAL_ENDPOINTS.decide), async (ctx) => {
        ctx.requireHub();
        ctx.requireRight('approve-users');
        await decideApproval(ctx, { userId: params.userId, isApproved, publicUrl: deps.config.publicUrl });
      });
      deps.mail.kick();
      return { userId: params.userId, approved: isApproved };
    });
  };
}
