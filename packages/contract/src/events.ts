import { z } from 'zod';
import { defineEndpoint, type TEndpointAuth, type TEndpointHub, type TErrorStatus } from './endpoint.js';
import { multiLineText, singleLineText, ZId, ZIsoDateTime, ZPageQuery, zPage, ZUuid } from './common.js';
import { ZPostAuthor } from './discussions.js';
import { ZCoverImageUrl, ZRichTextInput } from './rich-text.js';

export const EVENT_FORMATS = ['inPerson', 'virtual', 'hybrid'] as const;
export const ZEventFormat = z.enum(EVENT_FORMATS);
export type TEventFormat = z.infer<typeof ZEventFormat>;
export const ZEventStatus = z.enum(['pending', 'approved', 'rejected', 'cancelled']);
export const ZRegistrationStatus = z.enum(['pending', 'registered', 'waitlisted', 'declined', 'cancelled']);
export type TRegistrationStatus = z.infer<typeof ZRegistrationStatus>;

export const ZRegistrationQuestion = z.object({ id: z.string(), label: z.string(), isRequired: z.boolean() });
export type TRegistrationQuestion = z.infer<typeof ZRegistrationQuestion>;
/** A registration question as the organiser writes it (the response keeps plain strings for older rows). */
export const ZRegistrationQuestionInput = z.object({
  id: singleLineText().min(1).max(40),
  label: singleLineText().min(1).max(200),
  isRequired: z.boolean().default(false),
});

/** What the viewer may do with an event, computed by the server. */
export const ZEventAbilities = z.object({
  edit: z.boolean(),
  manage: z.boolean(),
  register: z.boolean(),
  report: z.boolean(),
});

export const ZEventSummary = z.object({
  id: ZId,
  title: z.string(),
  excerpt: z.string(),
  format: ZEventFormat,
  location: z.string().nullable(),
  /** A preset or uploaded cover (issue #16 item 18); null when the event has none. */
  coverImageUrl: z.string().nullable(),
  startsAt: ZIsoDateTime,
  endsAt: ZIsoDateTime,
  timeZone: z.string(),
  capacity: z.number().int().nullable(),
  registeredCount: z.number().int(),
  waitlistCount: z.number().int(),
  /** Places left; null when unlimited. */
  spotsLeft: z.number().int().nullable(),
  status: ZEventStatus,
  groupId: ZId.nullable(),
  /** Registrations wait for the organiser ("Request to join"). */
  isApprovalRequired: z.boolean(),
  /** Registering needs answers: a card sends people to the event page's form instead of registering. */
  hasRequiredQuestions: z.boolean(),
  myRegistration: ZRegistrationStatus.nullable(),
  organizer: ZPostAuthor.nullable(),
  /**
   * A few of the people going (registered), in registration order, limited to those the viewer may see
   * (themselves; visible members of the hub for approved members and admins). registeredCount counts all.
   */
  attendeePreview: z.array(ZPostAuthor),
  can: ZEventAbilities,
});
export type TEventSummary = z.infer<typeof ZEventSummary>;

export const ZEventDetail = ZEventSummary.extend({
  description: z.string(),
  /** The link to join; only for registered attendees and organisers. */
  virtualUrl: z.string().nullable(),
  registrationQuestions: z.array(ZRegistrationQuestion),
  calendarLinks: z.object({ google: z.string(), outlook: z.string() }),
});
export type TEventDetail = z.infer<typeof ZEventDetail>;
export const ZEventResponse = z.object({ event: ZEventDetail });

export const ZEventListQuery = ZPageQuery.extend({
  when: z.enum(['upcoming', 'past', 'mine']).default('upcoming'),
  groupId: ZUuid.optional(),
  q: z.string().max(200).optional(),
});
export const ZEventListResponse = zPage(ZEventSummary);
export type TEventListResponse = z.infer<typeof ZEventListResponse>;

