import type { TNotification } from '@commons/contract';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useId, useRef } from 'react';
import { Link } from 'react-router';
import { useMarkNotificationRead } from '../../api/notifications';
import { useViewerTimeZone } from '../../../../lib/viewer-time';
import { fullWhen } from '../when';
import { groupNotifications } from './notification-groups';

function NotificationItem({
  item,
  timeZone,
  onFollow,
}: {
  item: TNotification;
  timeZone: string;
  onFollow?: (() => void) | undefined;
}) {
  const markRead = useMarkNotificationRead();
  const titleRef = useRef<HTMLElement | null>(null);
  const keepTitle = (node: HTMLElement | null) => {
    titleRef.current = node;
  };
  return (
    <Group component="li" gap="xs" wrap="nowrap" align="flex-start" py={4}>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        {item.url !== null ? (
          <Anchor
            ref={keepTitle}
            component={Link}
            to={item.url}
            size="sm"
            fw={item.isUnread ? 600 : undefined}
            onClick={() => {
              if (item.isUnread) markRead.mutate(item.id);
              onFollow?.();
            }}
          >
            {item.title}
          </Anchor>
        ) : (
          <Text ref={keepTitle} size="sm" fw={item.isUnread ? 600 : undefined} tabIndex={-1}>
            {item.title}
          </Text>
        )}
        <Group gap={6}>
          {item.isUnread ? (
            <Badge size="xs" color="blue.9" variant="filled">
              New
            </Badge>
          ) : null}
          <Text size="xs" c="gray.7">
            <time dateTime={item.createdAt}>{fullWhen(item.createdAt, timeZone)}</time>
          </Text>
        </Group>
      </Stack>
      {item.isUnread ? (
        <Button
          size="compact-xs"
          variant="subtle"
          aria-label={`Mark read: ${item.title}`}
          loading={markRead.isPending}
          // The button is disabled while it loads and leaves with the mark: focus moves to the notification first,
          // so it never falls to the page (a keyboard user would start again from the top).
          onClick={() => {
            titleRef.current?.focus();
            markRead.mutate(item.id);
          }}
        >
          Mark read
        </Button>
      ) : null}
    </Group>
  );
}

/**
 * Notifications under their headings (Requests, Meeting replies, Mentions, Answers, Events, Other), each
 * a labelled region with its list; every item links to its target and can be marked read on its own.
 * The bell uses level-3 headings under its title, the notifications page level 2 under its h1.
 */
export function NotificationSections({
  items,
  headingOrder,
  onFollow,
}: {
  items: readonly TNotification[];
  headingOrder: 2 | 3;
  /** Called when a notification's link is followed (the bell closes). */
  onFollow?: () => void;
}) {
  const timeZone = useViewerTimeZone();
  const baseId = useId();
  return (
    <Stack gap="sm">
      {groupNotifications(items).map((section) => {
        const headingId = `${baseId}-${section.group}`;
        return (
          <section key={section.group} aria-labelledby={headingId}>
            <Title order={headingOrder} size="h6" c="gray.8" id={headingId} mb={2}>
              {section.label}
            </Title>
            <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
              {section.items.map((item) => (
                <NotificationItem key={item.id} item={item} timeZone={timeZone} onFollow={onFollow} />
              ))}
            </Stack>
          </section>
        );
      })}
    </Stack>
  );
}
