import {
  ADVISING_REPORT_GROUPS,
  ADVISING_STATUSES,
  APPOINTMENT_TYPE_LIMITS,
  DEFAULT_APPOINTMENT_TYPE_SETTINGS,
  FOLLOW_UP_MAX_LENGTH,
  MEETING_MEDIUMS,
  STAFF_ADVISING_STATUSES,
} from '@commons/domain';
import { z } from 'zod';
import {
  multiLineText,
  singleLineText,
  ZId,
  ZIsoDateTime,
  ZPageQuery,
  zPage,
  ZUuid,
  ZDateOnly,
} from './common.js';
import { webUrl } from './web-url.js';
import { defineEndpoint } from './endpoint.js';
import { ZWeeklyInterval } from './meetings.js';

/** Advising (issue #21): advisers, topics, quick booking on real free time, appointments, advising admin. */

export const ZAdvisingStatus = z.enum(ADVISING_STATUSES);
export type TAdvisingStatusValue = z.infer<typeof ZAdvisingStatus>;
export const ZStaffAdvisingStatus = z.enum(STAFF_ADVISING_STATUSES);
export const ZAdvisingReportGroup = z.enum(ADVISING_REPORT_GROUPS);

const ZCalendarDate = ZDateOnly;
const ZTimeZone = z.string().min(1).max(64);
const ZHhMm = z.string().regex(/^([01]\d|2[0-4]):[0-5]\d$/, 'Use a time like 09:30.');

/** A topic students book advising for (Career planning, CV review, Graduate school…). */
export const ZAdvisingTopic = z.object({
  id: ZId,
  name: z.string(),
  description: z.string(),
  /** Active advisers who cover it. */
  adviserCount: z.number().int(),
});
export type TAdvisingTopic = z.infer<typeof ZAdvisingTopic>;
export const ZAdvisingTopicsResponse = z.object({ items: z.array(ZAdvisingTopic) });

/** An appointment type as members see it (issue #21 item 1; spec 3 advisingAppointmentType). */
export const ZAppointmentTypeSummary = z.object({
  id: ZId,
  name: z.string(),
  description: z.string(),
  durationMinutes: z.number().int(),
  /** Length in hours and minutes (spec 9). */
  durationText: z.string(),
  medium: z.enum(MEETING_MEDIUMS),
  mediumLabel: z.string(),
  /** Where it takes place (in-person, external meeting). */
  location: z.string().nullable(),
  /** Least notice before the start, in minutes, and as text. */
  minimumNoticeMinutes: z.number().int(),
  minimumNoticeText: z.string(),
  /** Topics it serves; empty: every topic. */
  topicIds: z.array(ZId),
});
export type TAppointmentTypeSummary = z.infer<typeof ZAppointmentTypeSummary>;

/** A person of an appointment or an adviser card. */
export const ZAdvisingPerson = z.object({
  userId: ZId,
  identifier: z.string(),
  firstName: z.string(),
  fullName: z.string(),
  photoUrl: z.string().nullable(),
});

/** An adviser as members see them. */
export const ZAdviserCard = ZAdvisingPerson.extend({
  /** The adviser's id (not their user id): paths take it. */
  id: ZId,
  headline: z.string().nullable(),
  /** Their advising title, e.g. 'Career adviser'. */
  title: z.string(),
  bio: z.string(),
  /** The zone of their weekly hours. */
  timezone: z.string(),
  topics: z.array(z.object({ id: ZId, name: z.string() })),
  /** The appointment types the viewer may book with them (of the topic asked for, when one was). */
  appointmentTypes: z.array(ZAppointmentTypeSummary),
  /** spec 8 '{name} is unavailable at this time.' when their last availability date has passed; else null. */
  unavailableMessage: z.string().nullable(),
  can: z.object({ book: z.boolean(), editHours: z.boolean() }),
});
export type TAdviserCard = z.infer<typeof ZAdviserCard>;
export const ZAdviserCardsResponse = z.object({ items: z.array(ZAdviserCard) });
export const ZAdviserCardResponse = z.object({ adviser: ZAdviserCard });
export const ZAdvisersQuery = z.object({ topicId: ZUuid.optional() });
export const ZAdviserParams = z.object({ id: ZUuid });

/** The viewer and advising: am I an adviser, may I book, may I manage advising. */
export const ZAdvisingMeResponse = z.object({
  /** The viewer's own adviser card when they advise in this hub. */
  adviser: ZAdviserCard.nullable(),
  can: z.object({ book: z.boolean(), manage: z.boolean() }),
});

