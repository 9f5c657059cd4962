import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADVISING_BOOKING_WINDOW_DAYS,
  advisingFreeSlots,
  advisingStatusRefusal,
  appointmentChangeRefusal,
  appointmentTypeProblems,
  DEFAULT_APPOINTMENT_TYPE_SETTINGS,
  dueAdvisingReminders,
  exceptionProblems,
  followUpRefusal,
  heldInterval,
  isAppointmentActive,
  isFreeAdvisingSlot,
  mayBookAppointmentType,
  openHoursOn,
  reminderLeadText,
  remindersCoveredBy,
  slotDays,
  timeOfDayMinutes,
  weekStartOf,
  weeklyHoursProblems,
  zonedDayBounds,
  type TAdvisingSlotOptions,
  type TAppointmentTypeSettings,
} from './advising.js';
import { addCalendarDays, isCalendarDate, zonedDate, zonedInstant } from './time.js';

const LA = 'America/Los_Angeles';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Monday to Friday 09:00-17:00. */
const WEEKDAYS_9_TO_5 = [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' }));

function typeSettings(overrides: Partial<TAppointmentTypeSettings> = {}): TAppointmentTypeSettings {
  return {
    ...DEFAULT_APPOINTMENT_TYPE_SETTINGS,
    name: 'CV review',
    location: null,
    phone: null,
    videoUrl: null,
    whoMayBook: { userTypeIds: [], programIds: [] },
    ...overrides,
  };
}

function slotOptions(overrides: Partial<TAdvisingSlotOptions> = {}): TAdvisingSlotOptions {
  return {
    now: new Date('2026-03-02T08:00:00Z'), // Monday 00:00 in Los Angeles (PST)
    appointmentType: {
      id: 'type-1',
      durationMinutes: 30,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
      minimumNoticeMinutes: 0,
      maxDaysAhead: 14,
      maxPerDay: null,
    },
    adviser: { timeZone: LA, weeklyHours: WEEKDAYS_9_TO_5, exceptions: [], lastAvailabilityDate: null },
    busy: [],
    appointments: [],
    viewerTimeZone: LA,
    ...overrides,
  };
}

function startsOf(days: ReturnType<typeof advisingFreeSlots>, date: string): string[] {
  return (days.find((d) => d.date === date)?.slots ?? []).map((s) => s.start.toISOString());
}

describe('zoned calendar helpers', () => {
  it('turns wall-clock times into instants across both DST changes of Los Angeles', () => {
    expect(zonedInstant('2026-03-07', 9 * 60, LA).toISOString()).toBe('2026-03-07T17:00:00.000Z');
    expect(zonedInstant('2026-03-08', 9 * 60, LA).toISOString()).toBe('2026-03-08T16:00:00.000Z');
    expect(zonedInstant('2026-10-31', 9 * 60, LA).toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(zonedInstant('2026-11-01', 9 * 60, LA).toISOString()).toBe('2026-11-01T17:00:00.000Z');
    // 02:30 does not exist on the spring-forward day: it is the change itself, 03:00 PDT.
    expect(zonedInstant('2026-03-08', 150, LA).toISOString()).toBe('2026-03-08T10:00:00.000Z');
    expect(zonedInstant('2026-03-08', 120, LA).toISOString()).toBe('2026-03-08T10:00:00.000Z');
    expect(zonedInstant('2026-03-08', 60, LA).toISOString()).toBe('2026-03-08T09:00:00.000Z');
    // 01:30 happens twice on the fall-back day: the later one (PST).
    expect(zonedInstant('2026-11-01', 90, LA).toISOString()).toBe('2026-11-01T09:30:00.000Z');
    expect(zonedInstant('2026-03-08', 1440, LA).toISOString()).toBe('2026-03-09T07:00:00.000Z');
  });

  it('makes the DST days 23 and 25 hours long', () => {
    const spring = zonedDayBounds('2026-03-08', LA);
    const fall = zonedDayBounds('2026-11-01', LA);
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * HOUR);
    expect(fall.end.getTime() - fall.start.getTime()).toBe(25 * HOUR);
    expect(zonedDate(spring.end, LA)).toBe('2026-03-09');
  });

  it('validates dates and times of day', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-2-3')).toBe(false);
    expect(timeOfDayMinutes('24:00')).toBe(1440);
    expect(timeOfDayMinutes('24:30')).toBeNull();
    expect(timeOfDayMinutes('9:00')).toBeNull();
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('keys reports by the Monday of the week in the zone', () => {
    expect(weekStartOf(new Date('2026-03-08T20:00:00Z'), LA)).toBe('2026-03-02'); // Sunday
    expect(weekStartOf(new Date('2026-03-09T20:00:00Z'), LA)).toBe('2026-03-09'); // Monday
    expect(weekStartOf(new Date('2026-03-11T20:00:00Z'), LA)).toBe('2026-03-09');
    // Monday 02:00 UTC is still Sunday in Los Angeles.
    expect(weekStartOf(new Date('2026-03-09T02:00:00Z'), LA)).toBe('2026-03-02');
  });
});

describe('appointment type settings', () => {
  it('accepts the defaults with a name', () => {
    expect(appointmentTypeProblems(typeSettings())).toEqual({});
  });

  it('names each field out of range', () => {
    const problems = appointmentTypeProblems(
      typeSettings({
        name: ' ',
        durationMinutes: 17,
        bufferBeforeMinutes: -5,
        bufferAfterMinutes: 500,
        minimumNoticeMinutes: 99_999,
        maxDaysAhead: 0,
        maxPerDay: 0,
      }),
    );
    expect(Object.keys(problems).sort()).toEqual([
      'bufferAfterMinutes',
      'bufferBeforeMinutes',
      'durationMinutes',
      'maxDaysAhead',
      'maxPerDay',
      'minimumNoticeMinutes',
      'name',
    ]);
  });

  it('asks for the place of in-person and external meetings and the number of phone meetings', () => {
    expect(appointmentTypeProblems(typeSettings({ medium: 'in-person' }))).toEqual({
      location: 'Say where the appointment takes place.',
    });
    expect(appointmentTypeProblems(typeSettings({ medium: 'external-meeting', location: 'Zoom' }))).toEqual(
      {},
    );
    expect(appointmentTypeProblems(typeSettings({ medium: 'phone' }))).toEqual({
      phone: 'Give the phone number to call.',
    });
    expect(appointmentTypeProblems(typeSettings({ medium: 'email', maxPerDay: 3 }))).toEqual({});
  });
});

describe('who may book', () => {
  it('lets everyone book when no user type or program is named', () => {
    expect(
      mayBookAppointmentType({
        whoMayBook: { userTypeIds: [], programIds: [] },
        userTypeId: null,
        programIds: [],
      }),
    ).toBe(true);
  });

  it('lets members of a named user type or program book, and no one else', () => {
    const whoMayBook = { userTypeIds: ['students'], programIds: ['p1'] };
    expect(mayBookAppointmentType({ whoMayBook, userTypeId: 'students', programIds: [] })).toBe(true);
    expect(mayBookAppointmentType({ whoMayBook, userTypeId: 'alumni', programIds: ['p1', 'p2'] })).toBe(true);
    expect(mayBookAppointmentType({ whoMayBook, userTypeId: 'alumni', programIds: ['p2'] })).toBe(false);
    expect(mayBookAppointmentType({ whoMayBook, userTypeId: null, programIds: [] })).toBe(false);
  });
});

describe('weekly hours and exceptions', () => {
  it('refuses inverted, overlapping and unknown-day intervals', () => {
    expect(weeklyHoursProblems(WEEKDAYS_9_TO_5)).toEqual({});
    expect(
      weeklyHoursProblems([
        { day: 1, start: '09:00', end: '12:00' },
        { day: 1, start: '11:00', end: '13:00' },
        { day: 2, start: '10:00', end: '09:00' },
        { day: 7, start: '10:00', end: '11:00' },
        { day: 3, start: '24:00', end: '24:00' },
      ]),
    ).toEqual({
      '0.start': 'Hours of one day must not overlap.',
      '1.start': 'Hours of one day must not overlap.',
      '2.end': 'The end must be after the start.',
      '3.day': 'Choose a day of the week.',
      '4.end': 'The end must be after the start.',
    });
  });

  it('refuses exceptions on unknown or repeated dates and with bad hours', () => {
    expect(
      exceptionProblems([
        { date: '2026-12-25', intervals: [] },
        { date: '2026-12-25', intervals: [] },
        { date: '2026-13-01', intervals: [] },
        { date: '2026-12-24', intervals: [{ start: '12:00', end: '10:00' }] },
      ]),
    ).toEqual({
      '1.date': 'Each date can have one exception.',
      '2.date': 'Choose a date.',
      '3.intervals.0.end': 'The end must be after the start.',
    });
  });

  it('closes a holiday and replaces the hours of a day with other hours', () => {
    const exceptions = [
      { date: '2026-03-03', intervals: [], label: 'Holiday' },
      { date: '2026-03-04', intervals: [{ start: '13:00', end: '14:00' }] },
    ];
    const base = { timeZone: LA, weeklyHours: WEEKDAYS_9_TO_5, exceptions };
    expect(openHoursOn({ ...base, date: '2026-03-03' })).toEqual([]);
    expect(openHoursOn({ ...base, date: '2026-03-04' })).toEqual([
      { start: new Date('2026-03-04T21:00:00Z'), end: new Date('2026-03-04T22:00:00Z') },
    ]);
    expect(openHoursOn({ ...base, date: '2026-03-07' })).toEqual([]); // Saturday
  });

  it('drops an interval the spring-forward gap empties and skips malformed ones', () => {
    const weeklyHours = [
      { day: 0, start: '02:00', end: '02:30' },
      { day: 0, start: '10:00', end: '09:00' },
      { day: 0, start: '11:00', end: '12:00' },
    ];
    expect(openHoursOn({ date: '2026-03-08', timeZone: LA, weeklyHours, exceptions: [] })).toEqual([
      { start: new Date('2026-03-08T18:00:00Z'), end: new Date('2026-03-08T19:00:00Z') },
    ]);
  });
});

describe('free slots (issue #21 item 3)', () => {
  it('offers the 30-minute grid inside weekly hours, for 14 days from today', () => {
    const days = advisingFreeSlots(slotOptions());
    expect(days).toHaveLength(ADVISING_BOOKING_WINDOW_DAYS);
    expect(days[0]?.date).toBe('2026-03-02');
    const monday = startsOf(days, '2026-03-02');
    expect(monday).toHaveLength(16);
    expect(monday[0]).toBe('2026-03-02T17:00:00.000Z');
    expect(monday.at(-1)).toBe('2026-03-03T00:30:00.000Z');
    expect(startsOf(days, '2026-03-07')).toEqual([]); // Saturday: empty but listed
  });

  it('steps by 15 minutes when enabled', () => {
    expect(startsOf(advisingFreeSlots(slotOptions({ stepMinutes: 15 })), '2026-03-02')).toHaveLength(31);
  });

  it('keeps the adviser’s 09:00 on both DST changes of Los Angeles', () => {
    const acrossSpring = advisingFreeSlots(slotOptions({ now: new Date('2026-03-06T08:00:00Z') }));
    expect(startsOf(acrossSpring, '2026-03-06')[0]).toBe('2026-03-06T17:00:00.000Z'); // Friday PST
    expect(startsOf(acrossSpring, '2026-03-09')[0]).toBe('2026-03-09T16:00:00.000Z'); // Monday PDT
    expect(startsOf(acrossSpring, '2026-03-09')).toHaveLength(16);
    const acrossFall = advisingFreeSlots(slotOptions({ now: new Date('2026-10-30T07:00:00Z') }));
    expect(startsOf(acrossFall, '2026-10-30')[0]).toBe('2026-10-30T16:00:00.000Z'); // Friday PDT
    expect(startsOf(acrossFall, '2026-11-02')[0]).toBe('2026-11-02T17:00:00.000Z'); // Monday PST
  });

  it('gives the slots of Sunday hours on the DST days themselves, by wall clock', () => {
    const weeklyHours = [{ day: 0, start: '00:00', end: '24:00' }];
    const adviser = { timeZone: LA, weeklyHours, exceptions: [], lastAvailabilityDate: null };
    const spring = advisingFreeSlots(slotOptions({ adviser, now: new Date('2026-03-08T08:00:00Z') }));
    expect(startsOf(spring, '2026-03-08')).toHaveLength(46); // 23 hours
    const fall = advisingFreeSlots(slotOptions({ adviser, now: new Date('2026-11-01T07:00:00Z') }));
    expect(startsOf(fall, '2026-11-01')).toHaveLength(50); // 25 hours
  });

  it('shows the times in the viewer’s zone, by the viewer’s days', () => {
    const days = advisingFreeSlots(slotOptions({ viewerTimeZone: 'Asia/Kolkata' }));
    // 09:00 PST on Monday is 22:30 in India on Monday; 16:30 PST is 06:00 Tuesday.
    const monday = startsOf(days, '2026-03-02');
    expect(monday[0]).toBe('2026-03-02T17:00:00.000Z');
    expect(monday).toHaveLength(3);
    expect(startsOf(days, '2026-03-03').slice(0, 1)).toEqual(['2026-03-02T18:30:00.000Z']);
  });

  it('keeps the minimum notice and the days ahead of the type', () => {
    const now = new Date('2026-03-02T18:10:00Z'); // Monday 10:10 PST
    const noticed = advisingFreeSlots(
      slotOptions({ now, appointmentType: { ...slotOptions().appointmentType, minimumNoticeMinutes: 120 } }),
    );
    expect(startsOf(noticed, '2026-03-02')[0]).toBe('2026-03-02T20:30:00.000Z');
    const near = advisingFreeSlots(
      slotOptions({ now, appointmentType: { ...slotOptions().appointmentType, maxDaysAhead: 2 } }),
    );
    expect(startsOf(near, '2026-03-04')).toEqual([
      '2026-03-04T17:00:00.000Z',
      '2026-03-04T17:30:00.000Z',
      '2026-03-04T18:00:00.000Z',
    ]);
    expect(startsOf(near, '2026-03-05')).toEqual([]);
  });

  it('keeps buffers clear of busy time and of other appointments and their buffers', () => {
    const appointmentType = {
      ...slotOptions().appointmentType,
      bufferBeforeMinutes: 15,
      bufferAfterMinutes: 15,
    };
    const days = advisingFreeSlots(
      slotOptions({
        appointmentType,
        busy: [{ start: new Date('2026-03-02T19:00:00Z'), end: new Date('2026-03-02T19:30:00Z') }], // 11:00 PST
        appointments: [
          {
            start: new Date('2026-03-02T22:00:00Z'), // 14:00 PST, holds 13:50-14:40
            end: new Date('2026-03-02T22:30:00Z'),
            bufferBeforeMinutes: 10,
            bufferAfterMinutes: 10,
            appointmentTypeId: 'other',
          },
        ],
      }),
    );
    const monday = startsOf(days, '2026-03-02').map((iso) => iso.slice(11, 16));
    // 10:30 would end at 11:00 + 15 buffer; 11:30 would start 15 minutes after the busy end (buffer).
    expect(monday).not.toContain('18:30');
    expect(monday).not.toContain('19:00');
    expect(monday).not.toContain('19:30');
    expect(monday).toContain('18:00');
    expect(monday).toContain('20:00');
    // 13:00 PST holds until 13:45, which meets the appointment's 13:50 hold: free; 13:30 and 14:30 are not.
    expect(monday).toContain('21:00');
    expect(monday).not.toContain('21:30');
    expect(monday).not.toContain('22:30');
    expect(monday).toContain('23:00');
  });

  it('stops at the most per day of the type, counted by the adviser’s day', () => {
    const appointmentType = { ...slotOptions().appointmentType, maxPerDay: 1 };
    const booked = {
      start: new Date('2026-03-03T17:00:00Z'),
      end: new Date('2026-03-03T17:30:00Z'),
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
    };
    const sameType = advisingFreeSlots(
      slotOptions({ appointmentType, appointments: [{ ...booked, appointmentTypeId: 'type-1' }] }),
    );
    expect(startsOf(sameType, '2026-03-03')).toEqual([]);
    expect(startsOf(sameType, '2026-03-04')).toHaveLength(16);
    const otherType = advisingFreeSlots(
      slotOptions({ appointmentType, appointments: [{ ...booked, appointmentTypeId: 'type-2' }] }),
    );
    expect(startsOf(otherType, '2026-03-03')).toHaveLength(15);
  });

  it('offers nothing after the adviser’s last availability date (spec 5 Availability)', () => {
    const adviser = { ...slotOptions().adviser, lastAvailabilityDate: '2026-03-03' };
    const days = advisingFreeSlots(slotOptions({ adviser }));
    expect(startsOf(days, '2026-03-03')).toHaveLength(16);
    expect(startsOf(days, '2026-03-04')).toEqual([]);
  });

  it('answers the asked days only, clamped to today and the window', () => {
    const options = slotOptions();
    expect(slotDays({ ...options, from: '2026-02-01', to: '2026-03-03' })).toEqual([
      '2026-03-02',
      '2026-03-03',
    ]);
    expect(slotDays({ ...options, from: '2026-03-10', to: '2026-04-30' })).toEqual([
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
      '2026-03-15',
    ]);
    expect(advisingFreeSlots({ ...options, from: '2026-04-01' })).toEqual([]);
  });

  it('recognises a free slot and refuses a taken or off-grid one', () => {
    const options = slotOptions();
    expect(isFreeAdvisingSlot({ ...options, start: new Date('2026-03-02T17:30:00Z') })).toBe(true);
    expect(isFreeAdvisingSlot({ ...options, start: new Date('2026-03-02T17:40:00Z') })).toBe(false);
    expect(
      isFreeAdvisingSlot({
        ...options,
        busy: [{ start: new Date('2026-03-02T17:30:00Z'), end: new Date('2026-03-02T18:00:00Z') }],
        start: new Date('2026-03-02T17:30:00Z'),
      }),
    ).toBe(false);
  });

  it('property: every slot fits the open hours, keeps its buffers clear and sits on the viewer’s grid', () => {
    const zones = fc.constantFrom(LA, 'Europe/London', 'Asia/Kolkata', 'Australia/Sydney', 'UTC');
    const nowArb = fc.date({
      min: new Date('2026-01-01T00:00:00Z'),
      max: new Date('2027-12-31T00:00:00Z'),
      noInvalidDate: true,
    });
    const intervalArb = fc
      .tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 46 }), fc.integer({ min: 1, max: 16 }))
      .map(([day, startHalf, length]) => {
        const start = startHalf * 30;
        const end = Math.min(1440, start + length * 30);
        const hhmm = (m: number) =>
          `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        return { day, start: hhmm(start), end: hhmm(end) };
      });
    fc.assert(
      fc.property(
        nowArb,
        zones,
        zones,
        fc.array(intervalArb, { maxLength: 4 }),
        fc.integer({ min: 0, max: 4 }).map((n) => n * 15),
        fc.integer({ min: 0, max: 4 }).map((n) => n * 15),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 14 * 24 }), fc.integer({ min: 1, max: 6 })), {
          maxLength: 6,
        }),
        fc.constantFrom<30 | 15>(30, 15),
        (now, adviserZone, viewerZone, weeklyHours, before, after, busyHours, step) => {
          const busy = busyHours.map(([offset, length]) => ({
            start: new Date(now.getTime() + offset * HOUR),
            end: new Date(now.getTime() + (offset + length / 2) * HOUR),
          }));
          const options = slotOptions({
            now,
            viewerTimeZone: viewerZone,
            stepMinutes: step,
            busy,
            adviser: { timeZone: adviserZone, weeklyHours, exceptions: [], lastAvailabilityDate: null },
            appointmentType: {
              ...slotOptions().appointmentType,
              durationMinutes: 45,
              bufferBeforeMinutes: before,
              bufferAfterMinutes: after,
            },
          });
          for (const day of advisingFreeSlots(options)) {
            for (const slot of day.slots) {
              expect(zonedDate(slot.start, viewerZone)).toBe(day.date);
              expect(slot.start.getTime()).toBeGreaterThanOrEqual(now.getTime());
              const local = zonedInstant(zonedDate(slot.start, viewerZone), 0, viewerZone);
              expect(((slot.start.getTime() - local.getTime()) / MINUTE) % step).toBe(0);
              const adviserDay = zonedDate(slot.start, adviserZone);
              const open = [addCalendarDays(adviserDay, -1), adviserDay].flatMap((date) =>
                openHoursOn({ date, timeZone: adviserZone, weeklyHours, exceptions: [] }),
              );
              expect(open.some((o) => o.start <= slot.start && slot.end <= o.end)).toBe(true);
              const held = heldInterval({ ...slot, bufferBeforeMinutes: before, bufferAfterMinutes: after });
              expect(busy.some((b) => b.start < held.end && held.start < b.end)).toBe(false);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('appointment life', () => {
  const start = new Date('2026-03-10T17:00:00Z');
  const end = new Date('2026-03-10T17:30:00Z');

  it('opens check-in 30 minutes before the start until the end', () => {
    const at = (iso: string) => new Date(iso);
    const base = { from: 'scheduled' as const, to: 'checkedIn' as const, start, end };
    expect(advisingStatusRefusal({ ...base, now: at('2026-03-10T16:20:00Z') })).toBe(
      'Check-in opens 30 minutes before the appointment.',
    );
    expect(advisingStatusRefusal({ ...base, now: at('2026-03-10T16:30:00Z') })).toBeNull();
    expect(advisingStatusRefusal({ ...base, now: at('2026-03-10T17:30:00Z') })).toBe(
      'The appointment has ended; mark it completed or a no-show.',
    );
    expect(advisingStatusRefusal({ ...base, from: 'checkedIn', now: at('2026-03-10T17:00:00Z') })).toBe(
      'The student is already checked in.',
    );
  });

  it('marks completed or no-show once started, never a no-show after check-in, nothing once closed', () => {
    const before = new Date('2026-03-10T16:59:00Z');
    const after = new Date('2026-03-10T17:01:00Z');
    expect(advisingStatusRefusal({ from: 'scheduled', to: 'completed', start, end, now: before })).toBe(
      'An appointment can be marked completed once it has started.',
    );
    expect(advisingStatusRefusal({ from: 'checkedIn', to: 'completed', start, end, now: after })).toBeNull();
    expect(advisingStatusRefusal({ from: 'scheduled', to: 'noShow', start, end, now: before })).toBe(
      'An appointment can be marked a no-show once it has started.',
    );
    expect(advisingStatusRefusal({ from: 'scheduled', to: 'noShow', start, end, now: after })).toBeNull();
    expect(advisingStatusRefusal({ from: 'checkedIn', to: 'noShow', start, end, now: after })).toBe(
      'The student checked in, so this is not a no-show.',
    );
    expect(advisingStatusRefusal({ from: 'canceled', to: 'completed', start, end, now: after })).toBe(
      'This appointment is already closed.',
    );
    expect(isAppointmentActive('checkedIn')).toBe(true);
    expect(isAppointmentActive('noShow')).toBe(false);
  });

  it('takes a follow-up only on a completed appointment', () => {
    expect(followUpRefusal('completed')).toBeNull();
    for (const status of ['scheduled', 'checkedIn', 'noShow', 'canceled'] as const) {
      expect(followUpRefusal(status)).toBe('Mark the appointment completed before adding a follow-up.');
    }
  });

  it('holds the student to the minimum notice for cancel and reschedule, not advising staff', () => {
    const now = new Date('2026-03-10T08:00:00Z'); // 9 hours before
    const base = { status: 'scheduled' as const, start, now, minimumNoticeMinutes: 24 * 60 };
    expect(appointmentChangeRefusal({ ...base, by: 'student' })).toBe(
      'Appointments can be canceled or rescheduled up to 24 hours before they start. Contact your adviser.',
    );
    expect(appointmentChangeRefusal({ ...base, by: 'staff' })).toBeNull();
    expect(appointmentChangeRefusal({ ...base, minimumNoticeMinutes: 60, by: 'student' })).toBeNull();
    expect(appointmentChangeRefusal({ ...base, minimumNoticeMinutes: 0, by: 'student' })).toBeNull();
    expect(appointmentChangeRefusal({ ...base, now: start, by: 'staff' })).toBe(
      'This appointment has already started.',
    );
    expect(appointmentChangeRefusal({ ...base, status: 'canceled', by: 'staff' })).toBe(
      'Only a scheduled appointment can be changed.',
    );
  });

  it('sends the 24-hour and 1-hour reminders once each, only if booked before their time', () => {
    const bookedAt = new Date('2026-03-01T00:00:00Z');
    const due = (iso: string, sent: number[] = [], booked = bookedAt) =>
      dueAdvisingReminders({ start, bookedAt: booked, now: new Date(iso), sent });
    expect(due('2026-03-09T16:59:00Z')).toEqual([]);
    expect(due('2026-03-09T17:00:00Z')).toEqual([1440]);
    expect(due('2026-03-09T17:00:00Z', [1440])).toEqual([]);
    expect(due('2026-03-10T16:00:00Z', [1440])).toEqual([60]);
    // Both due at once (the job was down): only the nearer one.
    expect(due('2026-03-10T16:10:00Z')).toEqual([60]);
    expect(due('2026-03-10T17:00:00Z')).toEqual([]);
    // Booked 3 hours ahead: no 24-hour reminder, the 1-hour one still.
    expect(due('2026-03-10T16:00:00Z', [], new Date('2026-03-10T14:00:00Z'))).toEqual([60]);
    expect(remindersCoveredBy(60)).toEqual([1440, 60]);
    expect(reminderLeadText(1440)).toBe('in 24 hours');
    expect(reminderLeadText(60)).toBe('in 1 hour');
  });

  it('holds an appointment’s buffers around it', () => {
    expect(heldInterval({ start, end, bufferBeforeMinutes: 10, bufferAfterMinutes: 5 })).toEqual({
      start: new Date('2026-03-10T16:50:00Z'),
      end: new Date('2026-03-10T17:35:00Z'),
    });
  });
});
