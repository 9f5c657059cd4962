import { describe, expect, it } from 'vitest';
import { meetingDateTime, meetingSpan, otherZoneNote, timeOfDay } from './meeting-time';

const nineInLosAngeles = '2026-06-03T16:00:00.000Z';

describe('meeting times in the participants’ zones', () => {
  it('writes a start in the spec 9 long date and time formats with the zone', () => {
    expect(meetingDateTime(nineInLosAngeles, 'America/Los_Angeles')).toBe('Wed, Jun 3rd, 2026 · 9:00 am PDT');
    expect(timeOfDay(nineInLosAngeles, 'Europe/Berlin')).toBe('6:00 pm');
    expect(meetingSpan(nineInLosAngeles, 30, 'America/Los_Angeles')).toBe(
      'Wed, Jun 3rd, 2026 · 9:00 am – 9:30 am PDT',
    );
  });

  it('adds the other participant’s local time only when their clock differs, with the date when the day differs', () => {
    expect(
      otherZoneNote(nineInLosAngeles, {
        viewerZone: 'America/Los_Angeles',
        otherZone: 'America/Los_Angeles',
        otherName: 'Alex',
      }),
    ).toBeNull();
    expect(
      otherZoneNote(nineInLosAngeles, {
        viewerZone: 'America/Los_Angeles',
        otherZone: 'Europe/Berlin',
        otherName: 'Alex',
      }),
    ).toBe('6:00 pm GMT+2 for Alex');
    expect(
      otherZoneNote('2026-06-04T04:00:00.000Z', {
        viewerZone: 'America/Los_Angeles',
        otherZone: 'Asia/Tokyo',
        otherName: 'Kei',
      }),
    ).toBe('Jun 4, 2026 1:00 pm GMT+9 for Kei');
  });
});
