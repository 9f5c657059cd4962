import { ADVISING_STATUSES, MEETING_MEDIUMS, MEETING_STATUSES } from '@commons/domain';
import { z } from 'zod';
import { multiLineText, singleLineText, ZId, ZIsoDateTime } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { ZThreadParams } from './inbox.js';

/** Meeting actions that POST to /api/meetings/{id}/{action}. */
export const MEETING_ACTIONS = ['accept', 'propose', 'reject', 'cancel', 'complete', 'no-show'] as const;
export type TMeetingAction = (typeof MEETING_ACTIONS)[number];

export const ZMeetingMedium = z.enum(MEETING_MEDIUMS);
export const ZMeetingStatus = z.enum(MEETING_STATUSES);

/** Meeting lengths offered, in minutes (shown in hours and minutes, spec 9). */
export const MEETING_DURATIONS = [15, 30, 45, 60, 90, 120] as const;
/** Most proposed times in one request or counter-proposal. */
export const MAX_PROPOSED_TIMES = 5;
/** Meeting slot steps (spec 5 Meeting slots: every 30 minutes, 15 optional). */
export const MEETING_SLOT_STEPS = [30, 15] as const;

const ZTimeZone = z.string().min(1).max(64);
const ZProposedTimes = z.array(ZIsoDateTime).max(MAX_PROPOSED_TIMES);
const ZNote = multiLineText().max(1000);

export const ZCreateMeetingRequest = z.object({
  medium: ZMeetingMedium,
  durationMinutes: z
    .number()
    .int()
    .refine(
      (n) => (MEETING_DURATIONS as readonly number[]).includes(n),
      'Choose one of the offered meeting lengths.',
    ),
  proposedTimes: ZProposedTimes,
  /** The requester's time zone, in which they picked the times. */
  timezone: ZTimeZone,
  location: singleLineText().max(500).optional(),
  phone: singleLineText().max(40).optional(),
  note: ZNote.optional(),
});
export type TCreateMeetingRequest = z.infer<typeof ZCreateMeetingRequest>;

export const ZAcceptMeetingRequest = z.object({ time: ZIsoDateTime.optional() });
export const ZProposeMeetingRequest = z.object({
  proposedTimes: ZProposedTimes.min(1),
  timezone: ZTimeZone.optional(),
  note: ZNote.optional(),
});
export const ZMeetingNoteRequest = z.object({ note: ZNote.optional() }).default({});

export const ZMeetingParams = z.object({ id: z.string().uuid() });
export const ZMeetingTokenParams = z.object({ token: z.string().min(16).max(64) });

export const ZMeetingParticipant = z.object({
  id: ZId,
  identifier: z.string(),
  firstName: z.string(),
  fullName: z.string(),
  photoUrl: z.string().nullable(),
  /** Their time zone: proposals are shown in both participants' zones. */
  timezone: z.string(),
});

export const ZMeetingAbilities = z.object({
  accept: z.boolean(),
  propose: z.boolean(),
  reject: z.boolean(),
  cancel: z.boolean(),
  complete: z.boolean(),
  noShow: z.boolean(),
  downloadInvite: z.boolean(),
  joinVideo: z.boolean(),
});

