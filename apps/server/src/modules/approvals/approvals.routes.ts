import {
  APPROVAL_PATHS,
  ZApprovalDecisionParams,
  ZApprovalDecisionRequest,
  ZApprovalDecisionResponse,
  ZApprovalQueueQuery,
  ZApprovalQueueResponse,
  ZErrorBody,
} from '@commons/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hubMemberships, users, userTypes } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { refreshDirectoryEntries } from '../directory/directory.commands.js';
import { deleteEventFeeds } from '../events/events.commands.js';
import { enqueueMail } from '../mail/mail.commands.js';
import type { TAppDeps } from '../../app-deps.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** Hub approval queue (issue #4 item 1): admins with approve-users approve or reject pending members. */
export function approvalRoutes(deps: Pick<TAppDeps, 'mail' | 'config'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      APPROVAL_PATHS.queue,
      {
        schema: {
          tags: ['approvals'],
          summary: 'Members of the hub waiting for approval, oldest first (approve-users)',
          querystring: ZApprovalQueueQuery,
          response: { 200: ZApprovalQueueResponse, ...errors },
        },
      },
      async (request) =>
        request.tenant({ auth: 'required', hub: 'required' }, async (ctx) => {
          const hub = ctx.requireHub();
          ctx.requireRight('approve-users');
          const cursor = decodeCursor(request.query.cursor);
          const rows = await ctx.tx
            .select({ membership: hubMemberships, user: users, userType: userTypes })
            .from(hubMemberships)
            .innerJoin(users, eq(users.id, hubMemberships.userId))
            .leftJoin(userTypes, eq(userTypes.id, hubMemberships.userTypeId))
            .where(
              and(
                eq(hubMemberships.hubId, hub.id),
                isNull(hubMemberships.approved),
                isNull(users.deleteRequestedAt),
                cursor ? sql`(${hubMemberships.createdAt}, ${hubMemberships.id}) > (${new Date(cursor.at)}, ${cursor.id}::uuid)` : undefined,
              ),
            )
            .orderBy(asc(hubMemberships.createdAt), asc(hubMemberships.id))
            .limit(request.query.limit + 1);
          const page = rows.slice(0, request.query.limit);
          const last = page.at(-1);
          return {
            items: page.map((r) => ({
              userId: r.user.id,
              identifier: r.user.identifier,
              fullName: `${r.user.firstName} ${r.user.lastName}`,
              email: r.user.email,
              userType: r.userType ? { id: r.userType.id, title: r.userType.title } : null,
              requestedAt: r.membership.createdAt.toISOString(),
            })),
            nextCursor:
              rows.length > request.query.limit && last
                ? encodeCursor({ at: last.membership.createdAt.toISOString(), id: last.membership.id })
                : null,
          };
        }),
    );

    app.post(
      APPROVAL_PATHS.decide,
      {
        schema: {
          tags: ['approvals'],
          summary: 'Approve or reject a member of the hub; the member is told by email',
          params: ZApprovalDecisionParams,
          body: ZApprovalDecisionRequest,
          response: { 200: ZApprovalDecisionResponse, ...errors },
        },
      },
      async (request) => {
        const result = await request.tenant({ auth: 'required', hub: 'required' }, async (ctx) => {
          const hub = ctx.requireHub();
          ctx.requireRight('approve-users');
          const isApproved = request.body.decision === 'approve';
          const [row] = await ctx.tx
            .select({ membershipId: hubMemberships.id, email: users.email, firstName: users.firstName })
            .from(hubMemberships)
            .innerJoin(users, eq(users.id, hubMemberships.userId))
            .where(and(eq(hubMemberships.hubId, hub.id), eq(hubMemberships.userId, request.params.userId)))
            .limit(1);
          if (!row) throw notFound('Member');
          await ctx.tx.update(hubMemberships).set({ approved: isApproved }).where(eq(hubMemberships.id, row.membershipId));
          if (!isApproved) await deleteEventFeeds(ctx.tx, { userId: request.params.userId, hubId: hub.id });
          await refreshDirectoryEntries(ctx.tx, request.params.userId);
          await enqueueMail(ctx.tx, ctx.clusterId, {
            to: row.email,
            subject: isApproved ? `Welcome to ${hub.name}` : `Your request to join ${hub.name}`,
            text: isApproved
              ? `Hi ${row.firstName},\n\nYour membership of ${hub.name} on Commons was approved. Sign in to get started:\n${deps.config.publicUrl}/hub/${hub.identifier}/\n`
              : `Hi ${row.firstName},\n\nYour request to join ${hub.name} on Commons was not approved. If you think this is a mistake, please contact the hub's administrators.\n`,
          });
          await ctx.audit({ action: isApproved ? 'membership.approve' : 'membership.reject', targetType: 'user', targetId: request.params.userId });
          return { userId: request.params.userId, approved: isApproved };
        });
        deps.mail.kick();
        return result;
      },
    );
  };
}
