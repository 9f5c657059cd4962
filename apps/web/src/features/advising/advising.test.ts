import type { TAdminAppointmentType, TAdviserAvailability } from '@commons/contract';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ADVISING_ADMIN_SECTIONS, advisingPaths } from '../../config/advising-paths';
import { ROUTES } from '../../config/paths';
import { appointmentMeetingLabel, appointmentMeetingStatus } from './appointment-status';
import {
  appointmentTypeFormErrors,
  appointmentTypeRequest,
  appointmentTypeRules,
  appointmentTypeValues,
  formErrorsOfServerFields,
  noticeParts,
} from './appointment-type-values';
import {
  availabilityProblems,
  availabilityRequest,
  availabilityValues,
  exceptionErrorsOfServerFields,
  newException,
} from './availability-values';
import { reportRange, reportRowLabel } from './report-range';
import { dayToShow, isSlotOffered, slotCount, slotDayLabel, slotSummary } from './slot-days';

const slot = (start: string, minutes = 30) => ({
  start,
  end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
});

describe('slot days (quick booking, issue #21 item 3)', () => {
  const days = [
    { date: '2026-03-07', slots: [] },
    { date: '2026-03-08', slots: [slot('2026-03-08T17:00:00.000Z'), slot('2026-03-08T17:30:00.000Z')] },
    { date: '2026-03-09', slots: [slot('2026-03-09T16:00:00.000Z')] },
  ];

  it('labels a calendar day without shifting it into a zone', () => {
    expect(slotDayLabel('2026-03-08')).toBe('Sun, Mar 8');
  });

  it('shows the chosen day while it has times, else the first day with any', () => {
    expect(dayToShow(days, '2026-03-09')).toBe('2026-03-09');
    expect(dayToShow(days, '2026-03-07')).toBe('2026-03-08');
    expect(dayToShow(days, null)).toBe('2026-03-08');
    expect(dayToShow([{ date: '2026-03-07', slots: [] }], null)).toBeNull();
  });

  it('knows whether a chosen time is still offered after a refresh, whatever the offset it is written in', () => {
    expect(isSlotOffered(days, '2026-03-08T09:30:00-08:00')).toBe(true);
    expect(isSlotOffered(days, '2026-03-08T18:00:00.000Z')).toBe(false);
    expect(isSlotOffered(days, null)).toBe(false);
    expect(slotCount(days)).toBe(3);
  });

  it('sums up a slot in the viewer’s zone across the spring DST change', () => {
    // 2026-03-08 is the spring-forward day in Los Angeles: 17:00Z is 10:00 am PDT.
    expect(slotSummary(slot('2026-03-08T17:00:00.000Z'), 'America/Los_Angeles')).toBe(
      'Sun, Mar 8th, 2026 · 10:00 am – 10:30 am PDT',
    );
    expect(slotSummary(slot('2026-03-07T17:00:00.000Z'), 'America/Los_Angeles')).toBe(
      'Sat, Mar 7th, 2026 · 9:00 am – 9:30 am PST',
    );
  });
});

describe('appointment labels (spec 4 Meetings)', () => {
  const base = {
    start: '2026-05-04T16:00:00.000Z',
    end: '2026-05-04T16:30:00.000Z',
    viewerRole: 'student' as const,
    adviser: {
      id: 'a',
      userId: 'u',
      identifier: 'dana',
      firstName: 'Dana',
      fullName: 'Dana Adviser',
      photoUrl: null,
      title: 'Career adviser',
    },
  };
  const before = new Date('2026-05-04T15:00:00.000Z');
  const after = new Date('2026-05-04T17:00:00.000Z');

  it('shows a booked appointment as Meeting Upcoming until it ends, then as an accepted request', () => {
    expect(appointmentMeetingStatus({ ...base, advisingStatus: 'scheduled' }, before)).toBe('upcoming');
    expect(appointmentMeetingLabel({ ...base, advisingStatus: 'scheduled' }, before)).toBe(
      'Meeting Upcoming',
    );
    expect(appointmentMeetingLabel({ ...base, advisingStatus: 'checkedIn' }, before)).toBe(
      'Meeting Upcoming',
    );
    expect(appointmentMeetingLabel({ ...base, advisingStatus: 'scheduled' }, after)).toBe('Request Accepted');
  });

  it('names canceled, no-show and completed appointments with the spec’s words', () => {
    expect(appointmentMeetingLabel({ ...base, advisingStatus: 'canceled' }, before)).toBe('Meeting Canceled');
    expect(appointmentMeetingLabel({ ...base, advisingStatus: 'noShow' }, after)).toBe(
      'Meeting marked as no-show',
    );
    expect(appointmentMeetingLabel({ ...base, advisingStatus: 'completed' }, after)).toBe(
      'Request Completed',
    );
  });
});

