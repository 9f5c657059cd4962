import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { useRealtimeListener } from '../../../lib/realtime-hooks';
import type { TEarnedBadgeNotice } from './badge-earned-modal';
import { badgeAnnouncement, badgeNoticeOf } from './badge-notice';

// Loaded the first time a badge is earned, not with every signed-in page.
const BadgeEarnedModal = lazy(() =>
  import('./badge-earned-modal').then((module) => ({ default: module.BadgeEarnedModal })),
);

/**
 * spec 4 'Earned badge': when a dialog is open, an achievement toast; otherwise the badge modal. Badges
 * earned together wait their turn. Lists of badges refresh through the event's invalidation hint
 * (['badges']). Mounted once in the signed-in shell.
 */
export function BadgeEarnedListener() {
  const [queue, setQueue] = useState<TEarnedBadgeNotice[]>([]);
  // Once loaded the modal stays mounted, so closing it runs its transition and gives the focus back.
  const [hasEarned, setHasEarned] = useState(false);
  useRealtimeListener((message) => {
    if (message.kind !== 'event' || message.type !== 'badge.earned') return;
    const badge = badgeNoticeOf(message.payload);
    if (badge === null) return;
    if (badgeAnnouncement(document) === 'toast') {
      notifications.show({
        id: `badge-earned-${badge.badgeId}`,
        title: 'Achievement unlocked',
        color: 'yellow',
        // Mantine's default description colour (dimmed) is below 4.5:1 on white.
        message: (
          <Text size="sm" c="dark.7">
            You earned the badge “{badge.name}”. It now shows on your profile.
          </Text>
        ),
      });
      return;
    }
    setHasEarned(true);
    setQueue((current) => (current.some((b) => b.badgeId === badge.badgeId) ? current : [...current, badge]));
  });

  if (!hasEarned) return null;
  return (
    <Suspense fallback={null}>
      <BadgeEarnedModal badge={queue[0]} onClose={() => setQueue((current) => current.slice(1))} />
    </Suspense>
  );
}