/** spec 3 Meeting/message, for one viewer. */
export const ZMeeting = z.object({
  id: ZId,
  threadId: ZId,
  hubId: ZId,
  /** The thread message that shows this meeting. */
  messageId: ZId.nullable(),
  /** The thread's message type (e.g. flashMentorship). */
  type: z.string(),
  fromUserId: ZId,
  toUserId: ZId,
  isRequester: z.boolean(),
  /** Derived by the domain rules (spec 4 Meetings), upcoming while an accepted meeting has not ended. */
  status: ZMeetingStatus,
  /** The spec 4 label for this viewer. */
  statusLabel: z.string(),
  medium: ZMeetingMedium,
  mediumLabel: z.string(),
  durationMinutes: z.number().int(),
  /** Meeting length in hours and minutes (spec 9). */
  durationText: z.string(),
  timezone: z.string(),
  proposedTimes: z.array(ZIsoDateTime),
  proposedByUserId: ZId.nullable(),
  fromUserProposedTimes: z.array(ZIsoDateTime),
  toUserProposedTimes: z.array(ZIsoDateTime),
  scheduledTime: ZIsoDateTime.nullable(),
  scheduledEndTime: ZIsoDateTime.nullable(),
  location: z.string().nullable(),
  phone: z.string().nullable(),
  note: z.string().nullable(),
  meetingToken: z.string(),
  calendarEventId: z.string(),
  /** The video room (spec 2 /inbox/{address}/thread/{threadId}) for video meetings. */
  videoCallUrl: z.string().nullable(),
  /** spec 4: proposals are not synced; a scheduled time with no proposals is. */
  isSynced: z.boolean(),
  /** spec 4 active meeting. */
  isActive: z.boolean(),
  previousMeetingId: ZId.nullable(),
  /** spec 3 advisingStatus: the state of the advising appointment this meeting is (null for other meetings). */
  advisingStatus: z.enum(ADVISING_STATUSES).nullable(),
  /** spec 3 advisingAppointmentType: the appointment type's name (null for other meetings). */
  advisingAppointmentType: z.string().nullable(),
  participants: z.array(ZMeetingParticipant),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
  can: ZMeetingAbilities,
});
export type TMeeting = z.infer<typeof ZMeeting>;

export const ZMeetingResponse = z.object({ meeting: ZMeeting });
export const ZMeetingListResponse = z.object({ items: z.array(ZMeeting) });

/** Free slots of the other participant on one day of their calendar, for the proposal picker. */
export const ZMeetingSlotsQuery = z.object({
  /** Calendar day 'YYYY-MM-DD' in the viewer's time zone. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  durationMinutes: z.coerce
    .number()
    .int()
    .refine(
      (n) => (MEETING_DURATIONS as readonly number[]).includes(n),
      'Choose one of the offered meeting lengths.',
    ),
  timezone: ZTimeZone,
});
export type TMeetingSlotsQuery = z.output<typeof ZMeetingSlotsQuery>;
export const ZMeetingSlotsResponse = z.object({
  /** Grid step in minutes: the other participant's choice (30 by default, 15 optional). */
  stepMinutes: z.number().int(),
  timezone: z.string(),
  other: ZMeetingParticipant,
  /** Whether the other participant keeps weekly hours; without them any grid time is offered. */
  hasWeeklyHours: z.boolean(),
  lastAvailabilityDate: z.string().nullable(),
  slots: z.array(z.object({ start: ZIsoDateTime, isDisabled: z.boolean() })),
});
export type TMeetingSlotsResponse = z.infer<typeof ZMeetingSlotsResponse>;

export const ZWeeklyInterval = z
  .object({
    /** 0 Sunday … 6 Saturday. */
    day: z.number().int().min(0).max(6),
    start: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
    end: z.string().regex(/^([01]\d|2[0-4]):[0-5]\d$/),
  })
  .refine((i) => i.start < i.end && i.end <= '24:00', {
    message: 'The end must be after the start.',
    path: ['end'],
  });
export type TWeeklyInterval = z.infer<typeof ZWeeklyInterval>;

export const ZAvailability = z.object({
  timezone: z.string(),
  /** Calendar day 'YYYY-MM-DD' (spec 3 calendarInfo.lastAvailabilityDate), or null for no end. */
  lastAvailabilityDate: z.string().nullable(),
  weeklyHours: z.array(ZWeeklyInterval),
  slotMinutes: z.union([z.literal(30), z.literal(15)]),
  /** Private ICS feed URL of my meetings (null until first asked for). */
  feedUrl: z.string().nullable(),
});
export type TAvailability = z.infer<typeof ZAvailability>;
export const ZAvailabilityResponse = z.object({ availability: ZAvailability });

