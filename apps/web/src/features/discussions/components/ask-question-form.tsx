import { TagsInput, TextInput, Button, Group, Paper, Stack, Title, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { errorText } from '../../../components/error-state';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { focusFirstInvalidField } from '../../../lib/focus-first-invalid-field';
import { useAskQuestion } from '../api/discussions-api';

/** The post-question form, titled 'Ask Anything' or 'Ask Your Community' by the hub (spec 9 Default names). */
export function AskQuestionForm(props: {
  title: string;
  groupId: string | null;
  isApprovalRequired: boolean;
  suggestedTags: string[];
}) {
  const ask = useAskQuestion();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [titleError, setTitleError] = useState<string | null>(null);

  const handleSubmit = (formElement: HTMLFormElement) => {
    if (title.trim().length < 5) {
      setTitleError('Please write a question of at least 5 characters.');
      focusFirstInvalidField(formElement);
      return;
    }
    setTitleError(null);
    ask.mutate(
      { title: title.trim(), body, tags, ...(props.groupId === null ? {} : { groupId: props.groupId }) },
      {
        onSuccess: ({ question }) => {
          setTitle('');
          setBody('');
          setTags([]);
          if (question.status === 'pending') {
            notifications.show({ message: 'Thanks! Your question will appear once an admin approves it.' });
          } else {
            void navigate(paths.discussionQuestion(question.id, question.slug));
          }
        },
        onError: (error) => {
          const message = isApiError(error) ? error.fields['title'] : undefined;
          if (message === undefined) return;
          setTitleError(message);
          focusFirstInvalidField(formElement);
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="ask-question-heading">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          handleSubmit(event.currentTarget);
        }}
        noValidate
      >
        <Stack>
          <Title order={2} size="h3" id="ask-question-heading">
            {props.title}
          </Title>
          {props.isApprovalRequired ? (
            <Text size="sm" c="dimmed">
              Questions appear after an admin approves them.
            </Text>
          ) : null}
          <TextInput
            label="Your question"
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={titleError}
            required
            maxLength={200}
          />
          <RichTextEditor
            label="Details (optional)"
            value={body}
            onChange={setBody}
            placeholder="Add context, and type @ to mention someone."
          />
          <TagsInput
            label="Topics"
            description="Up to 5 topics, press Enter after each."
            value={tags}
            onChange={setTags}
            data={props.suggestedTags}
            maxTags={5}
            clearable
          />
          {ask.isError && titleError === null ? (
            <Text c="red.9" size="sm" role="alert">
              {errorText(ask.error)}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={ask.isPending}>
              Post question
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
