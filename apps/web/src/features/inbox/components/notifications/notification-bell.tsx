import { formatCount } from '@commons/domain';
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Group,
  Indicator,
  Popover,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../../components/error-state';
import { LoadingState } from '../../../../components/loading-state';
import { paths } from '../../../../config/paths';
import {
  useMarkAllNotificationsRead,
  useNotificationList,
  useNotificationUnreadCount,
} from '../../api/notifications';
import { NotificationSections } from './notification-sections';

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
 * The notification bell of the header (issue #5 item 4, issue #16 item 1): the unread count by spec 9
 * 'Count display' (blank below 10, exact below 1000, then N.Nk+ and 100k+; a dot marks smaller counts),
 * and a panel, opened by click, Enter or Space, with my newest notifications under their headings, mark
 * one or all read, and a link to the notifications page. `notification.created` over the realtime gateway
 * refetches the count and the open list (REALTIME_INVALIDATIONS).
 */
export function NotificationBell() {
  const [isOpen, setIsOpen] = useState(false);
  const titleId = useId();
  const unread = useNotificationUnreadCount();
  const list = useNotificationList(isOpen);
  const markAll = useMarkAllNotificationsRead();
  const count = unread.data?.count ?? 0;
  const display = formatCount(count);
  const label = count === 0 ? 'Notifications' : `Notifications, ${count} unread`;
  const items = list.data?.items ?? [];
  const close = () => setIsOpen(false);

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
        width="min(400px, calc(100vw - 16px))"
        shadow="md"
        trapFocus
        returnFocus
      >
        <Popover.Target>
          {/* A controlled Popover leaves toggling to its target: without this onClick the bell opened nothing. */}
          <ActionIcon
            variant="subtle"
            color="gray.9"
            size="lg"
            aria-label={label}
            onClick={() => setIsOpen((open) => !open)}
          >
            <BellIcon />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown aria-labelledby={titleId} p="sm">
          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={2} size="h5" id={titleId}>
                Notifications
              </Title>
              {count > 0 ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => markAll.mutate(null)}
                  loading={markAll.isPending}
                >
                  Mark all read
                </Button>
              ) : null}
            </Group>
            <Box mah="min(420px, 60vh)" style={{ overflowY: 'auto' }}>
              {list.isPending ? (
                <LoadingState label="Loading notifications…" />
              ) : list.isError ? (
                <ErrorState error={list.error} onRetry={() => void list.refetch()} />
              ) : items.length === 0 ? (
                <Text size="sm" c="gray.7">
                  You have no notifications.
                </Text>
              ) : (
                <NotificationSections items={items} headingOrder={3} onFollow={close} />
              )}
            </Box>
            <Anchor component={Link} to={paths.notifications()} size="sm" onClick={close}>
              See all notifications
            </Anchor>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
