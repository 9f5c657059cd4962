import type { TEarnedBadgeNotice } from './badge-earned-modal';

/** The badge a realtime 'badge.earned' payload names, or null when it is malformed (older events: name only). */
export function badgeNoticeOf(payload: Record<string, unknown>): TEarnedBadgeNotice | null {
  const { badgeId, name, description, imageUrl } = payload;
  if (typeof badgeId !== 'string' || typeof name !== 'string') return null;
  return {
    badgeId,
    name,
    description: typeof description === 'string' ? description : null,
    imageUrl: typeof imageUrl === 'string' ? imageUrl : null,
  };
}

/**
 * How an earned badge is announced (spec 4 'Earned badge'): an achievement toast when a dialog is open, so
 * the badge never covers what the person is doing, else the badge modal.
 */
export function badgeAnnouncement(root: ParentNode): 'toast' | 'modal' {
  return root.querySelector('[role="dialog"]') === null ? 'modal' : 'toast';
}