/** Free slots (issue #21 item 3): `from`/`to` are days of `tz`, clamped to today and the next 14 days. */
export const ZAdvisingSlotsQuery = z.object({
  appointmentTypeId: ZUuid,
  from: ZCalendarDate.optional(),
  to: ZCalendarDate.optional(),
  /** The viewer's time zone: the grid and the days are theirs. */
  tz: ZTimeZone,
  /**
   * A reschedule: the viewer's appointment (as its student or adviser) with this adviser and type; its own time
   * does not count as busy, and who may book is not asked again (an adviser moves their own appointment).
   */
  appointmentId: ZUuid.optional(),
});
export type TAdvisingSlotsQuery = z.output<typeof ZAdvisingSlotsQuery>;
export const ZAdvisingSlot = z.object({ start: ZIsoDateTime, end: ZIsoDateTime });
export const ZAdvisingSlotsResponse = z.object({
  adviserId: ZId,
  appointmentType: ZAppointmentTypeSummary,
  timezone: z.string(),
  /** spec 5 Meeting slots: 30, or 15 where the adviser enabled it. */
  stepMinutes: z.number().int(),
  /** Every asked day in order, empty days included. */
  days: z.array(z.object({ date: z.string(), slots: z.array(ZAdvisingSlot) })),
  /** spec 8 'This user currently has no available dates for meeting' when no day has a slot, or the unavailable text. */
  emptyMessage: z.string().nullable(),
});
export type TAdvisingSlotsResponse = z.infer<typeof ZAdvisingSlotsResponse>;

/** Advising staff abilities and member abilities on one appointment (presenter `can`). */
export const ZAppointmentAbilities = z.object({
  cancel: z.boolean(),
  reschedule: z.boolean(),
  checkIn: z.boolean(),
  complete: z.boolean(),
  noShow: z.boolean(),
  /** Read and write the notes only advising staff see. */
  editNotes: z.boolean(),
  downloadInvite: z.boolean(),
  /** Advising staff give or change the follow-up (a completed appointment). */
  editFollowUp: z.boolean(),
  /** The student marks the follow-up done or open again. */
  markFollowUpDone: z.boolean(),
});

/** What the student is to do after a completed appointment (issue #21 item 4), written by advising staff. */
export const ZAdvisingFollowUp = z.object({
  text: z.string(),
  setAt: ZIsoDateTime,
  /** When the student marked it done; null while it is one of their open action items. */
  doneAt: ZIsoDateTime.nullable(),
});
export type TAdvisingFollowUp = z.infer<typeof ZAdvisingFollowUp>;

/** An open follow-up among the student's action items (GET /api/action-items). */
export const ZAdvisingFollowUpItem = z.object({
  appointmentId: ZId,
  /** E.g. 'CV review with Dana Whitfield'. */
  appointmentTitle: z.string(),
  appointmentStart: ZIsoDateTime,
  text: z.string(),
  setAt: ZIsoDateTime,
});
export type TAdvisingFollowUpItem = z.infer<typeof ZAdvisingFollowUpItem>;

