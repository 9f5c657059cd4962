import { Button, Group, Stack, Title } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useFeed } from '../api/feed-api';
import { AnnouncementButton } from './announcement-form';
import { FeedItemCard } from './feed-item-card';

/**
 * A feed (issue #7 item 5): pinned announcements first, then new questions, answers, resources, events,
 * members and announcements, newest first, a page at a time.
 */
export function Feed(props: { groupId: string | null; title: string; headingLevel?: 1 | 2 }) {
  const feed = useFeed(props.groupId);
  const first = feed.data?.pages[0];
  const pinned = first?.pinned ?? [];
  const items = feed.data?.pages.flatMap((page) => page.items) ?? [];
  const headingId = props.groupId === null ? 'hub-feed-heading' : 'group-feed-heading';
  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" mb="sm">
        <Title order={props.headingLevel ?? 2} id={headingId}>
          {props.title}
        </Title>
        {first?.canAnnounce ? <AnnouncementButton groupId={props.groupId} /> : null}
      </Group>
      {feed.isPending ? (
        <LoadingState label="Loading the feed…" />
      ) : feed.isError ? (
        <ErrorState error={feed.error} onRetry={() => void feed.refetch()} />
      ) : pinned.length === 0 && items.length === 0 ? (
        <EmptyState title="Nothing here yet">
          New questions, resources, events and members will show up here.
        </EmptyState>
      ) : (
        <Stack>
          {pinned.length === 0 ? null : (
            <Stack gap="sm" aria-label="Pinned announcements" role="list">
              {pinned.map((item) => (
                <div role="listitem" key={item.id}>
                  <FeedItemCard item={item} />
                </div>
              ))}
            </Stack>
          )}
          <Stack gap="sm" role="list" aria-label="Latest activity">
            {items.map((item) => (
              <div role="listitem" key={`${item.kind}-${item.id}`}>
                <FeedItemCard item={item} />
              </div>
            ))}
          </Stack>
          {feed.hasNextPage ? (
            <Group justify="center">
              <Button
                variant="default"
                loading={feed.isFetchingNextPage}
                onClick={() => void feed.fetchNextPage()}
              >
                Show more
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
    </section>
  );
}
