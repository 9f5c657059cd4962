import type { TFeedItem, TFeedItemKind } from '@commons/contract';
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { AuthorLine } from '../../../components/author-line';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { sectionHeading } from '../../../lib/section-heading';
import { ReportButton } from '../../../components/report-button';
import { RichTextView } from '../../../components/rich-text-editor';
import { useDeleteAnnouncement, usePinAnnouncement } from '../api/feed-api';

/** What happened, in words, for each kind of feed item. */
const ACTION: Record<TFeedItemKind, string> = {
  question: 'asked a question',
  answer: 'answered',
  resource: 'shared a resource',
  event: 'added an event',
  member: 'joined',
  announcement: 'announced',
};

/** Items whose content can be reported here (members are people, not posts). */
const REPORTABLE = {
  question: 'question',
  answer: 'answer',
  resource: 'resource',
  event: 'event',
  announcement: 'announcement',
} as const;

/** One entry of a feed: who did what, the title linking to the content, an excerpt, and the viewer's actions. */
export function FeedItemCard({ item }: { item: TFeedItem }) {
  const pin = usePinAnnouncement();
  const remove = useDeleteAnnouncement();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isDeleted, setIsDeleted] = useState(false);
  const cardRef = useRef<HTMLDivElement>(null);
  const headingId = `feed-item-${item.id}`;
  const reportKind = item.kind === 'member' ? null : REPORTABLE[item.kind];
  return (
    <Paper ref={cardRef} component="article" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <AuthorLine author={item.actor} createdAt={item.createdAt} />
            <Text size="sm" c="dimmed">
              {item.actor === null ? 'Someone' : item.actor.fullname} {ACTION[item.kind]}
            </Text>
          </Stack>
          {item.isPinned ? <Badge variant="light">Pinned</Badge> : null}
        </Group>
        <Text id={headingId} fw={600} component="h3" m={0}>
          {item.href === null ? (
            item.title
          ) : (
            <Anchor component={Link} to={item.href}>
              {item.title}
            </Anchor>
          )}
        </Text>
        {item.html !== null ? (
          <RichTextView html={item.html} />
        ) : item.excerpt === '' ? null : (
          <Text size="sm">{item.excerpt}</Text>
        )}
        {item.can.pin || item.can.delete || (item.can.report && reportKind !== null) ? (
          <Group gap="xs">
            {item.can.pin ? (
              <Button
                size="compact-sm"
                variant="subtle"
                aria-pressed={item.isPinned}
                loading={pin.isPending}
                onClick={() =>
                  pin.mutate(
                    { id: item.id, isPinned: !item.isPinned },
                    {
                      onSuccess: (result) =>
                        notifications.show({
                          message: result.item.isPinned
                            ? 'The announcement is pinned.'
                            : 'The announcement is no longer pinned.',
                        }),
                    },
                  )
                }
              >
                {item.isPinned ? 'Unpin' : 'Pin'}
              </Button>
            ) : null}
            {item.can.delete ? (
              <Button size="compact-sm" variant="outline" color="red.9" onClick={() => setIsConfirming(true)}>
                Delete
              </Button>
            ) : null}
            {item.can.report && reportKind !== null ? (
              <ReportButton targetKind={reportKind} targetId={item.id} />
            ) : null}
          </Group>
        ) : null}
      </Stack>
      <ConfirmDeleteModal
        opened={isConfirming}
        title="Delete this announcement?"
        isDeleting={remove.isPending}
        returnFocus={!isDeleted}
        onClose={() => setIsConfirming(false)}
        onConfirm={() =>
          remove.mutate(item.id, {
            onSuccess: () => {
              // The card goes away: focus moves to the feed's heading, not to the page body.
              const heading = sectionHeading(cardRef.current);
              setIsDeleted(true);
              setIsConfirming(false);
              notifications.show({ message: 'The announcement was deleted.' });
              heading?.focus();
            },
          })
        }
      />
    </Paper>
  );
}
