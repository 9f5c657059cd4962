import type { TVideoAnswer } from '@commons/contract';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { assessmentPaths } from '../../../config/assessment-paths';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useDeleteVideoAnswer, useVideoAnswers, useVideoPrompt } from '../api/video-prompts';
import { AnswerForm } from '../components/answer-form';
import { VideoAnswerView } from '../components/video-answer-view';

/** Others' answers, newest first, each with its author and a link to that answer alone (?userId=). */
function OtherAnswers(props: { hub: string; promptId: string; myUserId: string | null }) {
  const answers = useVideoAnswers(props.hub, props.promptId);
  if (answers.isPending) return <LoadingState label="Loading the answers…" />;
  if (answers.isError) return <ErrorState error={answers.error} onRetry={() => void answers.refetch()} />;
  const items = answers.data.pages
    .flatMap((page) => page.items)
    .filter((a) => a.author.userId !== props.myUserId);
  if (items.length === 0) return <Text c="gray.7">No one else has answered yet.</Text>;
  return (
    <Stack gap="lg" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((answer) => (
        <Stack key={answer.id} gap="xs" component="li">
          <Group gap="xs" justify="space-between">
            <Anchor component={Link} to={paths.profile(answer.author.identifier)} fw={600}>
              {answer.author.fullName}
            </Anchor>
            <Anchor
              component={Link}
              to={assessmentPaths.videoPrompt(props.hub, props.promptId, { userId: answer.author.userId })}
              size="sm"
            >
              Only this answer
            </Anchor>
          </Group>
          <VideoAnswerView hub={props.hub} answer={answer} label={`${answer.author.fullName}’s answer`} />
        </Stack>
      ))}
      {answers.hasNextPage ? (
        <Button
          variant="subtle"
          onClick={() => void answers.fetchNextPage()}
          loading={answers.isFetchingNextPage}
        >
          Show more answers
        </Button>
      ) : null}
    </Stack>
  );
}

/** My answer with Replace and Remove, or the form to answer. */
function MyAnswer(props: { hub: string; promptId: string; answer: TVideoAnswer | null; canAnswer: boolean }) {
  const [isReplacing, setIsReplacing] = useState(false);
  const remove = useDeleteVideoAnswer(props.hub, props.promptId);
  if (!props.canAnswer && props.answer === null)
    return <Text c="gray.7">Answering is open to approved members of this community.</Text>;
  if (props.answer === null || isReplacing)
    return (
      <Stack gap="sm">
        <AnswerForm hub={props.hub} promptId={props.promptId} onDone={() => setIsReplacing(false)} />
        {isReplacing ? (
          <Group>
            <Button variant="default" onClick={() => setIsReplacing(false)}>
              Keep my answer
            </Button>
          </Group>
        ) : null}
      </Stack>
    );
  return (
    <Stack gap="sm">
      <VideoAnswerView hub={props.hub} answer={props.answer} label="your answer" />
      <Group gap="sm">
        {props.canAnswer ? (
          <Button variant="default" onClick={() => setIsReplacing(true)}>
            Replace my answer
          </Button>
        ) : null}
        <Button
          variant="default"
          color="red.9"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(undefined, {
              onSuccess: () => notifications.show({ color: 'green', message: 'Your answer was removed.' }),
            })
          }
        >
          Remove my answer
        </Button>
      </Group>
      <ErrorAlert error={remove.error} />
    </Stack>
  );
}

/**
 * {hubPath}/video-prompt/{id} (spec 2; optional query userId): the question, my answer (recorded in the browser,
 * uploaded or linked) and others' answers; with userId, that member's answer.
 */
export function VideoPromptPage() {
  const { identifier = '', id = '' } = useParams();
  const [params] = useSearchParams();
  const userId = params.get('userId');
  const prompt = useVideoPrompt(identifier, id, userId);
  usePageTitle(prompt.data?.prompt.question ?? 'Video prompt');
  if (prompt.isPending) return <LoadingState label="Loading the video prompt…" />;
  if (prompt.isError) {
    const isMissing = isApiError(prompt.error) && prompt.error.status === 404;
    return (
      <Stack gap="md">
        <Title order={1}>Video prompt</Title>
        <ErrorState
          title={isMissing ? 'Video prompt not found' : undefined}
          error={prompt.error}
          onRetry={isMissing ? undefined : () => void prompt.refetch()}
        />
      </Stack>
    );
  }
  const { prompt: data, answer } = prompt.data;
  const isOthers =
    userId !== null && answer !== null && answer.author.userId !== data.myAnswer?.author.userId;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={assessmentPaths.videoPrompts(identifier)} size="sm">
        ← All video prompts
      </Anchor>
      <Stack gap={4}>
        <Title order={1}>{data.question}</Title>
        {data.description === '' ? null : <Text>{data.description}</Text>}
        <Text size="sm" c="gray.7">
          {data.answerCount} {data.answerCount === 1 ? 'answer' : 'answers'}
        </Text>
      </Stack>
      {userId !== null ? (
        <Paper component="section" aria-labelledby="their-answer-heading" withBorder p="lg" radius="md">
          <Title order={2} size="h3" id="their-answer-heading" mb="sm">
            {answer === null ? 'No answer' : isOthers ? `${answer.author.fullName}’s answer` : 'Your answer'}
          </Title>
          {answer === null ? (
            <Text c="gray.7">This member has not answered this prompt.</Text>
          ) : (
            <VideoAnswerView hub={identifier} answer={answer} label={`${answer.author.fullName}’s answer`} />
          )}
        </Paper>
      ) : null}
      <Paper component="section" aria-labelledby="my-answer-heading" withBorder p="lg" radius="md">
        <Title order={2} size="h3" id="my-answer-heading" mb="sm">
          Your answer
        </Title>
        <MyAnswer hub={identifier} promptId={data.id} answer={data.myAnswer} canAnswer={data.can.answer} />
      </Paper>
      <Paper component="section" aria-labelledby="answers-heading" withBorder p="lg" radius="md">
        <Title order={2} size="h3" id="answers-heading" mb="sm">
          Answers from your community
        </Title>
        <OtherAnswers hub={identifier} promptId={data.id} myUserId={data.myAnswer?.author.userId ?? null} />
      </Paper>
    </Stack>
  );
}
