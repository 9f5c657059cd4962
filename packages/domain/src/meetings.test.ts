import { describe, expect, it } from 'vitest';
import {
  deriveMeetingStatus,
  formatDurationHoursMinutes,
  isMeetingActive,
  isMeetingStatus,
  isMeetingSynced,
  isSlotDisabled,
  isThreadClosed,
  meetingSlots,
  meetingStatusLabel,
} from './meetings.js';

describe('deriveMeetingStatus (spec 4 Meetings)', () => {
  it.each([
    ['an explicit status', { status: 'noShow' }, 'noShow'],
    ['an unknown status and nothing else', { status: 'weird' }, 'pending'],
    ['an accepted request', { event: 'requestAccepted' }, 'accepted'],
    ['a rejected meeting', { event: 'rejected', scheduledTime: '2025-01-01T10:00:00Z' }, 'rejected'],
    ['a requested reschedule', { event: 'rescheduleRequested' }, 'rejected'],
    ['a completed meeting', { event: 'completed' }, 'accepted'],
    ['a scheduled time', { scheduledTime: '2025-01-01T10:00:00Z' }, 'accepted'],
    ['an empty scheduled time', { scheduledTime: '' }, 'pending'],
    ['nothing', {}, 'pending'],
  ] as const)('%s gives %s', (_label, message, status) => {
    expect(deriveMeetingStatus(message)).toBe(status);
  });

  it('recognises statuses', () => {
    expect(isMeetingStatus('cancelled')).toBe(true);
    expect(isMeetingStatus(null)).toBe(false);
  });
});

describe('meetingStatusLabel (spec 4 Meetings)', () => {
  it.each([
    ['canceled', false, 'Meeting Canceled'],
    ['cancelled', true, 'Meeting Canceled'],
    ['noShow', false, 'Meeting marked as no-show'],
    ['upcoming', false, 'Meeting Upcoming'],
    ['pending', true, 'Your request has been sent to Ada'],
    ['pending', false, 'Request Pending'],
    ['notAccepted', true, 'Request Expired'],
    ['accepted', false, 'Request Accepted'],
    ['rejected', true, 'Request Rejected'],
    ['completed', false, 'Request Completed'],
  ] as const)('%s (sender %s) reads %j', (status, isSender, label) => {
    expect(meetingStatusLabel({ status, isSender, recipientFirstName: 'Ada' })).toBe(label);
  });
});

describe('isMeetingSynced (spec 4 Meetings)', () => {
  it.each([
    [{ proposedTimes: ['2025-01-01T10:00:00Z'], scheduledTime: '2025-01-01T10:00:00Z' }, false],
    [{ proposedTimes: [], scheduledTime: '2025-01-01T10:00:00Z' }, true],
    [{ scheduledTime: new Date('2025-01-01T10:00:00Z') }, true],
    [{ proposedTimes: null, scheduledTime: null }, false],
    [{}, false],
  ])('%j is synced=%s', (message, expected) => {
    expect(isMeetingSynced(message)).toBe(expected);
  });
});

describe('isThreadClosed (spec 4 Meetings)', () => {
  type TThread = Parameters<typeof isThreadClosed>[0];
  const closingStatuses = [
    'mentorClosed',
    'menteeClosed',
    'autoClosed',
    'adminClosed',
    'ready',
    'cancelled',
    'rejected',
  ];
  const cases: Array<[string, TThread, boolean]> = [
    ...closingStatuses.map((mentorshipStatus): [string, TThread, boolean] => [
      `mentorship ${mentorshipStatus}`,
      { mentorshipStatus },
      true,
    ]),
    ['mentorship active', { mentorshipStatus: 'active' }, false],
    ['no mentorship', { mentorshipStatus: null }, false],
    ['rejected thread', { isRejected: true }, true],
    ['archived by me', { isArchivedByCurrentUser: true }, true],
    ['other user deleted', { isOtherUserDeleted: true }, true],
    ['open thread', {}, false],
  ];
  it.each(cases)('%s is closed=%s', (_label, thread, expected) => {
    expect(isThreadClosed(thread)).toBe(expected);
  });
});