export const ZUpdateAvailabilityRequest = z.object({
  timezone: ZTimeZone,
  lastAvailabilityDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  weeklyHours: z.array(ZWeeklyInterval).max(50),
  slotMinutes: z.union([z.literal(30), z.literal(15)]).default(30),
});
export type TUpdateAvailabilityRequest = z.infer<typeof ZUpdateAvailabilityRequest>;

/** Meetings in threads (issue #5 item 2). Thread endpoints carry x-hub-id like the inbox; /api/meetings/* need no hub. */
export const MEETING_ENDPOINTS = {
  threadMeetings: defineEndpoint({
    method: 'GET',
    path: '/api/inbox/threads/:id/meetings',
    operationId: 'listThreadMeetings',
    summary: 'Meetings of one of my threads, oldest first',
    tag: 'meetings',
    params: ZThreadParams,
    response: ZMeetingListResponse,
    errors: [400, 401, 403, 404, 409],
    auth: 'required',
    hub: 'required',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/inbox/threads/:id/meetings',
    operationId: 'requestMeeting',
    summary: 'Request a meeting in a thread with proposed times on the meeting grid (spec 5 Meeting slots)',
    tag: 'meetings',
    params: ZThreadParams,
    body: ZCreateMeetingRequest,
    response: ZMeetingResponse,
    status: 201,
    errors: [400, 401, 403, 404, 409],
    auth: 'required',
    hub: 'required',
  }),
  threadSlots: defineEndpoint({
    method: 'GET',
    path: '/api/inbox/threads/:id/meeting-slots',
    operationId: 'listMeetingSlots',
    summary:
      'Slots of one day for proposing times to the other participant (spec 5 Meeting slots and Availability)',
    tag: 'meetings',
    params: ZThreadParams,
    query: ZMeetingSlotsQuery,
    response: ZMeetingSlotsResponse,
    errors: [400, 401, 403, 404, 409],
    auth: 'required',
    hub: 'required',
  }),
  meeting: defineEndpoint({
    method: 'GET',
    path: '/api/meetings/:id',
    operationId: 'getMeeting',
    summary: 'One of my meetings',
    tag: 'meetings',
    params: ZMeetingParams,
    response: ZMeetingResponse,
    errors: [400, 401, 403, 404, 409],
    auth: 'required',
    hub: 'none',
  }),
  byToken: defineEndpoint({
    method: 'GET',
    path: '/api/meeting-links/:token',
    operationId: 'getMeetingByToken',
    summary: 'My meeting by its token (/inbox/{address}/meeting/{meetingToken}); others get 404',
    tag: 'meetings',
    params: ZMeetingTokenParams,
    response: ZMeetingResponse,
    errors: [400, 401, 403, 404, 409],
    auth: 'required',
    hub: 'none',
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/api/meetings/:id/accept',
    operationId: 'acceptMeeting',
    summary: 'Accept one proposed time; both participants get the invite (METHOD:REQUEST)',
    tag: 'meetings',
    params: ZMeetingParams,
    body: ZAcceptMeetingRequest,
    response: ZMeetingResponse,
    errors: [400, 401, 403, 404, 409],
    auth: 'required',
    hub: 'none',
  }),
  propose: defineEndpoint({
    method: 'POST',
    path: '/api/meetings/:id/propose',
    operationId: 'proposeMeetingTimes',
    summary:
      'Propose other times: a counter-proposal, or a reschedule of an upcoming meeting (METHOD:CANCEL, then a new request)',
    tag: 'meetings',
    params: ZMeetingParams,
    body: ZProposeMeetingRequest,
    response: ZMeetingResponse,
    errors: [400, 401, 403, 404, 409],
    auth: 'required',
    hub: 'none',
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/api/meetings/:id/reject',
    operationId: 'rejectMeeting',
    summary: 'Decline a pending request (the participant who answers it)',
    tag: 'meetings',
    params: ZMeetingParams,
    body: ZMeetingNoteRequest,
    response: ZMeetingResponse,
    errors: [400, 401, 403, 404, 409],
    auth: 'required',
    hub: 'none',
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/api/meetings/:id/cancel',
    operationId: 'cancelMeeting',
    summary: 'Cancel my pending request or an upcoming meeting; calendars get METHOD:CANCEL',
    tag: 'meetings',
    params: ZMeetingParams,
    body: ZMeetingNoteRequest,
    response: ZMeetingResponse,
    errors: [400, 401, 403, 404, 409],
    auth: 'required',
    hub: 'none',
  }),
  complete: defineEndpoint({
    method: 'POST',
    path: '/api/meetings/:id/complete',
    operationId: 'completeMeeting',
    summary: 'Mark a meeting that has started as completed',
    tag: 'meetings',
    params: ZMeetingParams,
    body: ZMeetingNoteRequest,
    response: ZMeetingResponse,
    errors: [400, 401, 403, 404, 409],
    auth: 'required',
    hub: 'none',
  }),
  noShow: defineEndpoint({
    method: 'POST',
    path: '/api/meetings/:id/no-show',
    operationId: 'markMeetingNoShow',
    summary: 'Mark a meeting that has started as a no-show',
    tag: 'meetings',
    params: ZMeetingParams,
    body: ZMeetingNoteRequest,
    response: ZMeetingResponse,
    errors: [400, 401, 403, 404, 409],
    auth: 'required',
    hub: 'none',
  }),
  invite: defineEndpoint({
    method: 'GET',
    path: '/api/meetings/:id/invite.ics',
    operationId: 'getMeetingInvite',
    summary:
      'The iCalendar invite of a scheduled meeting (METHOD:REQUEST; METHOD:CANCEL once canceled or rescheduled)',
    tag: 'meetings',
    params: ZMeetingParams,
    response: null,
    produces: ['text/calendar'],
    errors: [400, 401, 403, 404, 409],
    auth: 'required',
    hub: 'none',
  }),
};

