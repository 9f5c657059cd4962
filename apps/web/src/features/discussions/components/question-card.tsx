import type { TQuestionSummary } from '@commons/contract';
import { formatCount, POST_COUNT_THRESHOLD } from '@commons/domain';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { AuthorLine } from '../../../components/author-line';

function countLabel(count: number, one: string, many: string): string | null {
  const shown = formatCount(count, POST_COUNT_THRESHOLD);
  return shown === '' ? null : `${shown} ${count === 1 ? one : many}`;
}

/**
 * A question in a list: title link, excerpt, topics, author and counts (spec 9 Count display, shown from
 * 1), with Answered beside the counts once an answer is accepted (issue #16 item 18).
 */
export function QuestionCard(props: {
  question: TQuestionSummary;
  headingLevel?: 2 | 3;
  timeZone?: string | null;
}) {
  const { question } = props;
  const counts = [
    countLabel(question.answerCount, 'answer', 'answers'),
    countLabel(question.upvoteCount, 'upvote', 'upvotes'),
    countLabel(question.followerCount, 'follower', 'followers'),
  ].filter((c): c is string => c !== null);
  // No empty row above the title when the question has none of these states.
  const hasStateBadges = question.isPinned || question.status === 'pending' || question.answerCount === 0;
  return (
    <Paper withBorder p="md" radius="md" component="article">
      <Stack gap="xs">
        {hasStateBadges ? (
          <Group gap="xs">
            {question.isPinned ? <Badge color="blue.9">Pinned</Badge> : null}
            {question.status === 'pending' ? (
              <Badge variant="light" color="yellow" c="dark.8">
                Waiting for approval
              </Badge>
            ) : null}
            {question.answerCount === 0 ? (
              <Badge variant="outline" color="gray.8">
                Unanswered
              </Badge>
            ) : null}
          </Group>
        ) : null}
        <Title order={props.headingLevel ?? 3} size="h4">
          <Anchor component={Link} to={paths.discussionQuestion(question.id, question.slug)}>
            {question.title}
          </Anchor>
        </Title>
        {question.excerpt === '' ? null : <Text size="sm">{question.excerpt}</Text>}
        {question.tags.length > 0 ? (
          <Group gap={4} aria-label="Topics">
            {question.tags.map((tag) => (
              <Badge key={tag} variant="outline" color="gray.8" tt="none">
                {tag}
              </Badge>
            ))}
          </Group>
        ) : null}
        <Group justify="space-between" wrap="wrap">
          <AuthorLine
            author={question.author}
            createdAt={question.createdAt}
            size="xs"
            timeZone={props.timeZone ?? null}
          />
          <Group gap="xs" wrap="wrap">
            {question.acceptedAnswerId === null ? null : (
              <Badge size="sm" color="teal.9" leftSection={<IconCircleCheck size={12} aria-hidden="true" />}>
                Answered
              </Badge>
            )}
            {counts.length > 0 ? (
              <Text size="xs" c="dimmed">
                {counts.join(' · ')}
              </Text>
            ) : null}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
