import { describe, expect, it } from 'vitest';
import { findUnfilledPlaceholders } from './validation.js';
import {
  DEFAULT_MENTORSHIP_LENGTH_TEXT,
  DEFAULT_MESSAGE_TYPE_SETTINGS,
  enabledMessageTypes,
  isMeetingMessageType,
  meetingInThreadRefusal,
  isMessageType,
  MEETING_MEDIUM_LABELS,
  MEETING_MEDIUMS,
  MESSAGE_TYPE_LABELS,
  MESSAGE_TYPES,
  OUTREACH_TEMPLATES,
  outreachTemplatesFor,
  resolveMessageTypeSettings,
  ZMessageTypeSettings,
  ZMessageTypesSettings,
} from './message-types.js';

describe('message types (spec 3, spec 9)', () => {
  it('lists the seven types with labels', () => {
    expect(MESSAGE_TYPES).toEqual([
      'longTermMentorship',
      'flashMentorship',
      'exploreMentorship',
      'message',
      'requestResume',
      'scheduleInterview',
      'adviserMeetingV2',
    ]);
    expect(Object.keys(MESSAGE_TYPE_LABELS)).toEqual([...MESSAGE_TYPES]);
  });

  it('gives every type valid default settings and long-term mentorship its default length text', () => {
    for (const type of MESSAGE_TYPES) {
      expect(ZMessageTypeSettings.safeParse(DEFAULT_MESSAGE_TYPE_SETTINGS[type]).success).toBe(true);
    }
    expect(DEFAULT_MESSAGE_TYPE_SETTINGS.longTermMentorship.mentorshipLength).toBe(
      'at least 2 hours per month',
    );
    expect(DEFAULT_MENTORSHIP_LENGTH_TEXT).toBe('at least 2 hours per month');
  });

  it.each([
    [{ maxMessages: -1 }, true],
    [{ maxMessages: 0 }, true],
    [{ maxMessages: -2 }, false],
    [{ maxMessages: 1.5 }, false],
    [{ order: -1 }, false],
    [{ enabled: 'yes' }, false],
    [{ videoLink: 'https://video.example/1' }, true],
  ])('schema judges override %j valid=%s', (override, isValid) => {
    const candidate = { ...DEFAULT_MESSAGE_TYPE_SETTINGS.message, ...override };
    expect(ZMessageTypeSettings.safeParse(candidate).success).toBe(isValid);
  });

  it('merges stored partial settings over the defaults', () => {
    const stored = ZMessageTypesSettings.parse({
      message: { maxMessages: 5 },
      exploreMentorship: { enabled: true, order: 9 },
    });
    const resolved = resolveMessageTypeSettings(stored);
    expect(resolved.message.maxMessages).toBe(5);
    expect(resolved.message.enabled).toBe(true);
    expect(resolved.flashMentorship).toEqual(DEFAULT_MESSAGE_TYPE_SETTINGS.flashMentorship);
    expect(enabledMessageTypes(resolved)).toEqual([
      'longTermMentorship',
      'flashMentorship',
      'message',
      'exploreMentorship',
    ]);
    expect(resolveMessageTypeSettings(null)).toEqual(DEFAULT_MESSAGE_TYPE_SETTINGS);
  });

  it('rejects unknown message types in stored settings', () => {
    expect(ZMessageTypesSettings.safeParse({ carrierPigeon: { enabled: true } }).success).toBe(false);
  });

  it.each([
    ['flashMentorship', true, true],
    ['adviserMeetingV2', true, true],
    ['message', true, false],
    ['longTermMentorship', true, false],
    ['fax', false, false],
    [3, false, false],
  ] as const)('%j is a type=%s meeting type=%s', (value, isType, isMeeting) => {
    expect(isMessageType(value)).toBe(isType);
    if (isMessageType(value)) expect(isMeetingMessageType(value)).toBe(isMeeting);
  });
});

describe('meeting mediums (spec 9)', () => {
  it('lists the five mediums with labels', () => {
    expect(MEETING_MEDIUMS).toEqual(['video', 'phone', 'in-person', 'external-meeting', 'email']);
    expect(MEETING_MEDIUM_LABELS['in-person']).toBe('In-person meeting');
  });
});

describe('outreach templates (spec 9)', () => {
  it('has 3 student-style and 3 alumni-style templates, each proposing a 30-minute call', () => {
    expect(OUTREACH_TEMPLATES.filter((t) => t.style === 'student')).toHaveLength(3);
    expect(OUTREACH_TEMPLATES.filter((t) => t.style === 'alumni')).toHaveLength(3);
    for (const template of OUTREACH_TEMPLATES) {
      expect(template.body).toMatch(/30[- ]minute|30 minutes/);
      expect(findUnfilledPlaceholders(template.body)).toContain('[add school name]');
    }
  });

  const admin = [
    {
      senderUserTypeId: 'alum',
      recipientUserTypeId: 'student',
      templates: [{ id: 'custom', style: 'alumni' as const, title: 'Hi', body: 'Hello there' }],
    },
  ];
  it.each([
    [
      'a student with no admin templates',
      { senderUserTypeId: 'student', recipientUserTypeId: 'alum', isSenderStudent: true },
      ['student-pursue-career', 'student-learn-industry', 'student-get-hired'],
    ],
    [
      'an alum with no admin templates',
      {
        senderUserTypeId: 'alum',
        recipientUserTypeId: 'alum',
        isSenderStudent: false,
        adminTemplates: admin,
      },
      ['alumni-industry', 'alumni-career-growth', 'alumni-expand-network'],
    ],
    [
      'an alum writing to a student with admin templates',
      {
        senderUserTypeId: 'alum',
        recipientUserTypeId: 'student',
        isSenderStudent: false,
        adminTemplates: admin,
      },
      ['custom'],
    ],
  ])('offers %s the right set', (_label, options, ids) => {
    expect(outreachTemplatesFor(options).map((t) => t.id)).toEqual(ids);
  });
});

describe('meetingInThreadRefusal (issue #16 item 3)', () => {
  it.each([
    ['a plain message thread', 'message', null, null],
    ['a flash mentorship request', 'flashMentorship', null, null],
    ['an accepted long-term mentorship', 'longTermMentorship', 'active', null],
    [
      'a long-term mentorship not yet accepted',
      'longTermMentorship',
      null,
      'Meetings can be requested once the mentorship is accepted.',
    ],
    [
      'a closed long-term mentorship',
      'longTermMentorship',
      'closed',
      'Meetings can be requested once the mentorship is accepted.',
    ],
    ['a resume request', 'requestResume', null, 'Meetings cannot be requested in this conversation.'],
    ['an unknown type', 'somethingElse', null, 'Meetings cannot be requested in this conversation.'],
  ])('%s', (_label, messageType, mentorshipStatus, expected) => {
    expect(meetingInThreadRefusal({ messageType, mentorshipStatus })).toBe(expected);
  });
});