/** The secret segment of a private ICS feed URL (`<token>.ics`). */
export const ZCalendarFeedParams = z.object({ token: z.string().max(100) });

/** My availability for meetings (/preferences/manage-calendar) and the private ICS feed of my meetings. */
export const AVAILABILITY_ENDPOINTS = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/me/availability',
    operationId: 'getMyAvailability',
    summary: 'My weekly hours, time zone, last availability date and ICS feed URL',
    tag: 'meetings',
    response: ZAvailabilityResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'none',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/me/availability',
    operationId: 'updateMyAvailability',
    summary:
      'Save my availability (spec 5 Availability: meetings are blocked after the last availability date)',
    tag: 'meetings',
    body: ZUpdateAvailabilityRequest,
    response: ZAvailabilityResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'none',
  }),
  rotateFeed: defineEndpoint({
    method: 'POST',
    path: '/api/me/availability/feed/rotate',
    operationId: 'rotateMyCalendarFeed',
    summary: 'Create my private ICS feed URL, or replace it (the old URL stops working)',
    tag: 'meetings',
    response: ZAvailabilityResponse,
    errors: [400, 401, 403, 404],
    auth: 'required',
    hub: 'none',
  }),
  /** The secret URL is the credential, so the feed needs no sign-in; `token` is rotatable. */
  feed: defineEndpoint({
    method: 'GET',
    path: '/api/calendar/feeds/:token',
    operationId: 'getCalendarFeed',
    summary:
      'The private ICS feed of my scheduled meetings, for calendar apps (the secret URL is the credential)',
    tag: 'meetings',
    params: ZCalendarFeedParams,
    response: null,
    produces: ['text/calendar'],
    errors: [400, 404],
    auth: 'public',
    hub: 'none',
  }),
};
