import { describe, expect, it } from 'vitest';
import { badgeAnnouncement, badgeNoticeOf } from './badge-notice';

describe('badgeNoticeOf', () => {
  it('reads the badge of a badge.earned payload', () => {
    expect(
      badgeNoticeOf({
        hubId: '1',
        badgeId: 'b1',
        name: 'First answer',
        description: 'You answered.',
        imageUrl: '/api/rich-text/images/abc',
      }),
    ).toEqual({
      badgeId: 'b1',
      name: 'First answer',
      description: 'You answered.',
      imageUrl: '/api/rich-text/images/abc',
    });
  });

  it('takes an older payload with the name only, and refuses one without a name', () => {
    expect(badgeNoticeOf({ hubId: '1', badgeId: 'b1', name: 'First answer' })).toEqual({
      badgeId: 'b1',
      name: 'First answer',
      description: null,
      imageUrl: null,
    });
    expect(badgeNoticeOf({ hubId: '1', badgeId: 'b1' })).toBeNull();
  });
});

describe('badgeAnnouncement', () => {
  /** A page whose elements carry these roles (querySelector answers the [role="…"] selectors). */
  const pageWith = (roles: string[]): ParentNode =>
    ({
      querySelector: (selector: string) =>
        roles.some((role) => selector === `[role="${role}"]`) ? ({} as Element) : null,
    }) as unknown as ParentNode;

  it('shows the modal when no dialog is open, a toast when one is', () => {
    expect(badgeAnnouncement(pageWith(['main', 'navigation']))).toBe('modal');
    expect(badgeAnnouncement(pageWith(['main', 'dialog']))).toBe('toast');
  });
});
