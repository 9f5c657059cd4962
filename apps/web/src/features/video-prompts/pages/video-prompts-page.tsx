import { Anchor, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { assessmentPaths } from '../../../config/assessment-paths';
import { isApiError } from '../../../lib/api-error';
import { useCreateVideoPrompt, useVideoPrompts } from '../api/video-prompts';

/** Add a prompt (admins with manage-pathways). */
function NewPromptForm(props: { hub: string }) {
  const create = useCreateVideoPrompt(props.hub);
  const [question, setQuestion] = useState('');
  const [description, setDescription] = useState('');
  const fields = isApiError(create.error) ? create.error.fields : {};
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { question: question.trim(), description: description.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: 'Video prompt added.' });
          setQuestion('');
          setDescription('');
        },
      },
    );
  };
  return (
    <Paper component="section" aria-labelledby="new-prompt-heading" withBorder p="lg" radius="md">
      <form onSubmit={handleSubmit} noValidate aria-labelledby="new-prompt-heading">
        <Stack gap="sm">
          <Title order={2} size="h4" id="new-prompt-heading">
            Add a video prompt
          </Title>
          <TextInput
            label="Question"
            required
            maxLength={300}
            value={question}
            onChange={(event) => setQuestion(event.currentTarget.value)}
            error={fields['question']}
          />
          <Textarea
            label="Description (optional)"
            autosize
            minRows={2}
            maxLength={1000}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          {fields['question'] === undefined ? <ErrorAlert error={create.error} /> : null}
          <Group>
            <Button type="submit" disabled={question.trim() === ''} loading={create.isPending}>
              Add prompt
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** {hubPath}/video-prompt: the hub's video prompts, whether I answered each; admins add prompts here. */
export function VideoPromptsPage() {
  usePageTitle('Video prompts');
  const { identifier = '' } = useParams();
  const prompts = useVideoPrompts(identifier);
  let body: ReactNode;
  if (prompts.isPending) body = <LoadingState label="Loading the video prompts…" />;
  else if (prompts.isError)
    body = <ErrorState error={prompts.error} onRetry={() => void prompts.refetch()} />;
  else if (prompts.data.items.length === 0)
    body = <EmptyState title="No video prompts yet">Your community has not asked a question yet.</EmptyState>;
  else
    body = (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {prompts.data.items.map((prompt) => (
          <Paper key={prompt.id} component="li" withBorder p="md" radius="md">
            <Stack gap={4}>
              <Anchor component={Link} to={assessmentPaths.videoPrompt(identifier, prompt.id)} fw={700}>
                {prompt.question}
              </Anchor>
              <Text size="sm" c="gray.7">
                {prompt.answerCount} {prompt.answerCount === 1 ? 'answer' : 'answers'} ·{' '}
                {prompt.myAnswer === null ? 'not answered by you yet' : 'you answered'}
                {prompt.isActive ? '' : ' · hidden from members'}
              </Text>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Video prompts</Title>
        <Text c="gray.7">Answer a question with a short video, and watch how others answered.</Text>
      </Stack>
      {prompts.data?.can.manage === true ? <NewPromptForm hub={identifier} /> : null}
      {body}
    </Stack>
  );
}