/** One appointment: an adviserMeetingV2 meeting of the inbox with its advising fields (spec 3). */
export const ZAdvisingAppointment = z.object({
  id: ZId,
  hubId: ZId,
  /** The inbox thread between student and adviser, and the meeting of it (its invite: GET /api/meetings/{id}/invite.ics). */
  threadId: ZId,
  meetingId: ZId,
  adviser: ZAdvisingPerson.extend({ id: ZId, title: z.string() }),
  student: ZAdvisingPerson,
  topic: z.object({ id: ZId, name: z.string() }).nullable(),
  /** spec 3 advisingAppointmentType. */
  appointmentType: ZAppointmentTypeSummary,
  /** spec 3 advisingStatus. */
  advisingStatus: ZAdvisingStatus,
  advisingStatusLabel: z.string(),
  start: ZIsoDateTime,
  end: ZIsoDateTime,
  /** The zone the student booked in. */
  timezone: z.string(),
  location: z.string().nullable(),
  phone: z.string().nullable(),
  /** Video appointments: the outside link, or the thread's video room. */
  videoCallUrl: z.string().nullable(),
  /** The student's note when booking. */
  note: z.string().nullable(),
  /** Notes of advising staff (the adviser and advising admins); null for everyone else. */
  staffNotes: z.string().nullable(),
  cancelReason: z.string().nullable(),
  canceledAt: ZIsoDateTime.nullable(),
  /** The student's next step after the appointment, or null. */
  followUp: ZAdvisingFollowUp.nullable(),
  /** The viewer's part: the student, the adviser, or advising staff (admins). */
  viewerRole: z.enum(['student', 'adviser', 'staff']),
  /** Why the viewer cannot cancel or reschedule now (the notice rule), or null. */
  changeRefusal: z.string().nullable(),
  can: ZAppointmentAbilities,
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TAdvisingAppointment = z.infer<typeof ZAdvisingAppointment>;
export const ZAdvisingAppointmentResponse = z.object({ appointment: ZAdvisingAppointment });
export const ZAdvisingAppointmentParams = z.object({ id: ZUuid });

const ZNote = multiLineText().max(1000, 'Keep the note under 1000 characters.');

export const ZBookAppointmentRequest = z.object({
  adviserId: ZUuid,
  appointmentTypeId: ZUuid,
  topicId: ZUuid,
  /** One of the free slots' start. */
  start: ZIsoDateTime,
  /** The student's time zone. */
  timezone: ZTimeZone,
  note: ZNote.optional(),
});
export type TBookAppointmentRequest = z.infer<typeof ZBookAppointmentRequest>;

/** 409 code of a slot another booking took first (user_message 'That time was just booked. Pick another time.'). */
export const SLOT_TAKEN_ERROR_CODE = 'slot_taken';

export const ZAdvisingAppointmentsQuery = ZPageQuery.extend({
  /** My appointments as the student, as the adviser, or (advising admins) every appointment of the hub. */
  role: z.enum(['student', 'adviser', 'all']).default('student'),
  /** Upcoming (not ended, soonest first) or past (latest first). */
  when: z.enum(['upcoming', 'past']).default('upcoming'),
});
export type TAdvisingAppointmentsQuery = z.output<typeof ZAdvisingAppointmentsQuery>;
export const ZAdvisingAppointmentsPage = zPage(ZAdvisingAppointment);

/** Advising staff: set check-in / completed / no-show, and the staff notes. */
export const ZUpdateAppointmentRequest = z
  .object({
    advisingStatus: ZStaffAdvisingStatus.optional(),
    staffNotes: multiLineText().max(5000, 'Keep the notes under 5000 characters.').nullable().optional(),
    /** The student's next step (a completed appointment); null removes it. */
    followUp: multiLineText()
      .max(FOLLOW_UP_MAX_LENGTH, `Keep the follow-up under ${FOLLOW_UP_MAX_LENGTH} characters.`)
      .nullable()
      .optional(),
  })
  .refine((b) => b.advisingStatus !== undefined || b.staffNotes !== undefined || b.followUp !== undefined, {
    message: 'Give a status, notes or a follow-up.',
  });
/** The student marks the follow-up done, or open again. */
export const ZAppointmentFollowUpDoneRequest = z.object({ isDone: z.boolean() });
export const ZCancelAppointmentRequest = z
  .object({ reason: singleLineText().max(500, 'Keep the reason under 500 characters.').optional() })
  .default({});
export const ZRescheduleAppointmentRequest = z.object({ start: ZIsoDateTime, timezone: ZTimeZone });

/** A date exception: a holiday or day off (no intervals) or other hours that day. */
export const ZAvailabilityException = z.object({
  date: ZCalendarDate,
  intervals: z.array(z.object({ start: ZHhMm, end: ZHhMm })).max(10),
  label: singleLineText().max(100).nullable().default(null),
});

/** An adviser's availability for advising (issue #21 item 2). */
export const ZAdviserAvailability = z.object({
  adviserId: ZId,
  timezone: z.string(),
  weeklyHours: z.array(ZWeeklyInterval),
  exceptions: z.array(ZAvailabilityException),
  /** spec 5 Meeting slots: 30, or 15. */
  slotMinutes: z.union([z.literal(30), z.literal(15)]),
  /** Busy time from the adviser's own calendar (the secret ICS address, read every 15 minutes). */
  calendar: z.object({
    /** The address as saved (shown to the adviser and advising admins only). */
    icsUrl: z.string().nullable(),
    lastSyncedAt: ZIsoDateTime.nullable(),
    /** Why the last read failed, in words, or null. */
    lastError: z.string().nullable(),
    /** Busy intervals imported for the coming weeks. */
    busyCount: z.number().int(),
  }),
});
export type TAdviserAvailability = z.infer<typeof ZAdviserAvailability>;
export const ZAdviserAvailabilityResponse = z.object({ availability: ZAdviserAvailability });
export const ZUpdateAdviserAvailabilityRequest = z.object({
  timezone: ZTimeZone,
  weeklyHours: z.array(ZWeeklyInterval).max(50),
  exceptions: z.array(ZAvailabilityException).max(200).default([]),
  slotMinutes: z.union([z.literal(30), z.literal(15)]).default(30),
  /** The secret ICS address of their calendar; null removes it, absent keeps it. */
  icsUrl: webUrl().nullable().optional(),
});
export type TUpdateAdviserAvailabilityRequest = z.infer<typeof ZUpdateAdviserAvailabilityRequest>;

// ---- Advising admin (hub admins with manage-advising) ----

export const ZAdminTopic = ZAdvisingTopic.extend({
  isActive: z.boolean(),
  appointmentCount: z.number().int(),
});
export const ZAdminTopicsResponse = z.object({ items: z.array(ZAdminTopic) });
export const ZAdminTopicResponse = z.object({ topic: ZAdminTopic });
const topicFields = {
  name: singleLineText().min(1, 'Give the topic a name.').max(100, 'Keep the name under 100 characters.'),
  description: multiLineText().max(1000),
  isActive: z.boolean(),
};
export const ZTopicRequest = z.object({
  ...topicFields,
  description: topicFields.description.default(''),
  isActive: topicFields.isActive.default(true),
});
export const ZUpdateTopicRequest = z.object(topicFields).partial();
export type TTopicRequest = z.output<typeof ZTopicRequest>;
export type TUpdateTopicRequest = z.output<typeof ZUpdateTopicRequest>;

const limits = APPOINTMENT_TYPE_LIMITS;
/** Who may book: user type ids and program (group) ids; both empty: every member. */
export const ZWhoMayBook = z.object({
  userTypeIds: z.array(ZUuid).max(50).default([]),
  programIds: z.array(ZUuid).max(50).default([]),
});

/** An appointment type with every setting (issue #21 item 1). */
export const ZAdminAppointmentType = ZAppointmentTypeSummary.extend({
  phone: z.string().nullable(),
  /** Video: an outside meeting link, or null for the Commons video room of the thread. */
  videoUrl: z.string().nullable(),
  bufferBeforeMinutes: z.number().int(),
  bufferAfterMinutes: z.number().int(),
  maxDaysAhead: z.number().int(),
  /** Most appointments of this type per adviser and day; null: no limit. */
  maxPerDay: z.number().int().nullable(),
  whoMayBook: z.object({ userTypeIds: z.array(z.string()), programIds: z.array(ZId) }),
  isActive: z.boolean(),
});
export type TAdminAppointmentType = z.infer<typeof ZAdminAppointmentType>;
export const ZAdminAppointmentTypesResponse = z.object({ items: z.array(ZAdminAppointmentType) });
export const ZAdminAppointmentTypeResponse = z.object({ appointmentType: ZAdminAppointmentType });
const appointmentTypeFields = {
  name: singleLineText()
    .min(1, 'Give the appointment type a name.')
    .max(100, 'Keep the name under 100 characters.'),
  description: multiLineText().max(1000),
  durationMinutes: z.number().int().min(limits.minDurationMinutes).max(limits.maxDurationMinutes),
  medium: z.enum(MEETING_MEDIUMS),
  location: singleLineText().max(500).nullable(),
  phone: singleLineText().max(40).nullable(),
  videoUrl: webUrl().nullable(),
  bufferBeforeMinutes: z.number().int().min(0).max(limits.maxBufferMinutes),
  bufferAfterMinutes: z.number().int().min(0).max(limits.maxBufferMinutes),
  minimumNoticeMinutes: z.number().int().min(0).max(limits.maxMinimumNoticeMinutes),
  maxDaysAhead: z.number().int().min(limits.minDaysAhead).max(limits.maxDaysAhead),
  maxPerDay: z.number().int().min(1).max(limits.maxPerDay).nullable(),
  whoMayBook: ZWhoMayBook,
  topicIds: z.array(ZUuid).max(50),
  isActive: z.boolean(),
};
/** A new appointment type; the settings left out take the defaults of the domain. */
export const ZAppointmentTypeRequest = z.object({
  ...appointmentTypeFields,
  description: appointmentTypeFields.description.default(''),
  location: appointmentTypeFields.location.default(null),
  phone: appointmentTypeFields.phone.default(null),
  videoUrl: appointmentTypeFields.videoUrl.default(null),
  bufferBeforeMinutes: appointmentTypeFields.bufferBeforeMinutes.default(
    DEFAULT_APPOINTMENT_TYPE_SETTINGS.bufferBeforeMinutes,
  ),
  bufferAfterMinutes: appointmentTypeFields.bufferAfterMinutes.default(
    DEFAULT_APPOINTMENT_TYPE_SETTINGS.bufferAfterMinutes,
  ),
  minimumNoticeMinutes: appointmentTypeFields.minimumNoticeMinutes.default(
    DEFAULT_APPOINTMENT_TYPE_SETTINGS.minimumNoticeMinutes,
  ),
  maxDaysAhead: appointmentTypeFields.maxDaysAhead.default(DEFAULT_APPOINTMENT_TYPE_SETTINGS.maxDaysAhead),
  maxPerDay: appointmentTypeFields.maxPerDay.default(DEFAULT_APPOINTMENT_TYPE_SETTINGS.maxPerDay),
  whoMayBook: ZWhoMayBook.default({ userTypeIds: [], programIds: [] }),
  topicIds: appointmentTypeFields.topicIds.default([]),
  isActive: appointmentTypeFields.isActive.default(true),
});
export type TAppointmentTypeRequest = z.output<typeof ZAppointmentTypeRequest>;
/** A change of an appointment type: only the settings given. */
export const ZUpdateAppointmentTypeRequest = z.object(appointmentTypeFields).partial();
export type TUpdateAppointmentTypeRequest = z.output<typeof ZUpdateAppointmentTypeRequest>;

/** An adviser as advising admins see them. */
export const ZAdminAdviser = ZAdvisingPerson.extend({
  id: ZId,
  email: z.string(),
  title: z.string(),
  bio: z.string(),
  timezone: z.string(),
  isActive: z.boolean(),
  topicIds: z.array(ZId),
  appointmentTypeIds: z.array(ZId),
  hasWeeklyHours: z.boolean(),
  hasCalendar: z.boolean(),
  upcomingCount: z.number().int(),
});
export type TAdminAdviser = z.infer<typeof ZAdminAdviser>;
export const ZAdminAdvisersResponse = z.object({ items: z.array(ZAdminAdviser) });
export const ZAdminAdviserResponse = z.object({ adviser: ZAdminAdviser });
export const ZCreateAdviserRequest = z.object({
  /** A member of the hub. */
  userId: ZUuid,
  title: singleLineText().max(100).default('Adviser'),
  bio: multiLineText().max(2000).default(''),
  /** Zone of their weekly hours; their profile's zone when absent. */
  timezone: ZTimeZone.optional(),
  topicIds: z.array(ZUuid).max(50).default([]),
  appointmentTypeIds: z.array(ZUuid).max(50).default([]),
  isActive: z.boolean().default(true),
});
export const ZUpdateAdviserRequest = z.object({
  title: singleLineText().max(100).optional(),
  bio: multiLineText().max(2000).optional(),
  timezone: ZTimeZone.optional(),
  topicIds: z.array(ZUuid).max(50).optional(),
  appointmentTypeIds: z.array(ZUuid).max(50).optional(),
  isActive: z.boolean().optional(),
});
export type TCreateAdviserRequest = z.output<typeof ZCreateAdviserRequest>;
export type TUpdateAdviserRequest = z.output<typeof ZUpdateAdviserRequest>;
export const ZAdvisingIdParams = z.object({ id: ZUuid });

/** Hub members an admin may make advisers, by name or email. */
export const ZAdviserCandidatesQuery = z.object({ q: z.string().trim().max(100).default('') });
export const ZAdviserCandidatesResponse = z.object({
  items: z.array(ZAdvisingPerson.extend({ email: z.string(), isAdviser: z.boolean() })),
});

/** Reports (issue #21 item 5): appointments by topic, adviser, status or week, between two days of `tz`. */
export const ZAdvisingReportQuery = z.object({
  groupBy: ZAdvisingReportGroup.default('topic'),
  from: ZCalendarDate.optional(),
  to: ZCalendarDate.optional(),
  tz: ZTimeZone.default('America/Los_Angeles'),
});
export type TAdvisingReportQuery = z.output<typeof ZAdvisingReportQuery>;
export const ZAdvisingReportRow = z.object({
  /** Topic, adviser or appointment id, status, or the week's Monday 'YYYY-MM-DD'. */
  key: z.string(),
  label: z.string(),
  total: z.number().int(),
  /** Appointments per advising status (ADVISING_STATUSES). */
  byStatus: z.object({
    scheduled: z.number().int(),
    checkedIn: z.number().int(),
    completed: z.number().int(),
    noShow: z.number().int(),
    canceled: z.number().int(),
  }) satisfies z.ZodType<Record<TAdvisingStatusValue, number>>,
});
export const ZAdvisingReport = z.object({
  groupBy: ZAdvisingReportGroup,
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  rows: z.array(ZAdvisingReportRow),
  total: z.number().int(),
});
export type TAdvisingReport = z.infer<typeof ZAdvisingReport>;

/** Path of the demo's sample busy calendar (the demo advisers' ICS address; read in process, never fetched). */
export const ADVISING_DEMO_CALENDAR_PATH = '/api/advising/demo-calendar.ics';
export const ZDemoCalendarQuery = z.object({ tz: ZTimeZone.optional() });

const MEMBER = { auth: 'required', hub: 'required', tag: 'advising' } as const;
const ADMIN_ERRORS = [400, 401, 403, 404] as const;

/** Advising endpoints for members, students and advisers. */
export const ADVISING_ENDPOINTS = {
  me: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/advising/me',
    operationId: 'getMyAdvising',
    summary: 'Whether I advise in this hub, may book, may manage advising',
    response: ZAdvisingMeResponse,
    errors: [401, 403, 404],
  }),
  topics: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/advising/topics',
    operationId: 'listAdvisingTopics',
    summary: 'Topics of quick booking (/advising/quick-book/topics) with how many advisers cover each',
    response: ZAdvisingTopicsResponse,
    errors: [401, 403, 404],
  }),
  advisers: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/advising/advisers',
    operationId: 'listAdvisers',
    summary: 'Active advisers (/advising/people), of one topic when asked',
    query: ZAdvisersQuery,
    response: ZAdviserCardsResponse,
    errors: [400, 401, 403, 404],
  }),
  adviser: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/advising/advisers/:id',
    operationId: 'getAdviser',
    summary: 'One adviser',
    params: ZAdviserParams,
    response: ZAdviserCardResponse,
    errors: [400, 401, 403, 404],
  }),
  slots: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/advising/advisers/:id/slots',
    operationId: 'listAdviserSlots',
    summary: 'An adviser’s free slots for one appointment type, by day of the viewer’s zone (next 14 days)',
    description:
      'Weekly hours in the adviser’s zone with date exceptions, minus busy time (their calendar’s ICS address, ' +
      'Commons meetings, appointments with buffers), after the minimum notice, within the days ahead and the ' +
      'most per day, on the 30-minute grid (15 where the adviser enabled it) of `tz`.',
    params: ZAdviserParams,
    query: ZAdvisingSlotsQuery,
    response: ZAdvisingSlotsResponse,
    errors: [400, 401, 403, 404],
  }),
  availability: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/advising/advisers/:id/availability',
    operationId: 'getAdviserAvailability',
    summary: 'An adviser’s weekly hours, date exceptions and calendar address (the adviser, advising admins)',
    params: ZAdviserParams,
    response: ZAdviserAvailabilityResponse,
    errors: [400, 401, 403, 404],
  }),
  updateAvailability: defineEndpoint({
    ...MEMBER,
    method: 'PUT',
    path: '/api/advising/advisers/:id/availability',
    operationId: 'updateAdviserAvailability',
    summary:
      'Save an adviser’s weekly hours, date exceptions and calendar address (read again within 15 minutes)',
    params: ZAdviserParams,
    body: ZUpdateAdviserAvailabilityRequest,
    response: ZAdviserAvailabilityResponse,
    errors: [400, 401, 403, 404],
  }),
  book: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: '/api/advising/appointments',
    operationId: 'bookAdvisingAppointment',
    summary: 'Book a free slot: an adviserMeetingV2 meeting in the inbox thread with the adviser',
    description:
      'Race-free: the database refuses two appointments of one adviser whose times (with buffers) overlap; ' +
      'the later booking answers 409 slot_taken, “That time was just booked. Pick another time.”, with the ' +
      'fresh slots of that day in details.days.',
    body: ZBookAppointmentRequest,
    response: ZAdvisingAppointmentResponse,
    status: 201,
    errors: [400, 401, 403, 404, 409],
  }),
  appointments: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/advising/appointments',
    operationId: 'listAdvisingAppointments',
    summary: 'My appointments as student or adviser (advising admins: all), upcoming or past',
    query: ZAdvisingAppointmentsQuery,
    response: ZAdvisingAppointmentsPage,
    errors: [400, 401, 403, 404],
  }),
  appointment: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/advising/appointments/:id',
    operationId: 'getAdvisingAppointment',
    summary: 'One appointment (its student, adviser, or advising admins)',
    params: ZAdvisingAppointmentParams,
    response: ZAdvisingAppointmentResponse,
    errors: [400, 401, 403, 404],
  }),
  update: defineEndpoint({
    ...MEMBER,
    method: 'PATCH',
    path: '/api/advising/appointments/:id',
    operationId: 'updateAdvisingAppointment',
    summary:
      'Advising staff: check in, completed or no-show (advisingStatus), notes only staff see, the follow-up',
    params: ZAdvisingAppointmentParams,
    body: ZUpdateAppointmentRequest,
    response: ZAdvisingAppointmentResponse,
    errors: [400, 401, 403, 404, 409],
  }),
  followUpDone: defineEndpoint({
    ...MEMBER,
    method: 'PUT',
    path: '/api/advising/appointments/:id/follow-up/done',
    operationId: 'markAdvisingFollowUpDone',
    summary: 'The student marks the follow-up of a completed appointment done, or open again',
    params: ZAdvisingAppointmentParams,
    body: ZAppointmentFollowUpDoneRequest,
    response: ZAdvisingAppointmentResponse,
    errors: [400, 401, 403, 404, 409],
  }),
  cancel: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: '/api/advising/appointments/:id/cancel',
    operationId: 'cancelAdvisingAppointment',
    summary: 'Cancel (the student up to the minimum notice before; the adviser or staff until it starts)',
    params: ZAdvisingAppointmentParams,
    body: ZCancelAppointmentRequest,
    response: ZAdvisingAppointmentResponse,
    errors: [400, 401, 403, 404, 409],
  }),
  reschedule: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: '/api/advising/appointments/:id/reschedule',
    operationId: 'rescheduleAdvisingAppointment',
    summary: 'Move to another free slot of the same adviser and type (calendars get the updated invite)',
    params: ZAdvisingAppointmentParams,
    body: ZRescheduleAppointmentRequest,
    response: ZAdvisingAppointmentResponse,
    errors: [400, 401, 403, 404, 409],
  }),
};

