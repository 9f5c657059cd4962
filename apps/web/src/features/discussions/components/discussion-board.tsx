import { QUESTION_FILTERS, type TQuestionFilter } from '@commons/contract';
import {
  Badge,
  Button,
  Chip,
  Group,
  SegmentedControl,
  Stack,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useCurrentUser } from '../../../lib/current-user';
import { useDiscussionSettings, useQuestionList, useTopics } from '../api/discussions-api';
import { ApprovalQueue } from './approval-queue';
import { AskQuestionForm } from './ask-question-form';
import { QuestionCard } from './question-card';

const FILTER_LABELS: Record<TQuestionFilter, string> = {
  newest: 'Newest',
  unanswered: 'Unanswered',
  popular: 'Popular',
  mine: 'Mine',
};

/**
 * A discussion board: the post-question form, filters (newest, unanswered, popular, mine), search,
 * topics and the cursor-paged list with pinned questions first. The hub page and a group's
 * discussion tab (groupId) share it.
 */
export function DiscussionBoard(props: { groupId: string | null }) {
  const me = useCurrentUser();
  const settings = useDiscussionSettings();
  const topics = useTopics(props.groupId);
  const [filter, setFilter] = useState<TQuestionFilter>('newest');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [tag, setTag] = useState<string | null>(null);
  const list = useQuestionList({ filter, q, tag, groupId: props.groupId });
  const timeZone = me.data?.timezone ?? null;

  const pages = list.data?.pages ?? [];
  const pinned = pages[0]?.pinned ?? [];
  const items = pages.flatMap((page) => page.items);

  return (
    <Stack gap="lg">
      {settings.data === undefined ? null : (
        <AskQuestionForm
          title={settings.data.postQuestionTitle}
          groupId={props.groupId}
          isApprovalRequired={settings.data.isApprovalRequired && !settings.data.canApprove}
          suggestedTags={(topics.data?.items ?? []).map((topic) => topic.tag)}
        />
      )}
      {settings.data?.canApprove === true && props.groupId === null ? <ApprovalQueue /> : null}
      <Stack gap="sm" component="section" aria-labelledby="questions-heading">
        <Title order={2} size="h3" id="questions-heading">
          Questions
        </Title>
        <Group align="flex-end" wrap="wrap">
          <SegmentedControl
            aria-label="Show questions"
            value={filter}
            onChange={(value) => setFilter(value as TQuestionFilter)}
            data={QUESTION_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }))}
          />
          <TextInput
            label="Search questions"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flex: 1, minWidth: '12rem' }}
          />
        </Group>
        {(topics.data?.items.length ?? 0) > 0 ? (
          <Chip.Group
            multiple={false}
            value={tag ?? ''}
            onChange={(value) => setTag(value === '' || value === tag ? null : value)}
          >
            <Group gap={6} role="group" aria-label="Filter by topic">
              {topics.data?.items.slice(0, 12).map((topic) => (
                <Chip
                  key={topic.tag}
                  value={topic.tag}
                  size="xs"
                  onClick={() => tag === topic.tag && setTag(null)}
                >
                  {topic.tag}
                  <VisuallyHidden>{` (${topic.count})`}</VisuallyHidden>
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        ) : null}
        {list.isPending ? (
          <LoadingState label="Loading questions…" />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : pinned.length + items.length === 0 ? (
          <EmptyState title={q === '' && tag === null ? 'No questions yet' : 'No questions match'}>
            {q === '' && tag === null
              ? 'Be the first to ask something.'
              : 'Try other words or another topic.'}
          </EmptyState>
        ) : (
          <Stack gap="sm" aria-busy={list.isFetching}>
            {pinned.length > 0 ? (
              <Group gap="xs">
                <Badge color="blue.9">{pinned.length} pinned</Badge>
              </Group>
            ) : null}
            {[...pinned, ...items].map((question) => (
              <QuestionCard key={question.id} question={question} timeZone={timeZone} />
            ))}
            {list.hasNextPage ? (
              <Group justify="center">
                <Button
                  variant="outline"
                  onClick={() => void list.fetchNextPage()}
                  loading={list.isFetchingNextPage}
                >
                  Load more questions
                </Button>
              </Group>
            ) : null}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
