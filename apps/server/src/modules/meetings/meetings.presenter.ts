import type { TMeeting } from '@commons/contract';
import {
  formatDurationHoursMinutes,
  isMeetingActive,
  isMeetingSynced,
  MEETING_MEDIUM_LABELS,
  meetingStatusLabel,
  type TAdvisingStatus,
} from '@commons/domain';
import { meetingLinks } from './meetings.commands.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { isClosedFor } from '../inbox/inbox.policy.js';
import { threadView } from '../inbox/inbox.presenter.js';
import type { TThreadListRow } from '../inbox/inbox.queries.js';
import { isMeetingMedium, meetingAbilities, meetingStatus, requireMeeting } from './meetings.policy.js';
import { advisingOfMeetings, loadPeople, type TMeetingPerson, type TMeetingRow } from './meetings.queries.js';

function presentPerson(p: TMeetingPerson): TMeeting['participants'][number] {
  return {
    id: p.id,
    identifier: p.identifier,
    firstName: p.firstName,
    fullName: `${p.firstName} ${p.lastName}`.trim(),
    photoUrl: p.photoUrl,
    timezone: p.timezone,
  };
}

/**
 * An advising appointment changes through advising (its notice, buffers and status, issue #21): its meeting offers
 * only the invite and the video room.
 */
function withoutAdvisingChanges(can: ReturnType<typeof meetingAbilities>, isAdvising: boolean) {
  if (!isAdvising) return can;
  return {
    ...can,
    accept: false,
    propose: false,
    reject: false,
    cancel: false,
    complete: false,
    noShow: false,
  };
}

/**
 * A meeting for one viewer: the status and label derived by the domain rules (spec 4 Meetings), the
 * proposals and times in UTC (the web app renders them in each participant's zone) and the viewer's abilities.
 */
export function presentMeeting(options: {
  row: TMeetingRow;
  people: Map<string, TMeetingPerson>;
  viewerId: string;
  now: Date;
  isThreadClosed: boolean;
  threadMessageType: string;
  /** The advising appointment this meeting is, when it is one (spec 3 advisingStatus, advisingAppointmentType). */
  advising?: { status: TAdvisingStatus; appointmentType: string } | null;
}): TMeeting {
  const { row, people, viewerId, now } = options;
  const from = people.get(row.fromUserId);
  const to = people.get(row.toUserId);
  if (!from || !to) throw new Error('meeting participant missing');
  const status = meetingStatus(row, now);
  const medium = isMeetingMedium(row.medium) ? row.medium : 'video';
  const isRequester = row.fromUserId === viewerId;
  const viewer = isRequester ? from : to;
  // "Your request has been sent to {first name}": the one who is waiting for an answer is the proposer.
  const answering = row.proposedByUserId === from.id ? to : from;
  const iso = (d: Date) => d.toISOString();
  return {
    id: row.id,
    threadId: row.threadId,
    hubId: String(row.hubId),
    messageId: row.messageId,
    type: options.threadMessageType,
    fromUserId: row.fromUserId,
    toUserId: row.toUserId,
    isRequester,
    status,
    statusLabel: meetingStatusLabel({
      status,
      isSender: row.proposedByUserId === viewerId,
      recipientFirstName: answering.firstName,
    }),
    medium,
    mediumLabel: MEETING_MEDIUM_LABELS[medium],
    durationMinutes: row.durationMinutes,
    durationText: formatDurationHoursMinutes(row.durationMinutes),
    timezone: row.timezone,
    proposedTimes: row.proposedTimes.map(iso),
    proposedByUserId: row.proposedByUserId,
    fromUserProposedTimes: row.fromUserProposedTimes.map(iso),
    toUserProposedTimes: row.toUserProposedTimes.map(iso),
    scheduledTime: row.scheduledTime ? iso(row.scheduledTime) : null,
    scheduledEndTime: row.scheduledEndTime ? iso(row.scheduledEndTime) : null,
    location: row.location,
    phone: row.phone,
    note: row.note,
    meetingToken: row.meetingToken,
    calendarEventId: row.calendarEventId,
    videoCallUrl: meetingLinks({ publicUrl: '' }, row, viewer).videoUrl,
    isSynced: isMeetingSynced({ proposedTimes: row.proposedTimes, scheduledTime: row.scheduledTime }),
    isActive: isMeetingActive({
      status,
      medium,
      scheduledTime: row.scheduledTime,
      scheduledEndTime: row.scheduledEndTime,
      durationMinutes: row.durationMinutes,
      now,
    }),
    previousMeetingId: row.previousMeetingId,
    advisingStatus: options.advising?.status ?? null,
    advisingAppointmentType: options.advising?.appointmentType ?? null,
    participants: [presentPerson(from), presentPerson(to)],
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    can: withoutAdvisingChanges(
      meetingAbilities({ row, viewerId, now, isThreadClosed: options.isThreadClosed }),
      options.advising !== null && options.advising !== undefined,
    ),
  };
}

/** Meetings of one thread as the viewer sees them, with their participants. */
export async function presentThreadMeetings(
  ctx: TRequestContext,
  rows: TMeetingRow[],
  thread: TThreadListRow,
): Promise<TMeeting[]> {
  const viewerId = ctx.requireViewer().user.id;
  const people = await loadPeople(
    ctx.tx,
    rows.flatMap((r) => [r.fromUserId, r.toUserId]),
  );
  const isThreadClosed = isClosedFor(threadView(thread, viewerId));
  // Adviser meetings are advising appointments (issue #21): their advising fields come with them.
  const advising =
    thread.thread.messageType === 'adviserMeetingV2'
      ? await advisingOfMeetings(
          ctx.tx,
          rows.map((r) => r.id),
        )
      : null;
  return rows.map((row) =>
    presentMeeting({
      row,
      people,
      viewerId,
      now: ctx.now,
      isThreadClosed,
      threadMessageType: thread.thread.messageType,
      advising: advising?.get(row.id) ?? null,
    }),
  );
}

/** One meeting of the viewer, as the meeting endpoints answer it. */
export async function presentMeetingResponse(
  ctx: TRequestContext,
  row: TMeetingRow,
): Promise<{ meeting: TMeeting }> {
  const { thread } = await requireMeeting(ctx, row);
  const [meeting] = await presentThreadMeetings(ctx, [row], thread);
  if (!meeting) throw new Error('meeting not presented');
  return { meeting };
}