/** A new event: the instants carry an offset; `timeZone` is the IANA zone it is planned in. */
export const ZCreateEventRequest = z.object({
  title: singleLineText().min(3, 'Please give the event a title.').max(200),
  description: ZRichTextInput.default(''),
  format: ZEventFormat,
  location: singleLineText().max(300).optional(),
  virtualUrl: z.string().trim().max(2048).optional(),
  /** null (or leaving it out) shows no cover. */
  coverImageUrl: ZCoverImageUrl.nullable().optional(),
  startsAt: ZIsoDateTime,
  endsAt: ZIsoDateTime,
  timeZone: z.string().min(1).max(64),
  capacity: z.number().int().min(1).max(100_000).nullable().default(null),
  isApprovalRequired: z.boolean().default(false),
  registrationQuestions: z.array(ZRegistrationQuestionInput).max(10).default([]),
  groupId: ZUuid.optional(),
});
export type TCreateEventRequest = z.infer<typeof ZCreateEventRequest>;
export const ZUpdateEventRequest = ZCreateEventRequest.partial().extend({
  status: z.enum(['cancelled']).optional(),
});
export type TUpdateEventRequest = z.infer<typeof ZUpdateEventRequest>;

export const ZRegisterRequest = z.object({
  answers: z.record(z.string(), multiLineText({ isTrimmed: false }).max(2000)).default({}),
});
export const ZRegistrationDecisionRequest = z.object({ decision: z.enum(['approve', 'decline']) });
export const ZEventDecisionRequest = z.object({ decision: z.enum(['approve', 'reject']) });
export const ZMyRegistrationResponse = z.object({ status: ZRegistrationStatus, event: ZEventDetail });

export const ZAttendee = z.object({
  id: ZId,
  user: ZPostAuthor,
  email: z.string(),
  status: ZRegistrationStatus,
  answers: z.record(z.string(), z.string()),
  checkedInAt: ZIsoDateTime.nullable(),
  registeredAt: ZIsoDateTime,
});
export type TAttendee = z.infer<typeof ZAttendee>;
export const ZAttendeeList = z.object({ items: z.array(ZAttendee) });
export const ZEventParams = z.object({ id: z.string().uuid() });
export const ZRegistrationParams = z.object({ id: z.string().uuid(), registrationId: z.string().uuid() });
export const ZCheckInRequest = z.object({ isCheckedIn: z.boolean().default(true) });
export const ZFeedUrlResponse = z.object({ url: z.string() });
export const ZFeedParams = z.object({ token: z.string().max(100) });

/** Hub module settings of events (hub settings moduleSettings.events). */
export const ZEventModuleSettings = z
  .object({ canMembersCreate: z.boolean().default(false) })
  .catch({ canMembersCreate: false });
export const ZEventListPageQuery = ZPageQuery;

/** What the viewer may do on the events pages of the hub (or of a group with groupId). */
export const ZEventSettings = z.object({
  canCreate: z.boolean(),
  isApprovalNeeded: z.boolean(),
  canApprove: z.boolean(),
});
export type TEventSettings = z.infer<typeof ZEventSettings>;

/** Query of the event settings: the group whose creation rights are asked, if any. */
export const ZEventSettingsQuery = z.object({ groupId: z.string().uuid().optional() });
export const ZRegistrationDecisionResponse = z.object({ status: z.string() });
export const ZCheckInResponse = z.object({ checkedInAt: z.string().nullable() });

/** What most event endpoints share: a signed-in member of the request's hub. */
const MEMBER = {
  tag: 'events',
  errors: [400, 401, 403, 404, 409] as readonly TErrorStatus[],
  auth: 'required' as TEndpointAuth,
  hub: 'required' as TEndpointHub,
} as const;

