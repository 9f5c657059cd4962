import {
  NOTIFICATION_GROUP_LABELS,
  notificationGroup,
  type TNotification,
  type TNotificationGroup,
} from '@commons/contract';

export type TNotificationSection = { group: TNotificationGroup; label: string; items: TNotification[] };

/**
 * Notifications under their headings (issue #16 item 1). The list arrives newest first, so each heading
 * keeps that order and the heading with the newest notification comes first: what just happened is on top.
 */
export function groupNotifications(items: readonly TNotification[]): TNotificationSection[] {
  const sections = new Map<TNotificationGroup, TNotificationSection>();
  for (const item of items) {
    const group = notificationGroup(item.type);
    const section = sections.get(group);
    if (section) section.items.push(item);
    else sections.set(group, { group, label: NOTIFICATION_GROUP_LABELS[group], items: [item] });
  }
  return [...sections.values()];
}