describe('isMeetingActive (spec 4 Meetings)', () => {
  const now = new Date('2025-03-01T12:00:00Z');
  it.each([
    ['end in the future', { status: 'accepted', scheduledEndTime: '2025-03-01T12:00:01Z' }, true],
    ['end exactly now', { status: 'accepted', scheduledEndTime: '2025-03-01T12:00:00Z' }, false],
    ['end passed', { status: 'accepted', scheduledEndTime: '2025-03-01T11:00:00Z' }, false],
    [
      'start + duration in the future',
      { status: 'upcoming', scheduledTime: '2025-03-01T11:45:00Z', durationMinutes: 30 },
      true,
    ],
    [
      'start + duration passed',
      { status: 'upcoming', scheduledTime: '2025-03-01T11:00:00Z', durationMinutes: 30 },
      false,
    ],
    ['start without duration', { status: 'pending', scheduledTime: '2025-03-01T11:00:00Z' }, true],
    ['no times', { status: 'pending' }, true],
    ['rejected', { status: 'rejected', scheduledEndTime: '2025-03-02T00:00:00Z' }, false],
    ['completed', { status: 'completed', scheduledEndTime: '2025-03-02T00:00:00Z' }, false],
    [
      'email medium long past',
      { status: 'accepted', medium: 'email', scheduledEndTime: '2020-01-01T00:00:00Z' },
      true,
    ],
    ['email medium rejected', { status: 'rejected', medium: 'email' }, false],
    ['email medium completed', { status: 'completed', medium: 'email' }, false],
  ] as const)('%s is active=%s', (_label, meeting, expected) => {
    expect(isMeetingActive({ ...meeting, now })).toBe(expected);
  });
});

describe('meeting slots (spec 5 Meeting slots)', () => {
  const dayStart = new Date('2025-03-03T09:00:00Z');
  const dayEnd = new Date('2025-03-03T11:00:00Z');
  it('steps every 30 minutes by default, ending before dayEnd', () => {
    expect(meetingSlots({ dayStart, dayEnd }).map((d) => d.toISOString().slice(11, 16))).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
    ]);
  });

  it('steps every 15 minutes when asked', () => {
    expect(meetingSlots({ dayStart, dayEnd, stepMinutes: 15 })).toHaveLength(8);
  });

  it('gives no slots for an empty or inverted day', () => {
    expect(meetingSlots({ dayStart, dayEnd: dayStart })).toEqual([]);
    expect(meetingSlots({ dayStart: dayEnd, dayEnd: dayStart })).toEqual([]);
  });

  const busy = [{ start: new Date('2025-03-03T10:00:00Z'), end: new Date('2025-03-03T10:30:00Z') }];
  it.each([
    ['09:00', '2025-03-03T08:00:00Z', false],
    ['09:00', '2025-03-03T09:00:01Z', true],
    ['09:30', '2025-03-03T08:00:00Z', false],
    ['09:45', '2025-03-03T08:00:00Z', true],
    ['10:00', '2025-03-03T08:00:00Z', true],
    ['10:30', '2025-03-03T08:00:00Z', false],
  ])('a 30-minute slot at %s with now %s is disabled=%s', (time, now, expected) => {
    const slotStart = new Date(`2025-03-03T${time}:00Z`);
    expect(isSlotDisabled({ slotStart, durationMinutes: 30, now: new Date(now), busy })).toBe(expected);
  });

  it('disables nothing without busy times in the future', () => {
    expect(isSlotDisabled({ slotStart: dayEnd, durationMinutes: 30, now: dayStart })).toBe(false);
  });
});

describe('formatDurationHoursMinutes (spec 9)', () => {
  it.each([
    [0, '0 minutes'],
    [1, '1 minute'],
    [15, '15 minutes'],
    [60, '1 hour'],
    [61, '1 hour 1 minute'],
    [90, '1 hour 30 minutes'],
    [120, '2 hours'],
    [135, '2 hours 15 minutes'],
    [-5, '0 minutes'],
    [29.6, '30 minutes'],
  ])('%d minutes reads %j', (minutes, text) => {
    expect(formatDurationHoursMinutes(minutes)).toBe(text);
  });
});