/** Events (issue #7 item 4): create, list, register with capacity and waitlist, organise, calendars. */
export const EVENT_ENDPOINTS = {
  list: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/events',
    operationId: 'listEvents',
    summary: 'Upcoming, past or my events of the hub or a group',
    query: ZEventListQuery,
    response: ZEventListResponse,
  }),
  create: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: '/api/events',
    operationId: 'createEvent',
    summary:
      'Create an event (manage-events, group admins, or members when the hub allows: then approve-events)',
    body: ZCreateEventRequest,
    response: ZEventResponse,
    status: 201,
  }),
  settings: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/events/settings',
    operationId: 'getEventSettings',
    summary: 'Whether the viewer may create events here, and whether they wait for approval',
    query: ZEventSettingsQuery,
    response: ZEventSettings,
  }),
  approvals: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/events/approvals',
    operationId: 'listEventApprovals',
    summary: 'Events waiting for approval (approve-events)',
    response: ZEventListResponse,
  }),
  feedUrl: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/events/feed-url',
    operationId: 'getEventFeedUrl',
    summary: 'My private calendar feed URL of the hub’s events and mine (subscribe in a calendar app)',
    response: ZFeedUrlResponse,
  }),
  rotateFeedUrl: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: '/api/events/feed-url/rotate',
    operationId: 'rotateEventFeedUrl',
    summary: 'Replace my private calendar feed URL of the hub (the old URL stops working)',
    response: ZFeedUrlResponse,
  }),
  feed: defineEndpoint({
    method: 'GET',
    path: '/api/event-feeds/:token',
    operationId: 'getEventCalendarFeed',
    summary:
      'A subscribed calendar feed (the token is the secret; no sign-in); it works while its owner is an approved member of the hub',
    tag: 'events',
    params: ZFeedParams,
    response: null,
    produces: ['text/calendar'],
    errors: [400, 404],
    auth: 'public',
    hub: 'none',
  }),
  get: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/events/:id',
    operationId: 'getEvent',
    summary: 'An event with the viewer’s registration and add-to-calendar links',
    params: ZEventParams,
    response: ZEventResponse,
  }),
  update: defineEndpoint({
    ...MEMBER,
    method: 'PATCH',
    path: '/api/events/:id',
    operationId: 'updateEvent',
    summary: 'Edit or cancel an event (organisers)',
    params: ZEventParams,
    body: ZUpdateEventRequest,
    response: ZEventResponse,
  }),
  decide: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: '/api/events/:id/decision',
    operationId: 'decideEvent',
    summary: 'Publish or reject a proposed event (approve-events)',
    params: ZEventParams,
    body: ZEventDecisionRequest,
    response: ZEventResponse,
  }),
  register: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: '/api/events/:id/registrations',
    operationId: 'registerForEvent',
    summary: 'Register for an event: registered, waitlisted when full, or waiting for the organiser',
    params: ZEventParams,
    body: ZRegisterRequest,
    response: ZMyRegistrationResponse,
    status: 201,
  }),
  cancelRegistration: defineEndpoint({
    ...MEMBER,
    method: 'DELETE',
    path: '/api/events/:id/registrations/me',
    operationId: 'cancelEventRegistration',
    summary: 'Cancel my registration; a freed place goes to the waitlist',
    params: ZEventParams,
    response: ZEventResponse,
  }),
  attendees: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/events/:id/registrations',
    operationId: 'listEventAttendees',
    summary: 'Attendees with their answers and check-in (organisers)',
    params: ZEventParams,
    response: ZAttendeeList,
  }),
  decideRegistration: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: '/api/events/:id/registrations/:registrationId',
    operationId: 'decideEventRegistration',
    summary: 'Approve or decline a registration (organisers)',
    params: ZRegistrationParams,
    body: ZRegistrationDecisionRequest,
    response: ZRegistrationDecisionResponse,
  }),
  checkIn: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: '/api/events/:id/registrations/:registrationId/check-in',
    operationId: 'checkInEventAttendee',
    summary: 'Check an attendee in (organisers)',
    params: ZRegistrationParams,
    body: ZCheckInRequest,
    response: ZCheckInResponse,
  }),
  attendeesCsv: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/events/:id/attendees.csv',
    operationId: 'exportEventAttendees',
    summary: 'Attendee list as CSV (organisers)',
    params: ZEventParams,
    response: null,
    produces: ['text/csv'],
  }),
  inviteIcs: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/events/:id/invite.ics',
    operationId: 'getEventInvite',
    summary: 'The event as an .ics file for any calendar',
    params: ZEventParams,
    response: null,
    produces: ['text/calendar'],
  }),
};
