import { Button, Group, SegmentedControl, Stack, TextInput, Title, Text, Anchor, Paper } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { paths } from '../../../config/paths';
import { useViewerTimeZone } from '../../../lib/viewer-time';
import {
  useCreateEvent,
  useDecideEvent,
  useEventApprovals,
  useEventList,
  useEventSettings,
  useFeedUrl,
  useRotateFeedUrl,
  type TEventWhen,
} from '../api/events-api';
import { EventCard } from './event-card';
import { EventForm } from './event-form';

const WHEN_LABELS: Record<TEventWhen, string> = { upcoming: 'Upcoming', past: 'Past', mine: 'My events' };

/** Proposed events waiting for an admin with approve-events. */
function EventApprovals() {
  const approvals = useEventApprovals(true);
  const decide = useDecideEvent();
  const items = approvals.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="event-approvals-heading">
      <Stack gap="xs">
        <Title order={2} size="h3" id="event-approvals-heading">
          Events waiting for approval ({items.length})
        </Title>
        {items.map((event) => (
          <Group key={event.id} justify="space-between">
            <Text fw={600}>{event.title}</Text>
            <Group gap="xs">
              <Button
                size="xs"
                aria-label={`Approve ${event.title}`}
                onClick={() => decide.mutate({ id: event.id, decision: 'approve' })}
              >
                Approve
              </Button>
              <Button
                size="xs"
                variant="outline"
                color="red.9"
                aria-label={`Reject ${event.title}`}
                onClick={() => decide.mutate({ id: event.id, decision: 'reject' })}
              >
                Reject
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** The private calendar feed link of the hub's events and mine. */
function FeedLink() {
  const [isShown, setIsShown] = useState(false);
  const feed = useFeedUrl(isShown);
  const rotate = useRotateFeedUrl();
  return isShown && feed.data ? (
    <Stack gap="xs">
      <TextInput
        label="Calendar feed (paste into your calendar app; keep it private)"
        readOnly
        value={feed.data.url}
        onFocus={(e) => e.currentTarget.select()}
      />
      <Group gap="xs">
        <Button
          variant="outline"
          size="compact-sm"
          color="red.9"
          onClick={() => rotate.mutate()}
          loading={rotate.isPending}
        >
          Replace the link
        </Button>
      </Group>
      <div aria-live="polite">
        {rotate.isSuccess ? (
          <Text size="sm">A new private link was created. Links made before it no longer work.</Text>
        ) : null}
        {rotate.isError ? (
          <Text size="sm" c="red.9">
            {errorText(rotate.error)}
          </Text>
        ) : null}
      </div>
    </Stack>
  ) : (
    <Group>
      <Button variant="subtle" size="compact-sm" onClick={() => setIsShown(true)} loading={feed.isFetching}>
        Subscribe in my calendar
      </Button>
    </Group>
  );
}

/** Events of the hub or a group: upcoming, past and mine, search, create (for those who may) and approvals. */
export function EventBoard(props: { groupId: string | null }) {
  const timeZone = useViewerTimeZone();
  // Past or upcoming is decided once per visit, as the list was asked for.
  const [now] = useState(() => Date.now());
  const settings = useEventSettings(props.groupId);
  const create = useCreateEvent();
  const navigate = useNavigate();
  const [when, setWhen] = useState<TEventWhen>('upcoming');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [isCreating, setIsCreating] = useState(false);
  const list = useEventList({ when, groupId: props.groupId, q });
  const items = (list.data?.pages ?? []).flatMap((page) => page.items);

  return (
    <Stack gap="lg">
      {settings.data?.canApprove ? <EventApprovals /> : null}
      {settings.data?.canCreate ? (
        isCreating ? (
          <EventForm
            groupId={props.groupId}
            defaultTimeZone={timeZone}
            isApprovalNeeded={settings.data.isApprovalNeeded}
            isSaving={create.isPending}
            error={create.error}
            onSubmit={(request) =>
              create.mutate(request, {
                onSuccess: ({ event }) => {
                  setIsCreating(false);
                  if (event.status === 'pending')
                    notifications.show({ message: 'Thanks! Your event appears once an admin approves it.' });
                  void navigate(paths.event(event.id));
                },
              })
            }
          />
        ) : (
          <Group>
            <Button onClick={() => setIsCreating(true)}>Create an event</Button>
          </Group>
        )
      ) : null}
      <Stack gap="sm" component="section" aria-labelledby="events-heading">
        <Title order={2} size="h3" id="events-heading">
          {WHEN_LABELS[when]}
        </Title>
        <Group align="flex-end" wrap="wrap">
          <SegmentedControl
            aria-label="Show events"
            value={when}
            onChange={(value) => setWhen(value as TEventWhen)}
            data={(['upcoming', 'past', 'mine'] as const).map((value) => ({
              value,
              label: WHEN_LABELS[value],
            }))}
          />
          <TextInput
            label="Search events"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: 1, minWidth: '12rem' }}
          />
        </Group>
        {props.groupId === null ? <FeedLink /> : null}
        {list.isPending ? (
          <LoadingState label="Loading events…" />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title="No events here">
            {when === 'upcoming' ? 'New events appear here.' : 'Nothing to show yet.'}
          </EmptyState>
        ) : (
          <Stack gap="sm">
            {items.map((event) => (
              <EventCard key={event.id} event={event} timeZone={timeZone} now={now} />
            ))}
            {list.hasNextPage ? (
              <Group justify="center">
                <Button
                  variant="outline"
                  onClick={() => void list.fetchNextPage()}
                  loading={list.isFetchingNextPage}
                >
                  Load more events
                </Button>
              </Group>
            ) : null}
          </Stack>
        )}
        <Text size="xs" c="dimmed">
          Times are shown in your time zone ({timeZone}).{' '}
          <Anchor component={Link} to={paths.account()} size="xs">
            Change it
          </Anchor>
        </Text>
      </Stack>
    </Stack>
  );
}
