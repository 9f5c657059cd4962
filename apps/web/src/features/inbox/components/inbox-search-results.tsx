import { Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { RichTextView } from '../../../components/rich-text-editor';
import { paths } from '../../../config/paths';
import { useInboxSearch } from '../api/search';
import { useViewerTimeZone } from '../../../lib/viewer-time';
import { fullWhen } from './when';

/** My messages matching the search words, each linking to its conversation, with "Load more" (cursor pages). */
export function InboxSearchResults({ q, address }: { q: string; address: string }) {
  const search = useInboxSearch(q);
  const timeZone = useViewerTimeZone();
  if (search.isPending) return <LoadingState label="Searching your messages…" />;
  if (search.isError) return <ErrorState error={search.error} onRetry={() => void search.refetch()} />;
  const items = search.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return <EmptyState title="No messages found">No message of yours matches “{q}”.</EmptyState>;
  }
  return (
    <Stack gap="sm">
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Matching messages">
        {items.map(({ message, thread }) => (
          <Paper component="li" key={message.id} withBorder p="sm" radius="md">
            <Anchor component={Link} to={paths.inboxThread(address, thread.id)} fw={600}>
              Conversation with {thread.otherUser.fullName}
            </Anchor>
            <Text size="xs" c="gray.7">
              {message.isMine ? 'You' : thread.otherUser.firstName} ·{' '}
              <time dateTime={message.createdAt}>{fullWhen(message.createdAt, timeZone)}</time>
            </Text>
            <RichTextView html={message.body} />
          </Paper>
        ))}
      </Stack>
      {search.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => void search.fetchNextPage()}
          loading={search.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          Load more results
        </Button>
      ) : null}
    </Stack>
  );
}
