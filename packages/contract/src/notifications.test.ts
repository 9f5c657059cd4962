import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_GROUPS,
  NOTIFICATION_TYPES,
  notificationGroup,
  notificationTypesOfGroup,
} from './notifications.js';

describe('notification groups (issue #16 item 1)', () => {
  it('lists requests, meeting replies, mentions, answers and events under their own headings', () => {
    expect(notificationGroup('inbox.mentorship-requested')).toBe('requests');
    expect(notificationGroup('meeting.requested')).toBe('requests');
    expect(notificationGroup('meeting.accepted')).toBe('meetingReplies');
    expect(notificationGroup('meeting.cancelled')).toBe('meetingReplies');
    expect(notificationGroup('discussion.mention')).toBe('mentions');
    expect(notificationGroup('discussion.answer')).toBe('answers');
    expect(notificationGroup('discussion.comment')).toBe('answers');
    expect(notificationGroup('discussion.answer-accepted')).toBe('answers');
    expect(notificationGroup('event.registration-accepted')).toBe('events');
  });

  it('puts plain messages and moderation outcomes under Other', () => {
    expect(notificationGroup('inbox.message')).toBe('other');
    expect(notificationGroup('discussion.question-rejected')).toBe('other');
  });

  it('gives every type exactly one group, and a group its types back', () => {
    const listed = NOTIFICATION_GROUPS.flatMap((group) => notificationTypesOfGroup(group));
    expect([...listed].sort()).toEqual([...NOTIFICATION_TYPES].sort());
    for (const group of NOTIFICATION_GROUPS) {
      for (const type of notificationTypesOfGroup(group)) expect(notificationGroup(type)).toBe(group);
    }
  });
});