/** The demo's sample busy calendar, public like any calendar's secret address (no data of anyone). */
export const ADVISING_DEMO_CALENDAR_ENDPOINT = defineEndpoint({
  method: 'GET',
  path: ADVISING_DEMO_CALENDAR_PATH,
  operationId: 'getAdvisingDemoCalendar',
  summary:
    'A sample busy calendar (weekly meetings in the zone `tz`) that the demo advisers use as their ICS address',
  tag: 'advising',
  query: ZDemoCalendarQuery,
  response: null,
  produces: ['text/calendar'],
  errors: [400],
  auth: 'public',
  hub: 'none',
});

/** Advising admin endpoints (hub admins with the manage-advising right). */
export const ADVISING_ADMIN_ENDPOINTS = {
  advisers: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/advising/admin/advisers',
    operationId: 'listAdminAdvisers',
    summary: 'Every adviser of the hub, active or not',
    response: ZAdminAdvisersResponse,
    errors: [401, 403, 404],
  }),
  candidates: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/advising/admin/candidates',
    operationId: 'listAdviserCandidates',
    summary: 'Approved hub members matching a name or email, to make advisers (at most 20)',
    query: ZAdviserCandidatesQuery,
    response: ZAdviserCandidatesResponse,
    errors: ADMIN_ERRORS,
  }),
  createAdviser: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: '/api/advising/admin/advisers',
    operationId: 'createAdviser',
    summary: 'Make a hub member an adviser with topics and appointment types',
    body: ZCreateAdviserRequest,
    response: ZAdminAdviserResponse,
    status: 201,
    errors: [400, 401, 403, 404, 409],
  }),
  updateAdviser: defineEndpoint({
    ...MEMBER,
    method: 'PATCH',
    path: '/api/advising/admin/advisers/:id',
    operationId: 'updateAdviser',
    summary: 'Edit an adviser (title, bio, zone, topics, appointment types, active)',
    params: ZAdvisingIdParams,
    body: ZUpdateAdviserRequest,
    response: ZAdminAdviserResponse,
    errors: ADMIN_ERRORS,
  }),
  deleteAdviser: defineEndpoint({
    ...MEMBER,
    method: 'DELETE',
    path: '/api/advising/admin/advisers/:id',
    operationId: 'deleteAdviser',
    summary: 'Remove an adviser without upcoming appointments (else 409: turn them inactive instead)',
    params: ZAdvisingIdParams,
    response: null,
    status: 204,
    errors: [400, 401, 403, 404, 409],
  }),
  topics: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/advising/admin/topics',
    operationId: 'listAdminAdvisingTopics',
    summary: 'Every advising topic of the hub, active or not',
    response: ZAdminTopicsResponse,
    errors: [401, 403, 404],
  }),
  createTopic: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: '/api/advising/admin/topics',
    operationId: 'createAdvisingTopic',
    summary: 'Add an advising topic',
    body: ZTopicRequest,
    response: ZAdminTopicResponse,
    status: 201,
    errors: [400, 401, 403, 404, 409],
  }),
  updateTopic: defineEndpoint({
    ...MEMBER,
    method: 'PATCH',
    path: '/api/advising/admin/topics/:id',
    operationId: 'updateAdvisingTopic',
    summary: 'Edit an advising topic',
    params: ZAdvisingIdParams,
    body: ZUpdateTopicRequest,
    response: ZAdminTopicResponse,
    errors: [400, 401, 403, 404, 409],
  }),
  deleteTopic: defineEndpoint({
    ...MEMBER,
    method: 'DELETE',
    path: '/api/advising/admin/topics/:id',
    operationId: 'deleteAdvisingTopic',
    summary: 'Remove a topic no appointment names (else 409: turn it inactive instead)',
    params: ZAdvisingIdParams,
    response: null,
    status: 204,
    errors: [400, 401, 403, 404, 409],
  }),
  appointmentTypes: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/advising/admin/appointment-types',
    operationId: 'listAdminAppointmentTypes',
    summary: 'Every appointment type of the hub with its settings',
    response: ZAdminAppointmentTypesResponse,
    errors: [401, 403, 404],
  }),
  createAppointmentType: defineEndpoint({
    ...MEMBER,
    method: 'POST',
    path: '/api/advising/admin/appointment-types',
    operationId: 'createAppointmentType',
    summary:
      'Add an appointment type (length, medium, buffers, notice, days ahead, most per day, who may book)',
    body: ZAppointmentTypeRequest,
    response: ZAdminAppointmentTypeResponse,
    status: 201,
    errors: [400, 401, 403, 404],
  }),
  updateAppointmentType: defineEndpoint({
    ...MEMBER,
    method: 'PATCH',
    path: '/api/advising/admin/appointment-types/:id',
    operationId: 'updateAppointmentType',
    summary: 'Edit an appointment type (booked appointments keep their times)',
    params: ZAdvisingIdParams,
    body: ZUpdateAppointmentTypeRequest,
    response: ZAdminAppointmentTypeResponse,
    errors: ADMIN_ERRORS,
  }),
  deleteAppointmentType: defineEndpoint({
    ...MEMBER,
    method: 'DELETE',
    path: '/api/advising/admin/appointment-types/:id',
    operationId: 'deleteAppointmentType',
    summary: 'Remove an appointment type no appointment used (else 409: turn it inactive instead)',
    params: ZAdvisingIdParams,
    response: null,
    status: 204,
    errors: [400, 401, 403, 404, 409],
  }),
  report: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/advising/admin/reports',
    operationId: 'getAdvisingReport',
    summary: 'Appointments by topic, adviser, status or week, with counts per advising status',
    query: ZAdvisingReportQuery,
    response: ZAdvisingReport,
    errors: ADMIN_ERRORS,
  }),
  reportCsv: defineEndpoint({
    ...MEMBER,
    method: 'GET',
    path: '/api/advising/admin/reports.csv',
    operationId: 'exportAdvisingReport',
    summary: 'The same report as CSV',
    query: ZAdvisingReportQuery,
    response: null,
    produces: ['text/csv'],
    errors: ADMIN_ERRORS,
  }),
};