const savedType: TAdminAppointmentType = {
  id: 't1',
  name: 'CV review',
  description: '',
  durationMinutes: 45,
  durationText: '45 minutes',
  medium: 'in-person',
  mediumLabel: 'In-person meeting',
  location: 'Career centre, room 2',
  minimumNoticeMinutes: 120,
  minimumNoticeText: '2 hours',
  topicIds: ['topic-1'],
  phone: null,
  videoUrl: null,
  bufferBeforeMinutes: 10,
  bufferAfterMinutes: 5,
  maxDaysAhead: 30,
  maxPerDay: 4,
  whoMayBook: { userTypeIds: ['student-type'], programIds: [] },
  isActive: true,
};

describe('appointment type form (issue #21 item 1)', () => {
  it('types the notice in its largest whole unit', () => {
    expect(noticeParts(1440)).toEqual({ amount: '1', unit: 'days' });
    expect(noticeParts(120)).toEqual({ amount: '2', unit: 'hours' });
    expect(noticeParts(90)).toEqual({ amount: '90', unit: 'minutes' });
    expect(noticeParts(0)).toEqual({ amount: '0', unit: 'minutes' });
  });

  it('round-trips every setting of a saved type', () => {
    expect(appointmentTypeRequest(appointmentTypeValues(savedType))).toEqual({
      name: 'CV review',
      description: '',
      durationMinutes: 45,
      medium: 'in-person',
      location: 'Career centre, room 2',
      phone: null,
      videoUrl: null,
      bufferBeforeMinutes: 10,
      bufferAfterMinutes: 5,
      minimumNoticeMinutes: 120,
      maxDaysAhead: 30,
      maxPerDay: 4,
      whoMayBook: { userTypeIds: ['student-type'], programIds: [] },
      topicIds: ['topic-1'],
      isActive: true,
    });
  });

  it('starts a new type from the domain’s defaults: 30 minutes by video, a day’s notice, no daily limit', () => {
    const values = appointmentTypeValues(null);
    expect(values).toMatchObject({
      durationMinutes: '30',
      medium: 'video',
      noticeAmount: '1',
      noticeUnit: 'days',
      maxDaysAhead: '14',
      maxPerDay: '',
    });
    expect(appointmentTypeRequest(values).maxPerDay).toBeNull();
  });

  it('keeps only the medium’s own place, phone or link', () => {
    const values = { ...appointmentTypeValues(savedType), medium: 'phone' as const, phone: ' 555 0100 ' };
    const request = appointmentTypeRequest(values);
    expect(request.location).toBeNull();
    expect(request.phone).toBe('555 0100');
    expect(appointmentTypeRequest({ ...values, medium: 'video', videoUrl: '' }).videoUrl).toBeNull();
  });

  it('names the fields the domain refuses, the notice under its amount', () => {
    const errors = appointmentTypeFormErrors({
      ...appointmentTypeValues(savedType),
      name: ' ',
      durationMinutes: '47',
      noticeAmount: '15',
      noticeUnit: 'days',
      maxPerDay: 'x',
      location: '',
    });
    expect(Object.keys(errors).sort()).toEqual([
      'durationMinutes',
      'location',
      'maxPerDay',
      'name',
      'noticeAmount',
    ]);
    expect(errors.noticeAmount).toBe('The notice is at most two weeks.');
    expect(appointmentTypeFormErrors(appointmentTypeValues(savedType))).toEqual({});
  });

  it('puts the server’s field errors under the form’s fields', () => {
    expect(
      formErrorsOfServerFields({
        videoUrl: 'Enter a link.',
        minimumNoticeMinutes: 'Too long.',
        'whoMayBook.programIds.0': 'Unknown program.',
      }),
    ).toEqual({ videoUrl: 'Enter a link.', noticeAmount: 'Too long.', programIds: 'Unknown program.' });
  });

  it('sums up the rules of a type in one line', () => {
    expect(appointmentTypeRules(savedType)).toBe(
      'buffers 10 min before, 5 min after · 2 hours notice · up to 30 days ahead · at most 4 a day per adviser · booked by 1 user type',
    );
    expect(
      appointmentTypeRules({
        ...savedType,
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: 0,
        minimumNoticeMinutes: 0,
        maxDaysAhead: 1,
        maxPerDay: null,
        whoMayBook: { userTypeIds: [], programIds: [] },
      }),
    ).toBe('no minimum notice · up to 1 day ahead · no daily limit · every member may book');
  });
});

