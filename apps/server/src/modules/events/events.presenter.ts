import { webPaths, type TEventDetail, type TEventSummary } from '@commons/contract';
import type { TRequestContext } from '../../plugins/request-context.js';
import { presentAuthor } from '../content/content.presenter.js';
import type { TAuthorRow } from '../content/content.queries.js';
import type { TRegistrationRow } from './events.commands.js';
import { calendarLinks } from './events.ical.js';
import { isOrganizer, type TEventRow } from './events.policy.js';
import { eventOrganizer, myRegistrations } from './events.queries.js';

/** An event in a list, with the viewer's registration and abilities. */
export async function presentEventSummary(
  ctx: TRequestContext,
  event: TEventRow,
  organizer: TAuthorRow,
  registration: TRegistrationRow | undefined,
): Promise<TEventSummary> {
  const isOrganizing = await isOrganizer(ctx, event);
  const viewerId = ctx.viewer?.user.id ?? null;
  return {
    id: event.id,
    title: event.title,
    excerpt:
      event.descriptionText.length > 200 ? `${event.descriptionText.slice(0, 199)}…` : event.descriptionText,
    format: event.format,
    location: event.location,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    timeZone: event.timeZone,
    capacity: event.capacity,
    registeredCount: event.registeredCount,
    waitlistCount: event.waitlistCount,
    spotsLeft: event.capacity === null ? null : Math.max(0, event.capacity - event.registeredCount),
    status: event.status,
    groupId: event.groupId,
    myRegistration: registration && registration.status !== 'cancelled' ? registration.status : null,
    organizer: presentAuthor(organizer),
    can: {
      edit: isOrganizing,
      manage: isOrganizing,
      register: event.status === 'approved' && event.endsAt.getTime() > ctx.now.getTime(),
      report: viewerId !== null && event.createdByUserId !== viewerId,
    },
  };
}

/** The event page: the summary, the description, the virtual link for those inside, and add-to-calendar links. */
export async function presentEventDetail(
  ctx: TRequestContext,
  event: TEventRow,
  options: { publicUrl: string },
): Promise<TEventDetail> {
  const viewerId = ctx.requireViewer().user.id;
  const registration = (await myRegistrations(ctx.tx, { userId: viewerId, eventIds: [event.id] })).get(
    event.id,
  );
  const base = await presentEventSummary(ctx, event, await eventOrganizer(ctx.tx, event), registration);
  const isInside = base.can.manage || registration?.status === 'registered';
  const calendarEvent = {
    row: event,
    pageUrl: `${options.publicUrl}${webPaths.event(event.id)}`,
    virtualUrl: isInside ? event.virtualUrl : null,
    descriptionText: event.descriptionText,
  };
  return {
    ...base,
    description: event.description,
    virtualUrl: isInside ? event.virtualUrl : null,
    isApprovalRequired: event.isApprovalRequired,
    registrationQuestions: event.registrationQuestions,
    calendarLinks: calendarLinks(calendarEvent),
  };
}
