import {
  deriveMeetingStatus,
  isMeetingActive,
  isSlotDisabled,
  MEETING_MEDIUMS,
  type TMeetingMedium,
  type TMeetingStatus,
} from '@commons/domain';
import type { TMeetingAction } from '@commons/contract';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { TWeeklyInterval } from '../../db/schema/index.js';
import { AppError, notFound, validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { isClosedFor } from '../inbox/inbox.policy.js';
import { threadView } from '../inbox/inbox.presenter.js';
import { findThreadFor, type TThreadListRow } from '../inbox/inbox.queries.js';
import type { TMeetingRow } from './meetings.queries.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Proposals further ahead than this are refused (a year of calendar). */
const MAX_DAYS_AHEAD = 366;

/** Type guard for a meeting medium (spec 9 Meeting mediums). */
export function isMeetingMedium(value: string): value is TMeetingMedium {
  return (MEETING_MEDIUMS as readonly string[]).includes(value);
}

/**
 * Status of a meeting for display (spec 4 Meetings): the domain's deriveMeetingStatus over the stored
 * status and last event; an accepted meeting that is still active (isMeetingActive) is upcoming, and a
 * pending request whose proposed times have all passed is notAccepted (shown as Request Expired).
 */
export function meetingStatus(row: TMeetingRow, now: Date): TMeetingStatus {
  const base = deriveMeetingStatus({
    status: row.status,
    event: row.lastEvent,
    scheduledTime: row.scheduledTime,
  });
  const medium = isMeetingMedium(row.medium) ? row.medium : null;
  if (base === 'accepted') {
    const isActive = isMeetingActive({
      status: base,
      medium,
      scheduledTime: row.scheduledTime,
      scheduledEndTime: row.scheduledEndTime,
      durationMinutes: row.durationMinutes,
      now,
    });
    return isActive && (row.scheduledTime !== null || medium === 'email') ? 'upcoming' : 'accepted';
  }
  if (
    base === 'pending' &&
    row.proposedTimes.length > 0 &&
    row.proposedTimes.every((t) => t.getTime() <= now.getTime())
  ) {
    return 'notAccepted';
  }
  return base;
}

/** The viewer's side of a meeting, as abilities need it. */
export type TMeetingView = { row: TMeetingRow; viewerId: string; now: Date; isThreadClosed: boolean };

/** What the viewer may do with a meeting (presenter `can`), spec 4 transitions. */
export function meetingAbilities(
  view: TMeetingView,
): Record<
  'accept' | 'propose' | 'reject' | 'cancel' | 'complete' | 'noShow' | 'downloadInvite' | 'joinVideo',
  boolean
> {
  const { row, viewerId, now } = view;
  const status = meetingStatus(row, now);
  const isParticipant = row.fromUserId === viewerId || row.toUserId === viewerId;
  const isAnswering = isParticipant && row.proposedByUserId !== viewerId;
  const isPending = status === 'pending';
  const hasStarted = row.scheduledTime !== null && row.scheduledTime.getTime() <= now.getTime();
  const isScheduledOrEmail = row.scheduledTime !== null || row.medium === 'email';
  const isOpen = isParticipant && !view.isThreadClosed;
  return {
    accept: isOpen && isPending && isAnswering,
    propose: isOpen && (isPending || (status === 'upcoming' && !hasStarted)),
    reject: isParticipant && isPending && isAnswering,
    cancel: isParticipant && ((isPending && !isAnswering) || (status === 'upcoming' && !hasStarted)),
    complete:
      isParticipant &&
      (status === 'upcoming' || status === 'accepted') &&
      isScheduledOrEmail &&
      (hasStarted || row.medium === 'email'),
    noShow: isParticipant && (status === 'upcoming' || status === 'accepted') && hasStarted,
    downloadInvite:
      isParticipant && row.scheduledTime !== null && (status === 'upcoming' || status === 'accepted'),
    joinVideo: isParticipant && row.medium === 'video' && status === 'upcoming',
  };
}

const ACTION_ABILITY = {
  accept: 'accept',
  propose: 'propose',
  reject: 'reject',
  cancel: 'cancel',
  complete: 'complete',
  'no-show': 'noShow',
} as const satisfies Record<TMeetingAction, keyof ReturnType<typeof meetingAbilities>>;

const REFUSALS: Record<TMeetingAction, string> = {
  accept: 'Only the other participant can accept a proposed time of a pending request.',
  propose: 'New times can be proposed for a pending request or an upcoming meeting that has not started.',
  reject: 'Only the other participant can decline a pending request.',
  cancel: 'Only a request you sent or an upcoming meeting that has not started can be canceled.',
  complete: 'Only a meeting that has started can be marked completed.',
  'no-show': 'Only a meeting that has started can be marked as a no-show.',
};

/** Refuses an action the viewer may not take now (403 meeting_action_not_allowed, with the reason). */
export function requireMeetingAbility(view: TMeetingView, action: TMeetingAction): void {
  if (meetingAbilities(view)[ACTION_ABILITY[action]]) return;
  if (view.isThreadClosed && (action === 'accept' || action === 'propose')) {
    throw new AppError({
      statusCode: 403,
      code: 'thread_closed',
      message: 'Thread is read-only',
      userMessage: 'This conversation is closed and read-only.',
    });
  }
  throw new AppError({
    statusCode: 403,
    code: 'meeting_action_not_allowed',
    message: `Cannot ${action} this meeting now`,
    userMessage: REFUSALS[action],
  });
}

/** What proposals are checked against: the answering participant's calendar. */
export type TProposalRules = {
  now: Date;
  durationMinutes: number;
  /** Zone the times were picked in; they must sit on its grid. */
  pickerTimeZone: string;
  stepMinutes: number;
  other: {
    firstName: string;
    timezone: string;
    weeklyHours: TWeeklyInterval[];
    lastAvailabilityDay: string | null;
  };
  busy: ReadonlyArray<{ start: Date; end: Date }>;
};

/** Start and end of one calendar day 'YYYY-MM-DD' in a zone (23 or 25 hours long across DST changes). */
export function zonedDay(date: string, zone: string): { dayStart: Date; dayEnd: Date } | null {
  const day = dayjs.tz(date, zone);
  if (!day.isValid()) return null;
  return { dayStart: day.startOf('day').toDate(), dayEnd: day.startOf('day').add(1, 'day').toDate() };
}

/** Minutes since local midnight of an instant in a zone, and its weekday (0 Sunday). */
function localMinutes(instant: Date, zone: string): { day: number; minutes: number; date: string } {
  const local = dayjs(instant).tz(zone);
  return { day: local.day(), minutes: local.hour() * 60 + local.minute(), date: local.format('YYYY-MM-DD') };
}

function toMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Whether [start, start + duration) lies inside one weekly interval of the owner's zone. */
export function isWithinWeeklyHours(options: {
  start: Date;
  durationMinutes: number;
  timeZone: string;
  weeklyHours: readonly TWeeklyInterval[];
}): boolean {
  if (options.weeklyHours.length === 0) return true;
  const begin = localMinutes(options.start, options.timeZone);
  const endMinutes = begin.minutes + options.durationMinutes;
  return options.weeklyHours.some(
    (i) => i.day === begin.day && toMinutes(i.start) <= begin.minutes && endMinutes <= toMinutes(i.end),
  );
}

/** A time on the meeting grid of a zone: whole minutes that are a multiple of the step (spec 5 Meeting slots). */
export function isOnGrid(instant: Date, zone: string, stepMinutes: number): boolean {
  if (instant.getUTCSeconds() !== 0 || instant.getUTCMilliseconds() !== 0) return false;
  return localMinutes(instant, zone).minutes % stepMinutes === 0;
}

/** Why one proposed time cannot be offered, or null when it can (spec 5 Meeting slots and Availability). */
export function proposalProblem(start: Date, rules: TProposalRules): string | null {
  if (!isOnGrid(start, rules.pickerTimeZone, rules.stepMinutes))
    return `Times must start on the ${rules.stepMinutes}-minute grid.`;
  if (start.getTime() <= rules.now.getTime()) return 'Proposed times must be in the future.';
  if (start.getTime() > rules.now.getTime() + MAX_DAYS_AHEAD * 86_400_000)
    return 'Proposed times must be within a year.';
  const { other } = rules;
  if (
    other.lastAvailabilityDay !== null &&
    localMinutes(start, other.timezone).date > other.lastAvailabilityDay
  ) {
    return `${other.firstName} is not available after their last availability date.`;
  }
  if (
    !isWithinWeeklyHours({
      start,
      durationMinutes: rules.durationMinutes,
      timeZone: other.timezone,
      weeklyHours: other.weeklyHours,
    })
  ) {
    return `This time is outside ${other.firstName}'s weekly hours.`;
  }
  if (
    isSlotDisabled({
      slotStart: start,
      durationMinutes: rules.durationMinutes,
      now: rules.now,
      busy: rules.busy,
    })
  ) {
    return 'This time overlaps another meeting.';
  }
  return null;
}

/** Parses and checks proposed times; answers them sorted, or throws 400 with the first problem per time. */
export function validateProposals(
  times: readonly string[],
  rules: TProposalRules,
  options: { isRequired: boolean },
): Date[] {
  if (options.isRequired && times.length === 0)
    throw validationError({ proposedTimes: 'Propose at least one time.' });
  const dates = times.map((t) => new Date(t));
  const unique = new Set(dates.map((d) => d.getTime()));
  if (unique.size !== dates.length)
    throw validationError({ proposedTimes: 'Each proposed time can be given once.' });
  const fields: Record<string, string> = {};
  dates.forEach((d, index) => {
    const problem = proposalProblem(d, rules);
    if (problem) fields[`proposedTimes.${index}`] = problem;
  });
  if (Object.keys(fields).length > 0) throw validationError(fields);
  return [...dates].sort((a, b) => a.getTime() - b.getTime());
}

/** The viewer's thread in the hub; anyone else gets 404 (as the inbox answers). */
export async function requireMeetingThread(
  ctx: TRequestContext,
  threadId: string,
  hubId: number,
): Promise<TThreadListRow> {
  const row = await findThreadFor(ctx.tx, { threadId, viewerId: ctx.requireViewer().user.id, hubId });
  if (!row) throw notFound('Thread');
  return row;
}

/** A meeting of the viewer with its thread as the viewer sees it (read-only rule of spec 4); 404 otherwise. */
export async function requireMeeting(ctx: TRequestContext, row: TMeetingRow | null) {
  if (!row) throw notFound('Meeting');
  const viewerId = ctx.requireViewer().user.id;
  const thread = await requireMeetingThread(ctx, row.threadId, row.hubId);
  return { row, thread, isThreadClosed: isClosedFor(threadView(thread, viewerId)) };
}
