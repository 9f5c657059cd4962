import type { TNotification, TNotificationType } from '@commons/contract';
import { describe, expect, it } from 'vitest';
import { groupNotifications } from './notification-groups';

function note(id: string, type: TNotificationType): TNotification {
  return {
    id,
    type,
    isUnread: true,
    createdAt: '2026-03-01T10:00:00.000Z',
    hubId: null,
    actor: null,
    title: id,
    url: null,
    payload: {},
  };
}

describe('groupNotifications', () => {
  it('keeps newest first inside a heading and puts the heading of the newest notification first', () => {
    const sections = groupNotifications([
      note('answer-2', 'discussion.answer'),
      note('request', 'inbox.mentorship-requested'),
      note('comment', 'discussion.comment'),
      note('meeting', 'meeting.accepted'),
    ]);
    expect(sections.map((s) => [s.label, s.items.map((n) => n.id)])).toEqual([
      ['Answers', ['answer-2', 'comment']],
      ['Requests', ['request']],
      ['Meeting replies', ['meeting']],
    ]);
  });

  it('answers no heading for no notification', () => {
    expect(groupNotifications([])).toEqual([]);
  });
});
