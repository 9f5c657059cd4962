import { webPaths, type TEventDetail, type TEventSummary } from '@commons/contract';
import type { TRequestContext } from '../../plugins/request-context.js';
import { presentAuthor } from '../content/content.presenter.js';
import type { TAuthorRow } from '../content/content.queries.js';
import type { TRegistrationRow } from './events.commands.js';
import { calendarLinks } from './events.ical.js';
import { mapInSeries } from '../../db/in-series.js';
import { attendeePreviewAccess, canRegisterInHub, isOrganizer, type TEventRow } from './events.policy.js';
import { attendeePreviews, eventOrganizer, myRegistrations } from './events.queries.js';

/** What an event in a list is presented from: the row, its organiser, the viewer's registration and who goes. */
export type TEventSummarySource = {
  event: TEventRow;
  organizer: TAuthorRow;
  registration: TRegistrationRow | undefined;
  /** A few of the people going whom the viewer may see (events.queries.ts attendeePreviews). */
  attendees: NonNullable<TAuthorRow>[];
};

/** An event in a list, with the viewer's registration, a preview of who goes, and the viewer's abilities. */
export async function presentEventSummary(
  ctx: TRequestContext,
  source: TEventSummarySource,
): Promise<TEventSummary> {
  const { event, organizer, registration } = source;
  const isOrganizing = await isOrganizer(ctx, event);
  const viewerId = ctx.viewer?.user.id ?? null;
  return {
    id: event.id,
    title: event.title,
    excerpt:
      event.descriptionText.length > 200 ? `${event.descriptionText.slice(0, 199)}…` : event.descriptionText,
    format: event.format,
    location: event.location,
    coverImageUrl: event.coverImageUrl,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    timeZone: event.timeZone,
    capacity: event.capacity,
    registeredCount: event.registeredCount,
    waitlistCount: event.waitlistCount,
    spotsLeft: event.capacity === null ? null : Math.max(0, event.capacity - event.registeredCount),
    status: event.status,
    groupId: event.groupId,
    isApprovalRequired: event.isApprovalRequired,
    hasRequiredQuestions: event.registrationQuestions.some((q) => q.isRequired),
    myRegistration: registration && registration.status !== 'cancelled' ? registration.status : null,
    organizer: presentAuthor(organizer),
    attendeePreview: source.attendees.flatMap((a) => presentAuthor(a) ?? []),
    can: {
      edit: isOrganizing,
      manage: isOrganizing,
      register:
        event.status === 'approved' && event.endsAt.getTime() > ctx.now.getTime() && canRegisterInHub(ctx),
      report: viewerId !== null && event.createdByUserId !== viewerId,
    },
  };
}

/** The events of a list page presented in one go: one query for the attendee previews of all of them. */
export async function presentEventSummaries(
  ctx: TRequestContext,
  rows: Array<{ event: TEventRow; organizer: TAuthorRow }>,
  registrations: Map<string, TRegistrationRow>,
): Promise<TEventSummary[]> {
  const previews = await attendeePreviews(ctx.tx, {
    hubId: ctx.requireHub().id,
    eventIds: rows.map((r) => r.event.id),
    viewerId: ctx.requireViewer().user.id,
    ...attendeePreviewAccess(ctx),
  });
  return mapInSeries(rows, (r) =>
    presentEventSummary(ctx, {
      ...r,
      registration: registrations.get(r.event.id),
      attendees: previews.get(r.event.id) ?? [],
    }),
  );
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
  const [base] = await presentEventSummaries(
    ctx,
    [{ event, organizer: await eventOrganizer(ctx.tx, event) }],
    registration ? new Map([[event.id, registration]]) : new Map(),
  );
  if (!base) throw new Error('the presented event went missing');
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
    registrationQuestions: event.registrationQuestions,
    calendarLinks: calendarLinks(calendarEvent),
  };
}
