import {
  NOTIFICATION_GROUP_LABELS,
  NOTIFICATION_GROUPS,
  ZNotificationGroup,
  type TNotificationGroup,
} from '@commons/contract';
import { Box, Button, Chip, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { useMarkAllNotificationsRead, useNotificationPages } from '../api/notifications';
import { NotificationSections } from '../components/notifications/notification-sections';

const ALL = 'all';

/** The heading filter as radio chips; its value lives in the address (?group=) so it survives a reload. */
function GroupFilter({
  value,
  onChange,
}: {
  value: TNotificationGroup | null;
  onChange: (group: TNotificationGroup | null) => void;
}) {
  return (
    <Box component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" size="sm" fw={500} mb={6}>
        Show
      </Text>
      <Chip.Group
        value={value ?? ALL}
        onChange={(next) => {
          const parsed = ZNotificationGroup.safeParse(next);
          onChange(parsed.success ? parsed.data : null);
        }}
      >
        <Group gap="xs">
          <Chip value={ALL} name="notification-group" size="sm">
            All
          </Chip>
          {NOTIFICATION_GROUPS.map((group) => (
            <Chip key={group} value={group} name="notification-group" size="sm">
              {NOTIFICATION_GROUP_LABELS[group]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Box>
  );
}

function NotificationPages({ group }: { group: TNotificationGroup | null }) {
  const pages = useNotificationPages(group);
  if (pages.isPending) return <LoadingState label="Loading notifications…" />;
  // A failed "Load more" or refetch keeps what was loaded; only a first page that never came is an error page.
  if (pages.data === undefined)
    return <ErrorState error={pages.error} onRetry={() => void pages.refetch()} />;
  const items = pages.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState
        title={
          group === null
            ? 'No notifications yet'
            : `No notifications under ${NOTIFICATION_GROUP_LABELS[group]}`
        }
      >
        Requests, meeting replies, mentions, answers and event news will show up here.
      </EmptyState>
    );
  }
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <NotificationSections items={items} headingOrder={2} />
      </Paper>
      {pages.hasNextPage ? (
        <Group justify="center">
          <Button
            variant="default"
            loading={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            Load more
          </Button>
        </Group>
      ) : null}
      {pages.isFetchNextPageError ? (
        // "Load more" stays to try again.
        <ErrorState title="Could not load more notifications" error={pages.error} />
      ) : null}
    </Stack>
  );
}

/**
 * All my notifications (issue #16 item 1): newest first under their headings, a page at a time with
 * "Load more" (keyset cursor), a filter by heading, and mark one or all read. Realtime
 * `notification.created` refetches it like the bell.
 */
export function NotificationsPage() {
  usePageTitle('Notifications');
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = ZNotificationGroup.safeParse(searchParams.get('group'));
  const group = parsed.success ? parsed.data : null;
  const pages = useNotificationPages(group);
  const markAll = useMarkAllNotificationsRead();
  const unreadCount = pages.data?.pages[0]?.unreadCount ?? 0;

  return (
    <Stack>
      <Group justify="space-between" align="center">
        <Title order={1}>Notifications</Title>
        {unreadCount > 0 ? (
          <Button variant="default" loading={markAll.isPending} onClick={() => markAll.mutate(group)}>
            Mark all read
          </Button>
        ) : null}
      </Group>
      <GroupFilter
        value={group}
        onChange={(next) => setSearchParams(next === null ? {} : { group: next }, { replace: true })}
      />
      <NotificationPages group={group} />
    </Stack>
  );
}
