import { formatCount } from '@commons/domain';
import { ActionIcon, Anchor, Badge, Button, Group, Indicator, Popover, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../../components/error-state';
import { LoadingState } from '../../../../components/loading-state';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationList,
  useNotificationUnreadCount,
} from '../../api/notifications';
import { useCurrentUser } from '../../../../lib/current-user';
import { zoneOrDefault } from '../meetings/meeting-time';
import { fullWhen } from '../when';

function BellIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  );
}

/**
 * The notification bell of the header (issue #5 item 4): the unread count by spec 9 'Count display'
 * (blank below 10, exact below 1000, then N.Nk+ and 100k+; a dot marks smaller counts), and my newest
 * notifications with mark read.
 */
export function NotificationBell() {
  const [isOpen, setIsOpen] = useState(false);
  const unread = useNotificationUnreadCount();
  const list = useNotificationList(isOpen);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const timeZone = zoneOrDefault(useCurrentUser().data?.timezone);
  const count = unread.data?.count ?? 0;
  const display = formatCount(count);
  const label = count === 0 ? 'Notifications' : `Notifications, ${count} unread`;
  const items = list.data?.items ?? [];

  return (
    <Indicator
      disabled={count === 0}
      label={display === '' ? undefined : display}
      size={display === '' ? 10 : 18}
      color="red.9"
      offset={4}
      data-testid="notification-count"
    >
      <Popover
        opened={isOpen}
        onChange={setIsOpen}
        position="bottom-end"
        width={340}
        shadow="md"
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray.9" size="lg" aria-label={label}>
            <BellIcon />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600} id="notification-list-title">
                Notifications
              </Text>
              {count > 0 ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => markAll.mutate()}
                  loading={markAll.isPending}
                >
                  Mark all read
                </Button>
              ) : null}
            </Group>
            {list.isPending ? (
              <LoadingState label="Loading notifications…" />
            ) : list.isError ? (
              <ErrorState error={list.error} onRetry={() => void list.refetch()} />
            ) : items.length === 0 ? (
              <Text size="sm" c="gray.7">
                You have no notifications.
              </Text>
            ) : (
              <Stack
                component="ul"
                gap={6}
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-labelledby="notification-list-title"
              >
                {items.map((item) => (
                  <li key={item.id}>
                    <Group gap={6} wrap="nowrap" align="flex-start">
                      {item.isUnread ? (
                        <Badge size="xs" color="blue.9" variant="filled" mt={4}>
                          New
                        </Badge>
                      ) : null}
                      <Stack gap={0}>
                        {item.url !== null ? (
                          <Anchor
                            component={Link}
                            to={item.url}
                            size="sm"
                            onClick={() => {
                              if (item.isUnread) markRead.mutate(item.id);
                              setIsOpen(false);
                            }}
                          >
                            {item.title}
                          </Anchor>
                        ) : (
                          <Text size="sm">{item.title}</Text>
                        )}
                        <Text size="xs" c="gray.7">
                          <time dateTime={item.createdAt}>{fullWhen(item.createdAt, timeZone)}</time>
                        </Text>
                      </Stack>
                    </Group>
                  </li>
                ))}
              </Stack>
            )}
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