describe('adviser availability form (issue #21 item 2)', () => {
  const availability: TAdviserAvailability = {
    adviserId: 'a1',
    timezone: 'America/Los_Angeles',
    weeklyHours: [{ day: 1, start: '09:00', end: '12:00' }],
    exceptions: [
      { date: '2026-12-25', intervals: [], label: 'Christmas' },
      { date: '2026-12-01', intervals: [{ start: '13:00', end: '15:00' }], label: null },
    ],
    slotMinutes: 15,
    calendar: { icsUrl: null, lastSyncedAt: null, lastError: null, busyCount: 0 },
  };

  it('lists the exceptions by date and sends them back as saved, an empty address removing the calendar', () => {
    const values = availabilityValues(availability);
    expect(values.exceptions.map((e) => e.date)).toEqual(['2026-12-01', '2026-12-25']);
    expect(availabilityRequest(values)).toEqual({
      timezone: 'America/Los_Angeles',
      slotMinutes: 15,
      weeklyHours: [{ day: 1, start: '09:00', end: '12:00' }],
      exceptions: [
        { date: '2026-12-01', intervals: [{ start: '13:00', end: '15:00' }], label: null },
        { date: '2026-12-25', intervals: [], label: 'Christmas' },
      ],
      icsUrl: null,
    });
    expect(availabilityRequest({ ...values, icsUrl: ' https://cal.example.org/a.ics ' }).icsUrl).toBe(
      'https://cal.example.org/a.ics',
    );
  });

  it('adds a new exception on the day after the latest one, or today', () => {
    const values = availabilityValues(availability);
    expect(newException('2026-11-27', values.exceptions).date).toBe('2026-12-26');
    expect(newException('2026-11-27', []).date).toBe('2026-11-27');
    expect(newException('2027-01-10', values.exceptions).date).toBe('2027-01-10');
  });

  it('finds overlapping weekly hours and a date given twice before saving', () => {
    const values = availabilityValues(availability);
    const problems = availabilityProblems({
      ...values,
      weeklyHours: [
        { day: 1, start: '09:00', end: '12:00' },
        { day: 1, start: '11:00', end: '13:00' },
      ],
      exceptions: [...values.exceptions, { date: '2026-12-25', intervals: [], label: '' }],
    });
    expect(problems.weeklyHours).toBe('Monday: hours must not overlap.');
    expect(problems.exceptions).toEqual({ '2.date': 'Each date can have one exception.' });
    expect(availabilityProblems(values)).toEqual({ weeklyHours: null, exceptions: {} });
  });

  it('keys the server’s exception errors as the editor shows them', () => {
    expect(
      exceptionErrorsOfServerFields({ 'exceptions.1.date': 'Choose a date.', timezone: 'Unknown.' }),
    ).toEqual({
      '1.date': 'Choose a date.',
    });
  });
});

describe('advising reports and paths (issue #21 item 5)', () => {
  it('starts on the Monday four weeks before this week and ends with the booking window', () => {
    // Friday 27 November 2026, 10:00 in Los Angeles.
    expect(reportRange(new Date('2026-11-27T18:00:00Z'), 'America/Los_Angeles')).toEqual({
      from: '2026-10-26',
      to: '2026-12-10',
    });
  });

  it('names weeks by their Monday, the row’s key', () => {
    expect(reportRowLabel('week', { key: '2026-11-23', label: 'Week of 2026-11-23' })).toBe(
      'Week of Mon, Nov 23',
    );
    expect(reportRowLabel('topic', { key: 't', label: 'CV review' })).toBe('CV review');
  });

  it('builds quick booking with the adviser chosen, and admin paths the route table matches', () => {
    expect(advisingPaths.quickBook({ adviserId: 'a 1', topicId: 't' })).toBe(
      '/advising/quick-book/topics?topic=t&adviser=a+1',
    );
    expect(advisingPaths.appointments({ role: 'adviser' })).toBe('/advising/appointments?role=adviser');
    const sectionPattern = `${ROUTES.hub}/${ROUTES.hubChildren.siteAdminAdvising}`;
    for (const section of ADVISING_ADMIN_SECTIONS)
      expect(matchPath(sectionPattern, advisingPaths.admin('north field', section))?.params.section).toBe(
        section,
      );
    const adviserPattern = `${ROUTES.hub}/${ROUTES.hubChildren.siteAdminAdviser}`;
    expect(matchPath(adviserPattern, advisingPaths.adminAdviser('northfield', 'a1'))?.params.adviserId).toBe(
      'a1',
    );
  });
});
