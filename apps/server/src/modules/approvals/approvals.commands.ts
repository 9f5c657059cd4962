import { and, eq } from 'drizzle-orm';
import { hubMemberships, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { refreshDirectoryEntries } from '../directory/directory.commands.js';
import { deleteEventFeeds } from '../events/events.commands.js';
import { sendAutoGreeting } from '../hub-welcome/hub-welcome.commands.js';
import { enqueueTemplatedMail } from '../mail/mail.commands.js';
import { enqueueWebhookEvent } from '../webhooks/webhooks.events.js';

/**
 * Approves or rejects a member of the request's hub (spec 4 Approval): updates the membership, drops a
 * rejected member's event feeds, refreshes the directory, queues the mail that tells them, and audits.
 */
export async function decideApproval(
  ctx: TRequestContext,
  input: { userId: string; isApproved: boolean; publicUrl: string },
): Promise<void> {
  const hub = ctx.requireHub();
  const { userId, isApproved } = input;
  const [row] = await ctx.tx
    .select({
      membershipId: hubMemberships.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(hubMemberships)
    .innerJoin(users, eq(users.id, hubMemberships.userId))
    .where(and(eq(hubMemberships.hubId, hub.id), eq(hubMemberships.userId, userId)))
    .limit(1);
  if (!row) throw notFound('Member');
  await ctx.tx
    .update(hubMemberships)
    .set({ approved: isApproved })
    .where(eq(hubMemberships.id, row.membershipId));
  if (!isApproved) await deleteEventFeeds(ctx.tx, { userId, hubId: hub.id });
  await refreshDirectoryEntries(ctx.tx, userId);
  await enqueueTemplatedMail(
    ctx.tx,
    ctx.clusterId,
    isApproved
      ? {
          to: row.email,
          template: 'membership-approved',
          values: {
            firstName: row.firstName,
            hubName: hub.name,
            hubLink: `${input.publicUrl}/hub/${hub.identifier}/`,
          },
        }
      : {
          to: row.email,
          template: 'membership-declined',
          values: { firstName: row.firstName, hubName: hub.name },
        },
  );
  // A member approved after completing signup gets the hub's auto-greeting, once (issue #22 item 1).
  if (isApproved) await sendAutoGreeting(ctx, { hubId: hub.id, userId });
  if (isApproved)
    await enqueueWebhookEvent(ctx.tx, {
      type: 'membership.approved',
      data: {
        user: { id: userId, firstName: row.firstName, lastName: row.lastName, email: row.email },
        hub: hub.identifier,
      },
      now: ctx.now,
    });
  await ctx.audit({
    action: isApproved ? 'membership.approve' : 'membership.reject',
    targetType: 'user',
    targetId: userId,
  });
}
