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
  applyUserTypeMessageTypeSettings,
  storedUserTypeMessageTypeSettings,
  userTypeMessageTypeAccess,
  userTypeMessageTypeEntries,
  userTypeMessageTypeSettings,
  ZUserTypeMessageTypeSetting,
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

describe('user type message type settings (issue #22 item 1)', () => {
  const hub = resolveMessageTypeSettings(null);
  const recipient = '5b0f6a0e-8d1c-4a57-9a43-2f1d6b0c7e11';

  it('reads an empty list as every type open, a listed type as open, a type:recipient entry as restricted', () => {
    expect(userTypeMessageTypeAccess([], 'message')).toEqual({ enabled: true, recipientUserTypeIds: [] });
    expect(userTypeMessageTypeAccess(['message'], 'flashMentorship').enabled).toBe(false);
    expect(userTypeMessageTypeAccess([`message:${recipient}`], 'message')).toEqual({
      enabled: true,
      recipientUserTypeIds: [recipient],
    });
  });

  it('writes the list back so it reads the same, and keeps "nothing enabled" from meaning "everything"', () => {
    const entries = userTypeMessageTypeEntries({
      message: { enabled: true, recipientUserTypeIds: [] },
      flashMentorship: { enabled: true, recipientUserTypeIds: [recipient] },
      longTermMentorship: { enabled: false, recipientUserTypeIds: [] },
    });
    expect(entries).toEqual([`flashMentorship:${recipient}`, 'message']);
    expect(userTypeMessageTypeAccess(entries, 'longTermMentorship').enabled).toBe(false);
    const none = userTypeMessageTypeEntries({ message: { enabled: false, recipientUserTypeIds: [] } });
    for (const type of MESSAGE_TYPES) expect(userTypeMessageTypeAccess(none, type).enabled).toBe(false);
  });

  it('lays a user type’s stored values over the hub’s, never its enabled, and ignores malformed storage', () => {
    const merged = applyUserTypeMessageTypeSettings(hub, {
      flashMentorship: { maxMessages: 2, headlineText: 'Quick question', enabled: false },
    });
    expect(merged.flashMentorship).toMatchObject({
      maxMessages: 2,
      headlineText: 'Quick question',
      enabled: true,
    });
    expect(merged.longTermMentorship).toEqual(hub.longTermMentorship);
    expect(applyUserTypeMessageTypeSettings(hub, { message: { maxMessages: 'lots' } })).toEqual(hub);
  });

  it('shows the spec 9 defaults for a type never edited, with the long-term default length text', () => {
    const settings = userTypeMessageTypeSettings({ hubSettings: hub, entries: [], stored: {} });
    expect(settings.longTermMentorship).toMatchObject({
      enabled: true,
      mentorshipLength: 'at least 2 hours per month',
      recipientUserTypeIds: [],
    });
    const stored = storedUserTypeMessageTypeSettings(settings);
    expect(stored.longTermMentorship).not.toHaveProperty('enabled');
    expect(stored.longTermMentorship).not.toHaveProperty('recipientUserTypeIds');
  });

  it('bounds every setting: limits -1 to 1000 in whole numbers, an http(s) video link, order 0 to 99', () => {
    const valid = { ...userTypeMessageTypeSettings({ hubSettings: hub, entries: [], stored: {} }).message };
    expect(ZUserTypeMessageTypeSetting.safeParse(valid).success).toBe(true);
    for (const bad of [
      { maxMessages: -2 },
      { maxConnectLimit: 1001 },
      { maxOpenMentorships: 1.5 },
      { videoLink: 'javascript:alert(1)' },
      { order: 100 },
      { headlineText: 'x'.repeat(201) },
    ]) {
      expect(ZUserTypeMessageTypeSetting.safeParse({ ...valid, ...bad }).success, JSON.stringify(bad)).toBe(
        false,
      );
    }
    expect(
      ZUserTypeMessageTypeSetting.safeParse({ ...valid, maxMessages: -1, videoLink: 'https://v.example/a' })
        .success,
    ).toBe(true);
  });
});
