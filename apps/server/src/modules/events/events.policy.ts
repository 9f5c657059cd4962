import { ZEventModuleSettings } from '@commons/contract';
import { isApprovedUser } from '@commons/domain';
import type { events } from '../../db/schema/index.js';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { getHubSettings } from '../hubs/hubs.queries.js';
import { canSeeGroup, groupRoles, requireGroupContent } from '../content/content.policy.js';
import { isAdmittedMember, isApprovedMember } from '../hubs/hubs.policy.js';
import { findHubEvent } from './events.queries.js';

export type TEventRow = typeof events.$inferSelect;

/** The hub's event settings (hub moduleSettings.events). */
export async function eventSettings(ctx: TRequestContext, hubId: number) {
  const settings = await getHubSettings(ctx.tx, hubId);
  return ZEventModuleSettings.parse(settings.moduleSettings['events'] ?? {});
}

async function isGroupAdminOf(ctx: TRequestContext, groupId: string | null): Promise<boolean> {
  if (groupId === null) return false;
  const role = (await groupRoles(ctx)).get(groupId);
  return Boolean(role?.isAdmin && !role.isViewOnlyAdmin);
}

/**
 * Who creates events, and in which state (issue #7 item 4): hub admins with manage-events publish
 * at once, group admins publish their group's events, and members propose events when the hub allows
 * it; a proposed event waits for an admin with approve-events.
 */
export async function creationStatus(
  ctx: TRequestContext,
  groupId: string | null,
): Promise<'approved' | 'pending'> {
  if (groupId !== null) await requireGroupContent(ctx, groupId);
  if (ctx.hasRight('manage-events') || (await isGroupAdminOf(ctx, groupId))) return 'approved';
  const m = ctx.membership;
  const settings = await eventSettings(ctx, ctx.requireHub().id);
  const isMember = Boolean(
    m && isApprovedUser({ importStatus: m.importStatus, signupStage: m.signupStage, approved: m.approved }),
  );
  if (!settings.canMembersCreate || !isMember) {
    throw new AppError({
      statusCode: 403,
      code: 'forbidden',
      message: 'Event creation not allowed',
      userMessage: 'Only event organisers can create events in this hub.',
    });
  }
  return ctx.hasRight('approve-events') ? 'approved' : 'pending';
}

/** Organisers manage an event: its creator, hub admins with manage-events, and (not view-only) admins of its group. */
export async function isOrganizer(ctx: TRequestContext, event: TEventRow): Promise<boolean> {
  const viewerId = ctx.viewer?.user.id ?? null;
  if (viewerId !== null && event.createdByUserId === viewerId) return true;
  if (ctx.hasRight('manage-events')) return true;
  return isGroupAdminOf(ctx, event.groupId);
}

/**
 * Whether the viewer sees the event: published and not hidden for members who may see its group
 * (spec 6 Group content: or who own it); proposals for their author, organisers and approvers.
 */
export async function canReadEvent(ctx: TRequestContext, event: TEventRow): Promise<boolean> {
  const isOwner = ctx.viewer !== null && event.createdByUserId === ctx.viewer.user.id;
  if (event.hiddenAt !== null && !ctx.hasRight('manage-events')) return false;
  if (event.status === 'pending' || event.status === 'rejected') {
    if (!isOwner && !ctx.hasRight('approve-events') && !ctx.hasRight('manage-events')) return false;
  }
  return canSeeGroup(ctx, event.groupId, { isOwner });
}

/**
 * What the events pages offer the viewer: whether they may create an event here (a refusal of
 * creationStatus means no), whether it waits for approval, and whether they approve others'.
 */
export async function eventCreationSettings(ctx: TRequestContext, groupId: string | null) {
  const canApprove = ctx.hasRight('approve-events');
  try {
    const status = await creationStatus(ctx, groupId);
    return { canCreate: true, isApprovalNeeded: status === 'pending', canApprove };
  } catch (error) {
    if (error instanceof AppError && (error.statusCode === 403 || error.statusCode === 404))
      return { canCreate: false, isApprovalNeeded: false, canApprove };
    throw error;
  }
}

/** The event of the request's hub, readable by the viewer, or 404. */
export async function requireReadableEvent(
  ctx: TRequestContext,
  id: string,
  options: { isLocked?: boolean } = {},
): Promise<TEventRow> {
  const event = await findHubEvent(ctx.tx, { hubId: ctx.requireHub().id, id, isLocked: options.isLocked });
  if (!event || !(await canReadEvent(ctx, event))) throw notFound('Event');
  return event;
}

/** The event, which the viewer organises, or 403/404. */
export async function requireOrganizedEvent(
  ctx: TRequestContext,
  id: string,
  options: { isLocked?: boolean } = {},
): Promise<TEventRow> {
  const event = await requireReadableEvent(ctx, id, options);
  if (!(await isOrganizer(ctx, event))) throw forbidden('Only the organisers of this event can do this.');
  return event;
}

/**
 * Whether the viewer may register for events of the hub: the rule of register's requireHubContributor
 * (an approved member, a hub admin or a cluster admin), as a flag for the presenter's `can.register`.
 */
export function canRegisterInHub(ctx: TRequestContext): boolean {
  if (ctx.isClusterAdmin()) return true;
  const m = ctx.membership;
  return Boolean(m && isAdmittedMember(m) && (m.isAdmin || isApprovedMember(m)));
}

/**
 * Whom the viewer sees among the people going to an event (the attendee preview of event cards), by the
 * profile rule of profiles.policy.ts: approved members and admins see the hub's visible members, admins
 * with explore-users also the hidden ones; everyone else sees only themselves.
 */
export function attendeePreviewAccess(ctx: TRequestContext): {
  canSeeOthers: boolean;
  canSeeHidden: boolean;
} {
  const canSeeHidden = ctx.hasRight('explore-users');
  const m = ctx.membership;
  const canSeeOthers =
    canSeeHidden || ctx.isClusterAdmin() || Boolean(m && (m.isAdmin || isApprovedMember(m)));
  return { canSeeOthers, canSeeHidden };
}
