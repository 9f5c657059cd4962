import { EMAIL_RESPONSE_MAX_LENGTH } from '@commons/contract';
import { Alert, Anchor, Button, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { formatInZone, useViewerTimeZone } from '../../../lib/viewer-time';
import { useEmailResponseThread, useSendEmailResponse } from '../api/email-response';

/**
 * /email-response/{token} (spec 2): the reply link of a message email. Shows the latest message and
 * posts a plain-text reply into the conversation without signing in; the link is the credential.
 */
export function EmailResponsePage() {
  const { token = '' } = useParams();
  const thread = useEmailResponseThread(token);
  const send = useSendEmailResponse(token);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const timeZone = useViewerTimeZone();
  usePageTitle('Reply');

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return setError('Please write your reply.');
    setError(null);
    send.mutate(text, { onError: (failure) => setError(errorText(failure)) });
  };

  if (thread.isPending) return <LoadingState label="Opening the conversation…" />;
  if (thread.isError) {
    return (
      <Stack maw={640}>
        <Title order={1}>Reply</Title>
        <Alert color="red" variant="outline" role="alert" title="This reply link does not work">
          It may be mistyped or no longer valid. You can still answer from your inbox.
        </Alert>
        <Anchor component={Link} to={paths.inbox()}>
          Go to your inbox
        </Anchor>
      </Stack>
    );
  }
  const { recipient, latestMessage, canReply } = thread.data;
  const name = `${recipient.firstName} ${recipient.lastName}`.trim();
  return (
    <Stack maw={640}>
      <Title order={1}>Reply to {name}</Title>
      {latestMessage === null ? null : (
        <Paper withBorder p="md" radius="md" component="figure" m={0} aria-label="Latest message">
          <Text size="sm" c="dimmed">
            {latestMessage.fromMe ? 'You wrote' : `${name} wrote`} ·{' '}
            <time dateTime={latestMessage.createdAt}>
              {formatInZone(latestMessage.createdAt, 'medium', timeZone)}
            </time>
          </Text>
          <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
            {latestMessage.text}
          </Text>
        </Paper>
      )}
      {send.isSuccess ? (
        <Alert color="teal" variant="outline" role="status" title="Your reply was sent">
          {name} will see it in their inbox.{' '}
          <Anchor component={Link} to={paths.inbox()}>
            Open the conversation in your inbox
          </Anchor>
        </Alert>
      ) : canReply ? (
        <form onSubmit={handleSubmit} noValidate>
          <Stack>
            <Textarea
              label="Your reply"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              maxLength={EMAIL_RESPONSE_MAX_LENGTH}
              autosize
              minRows={4}
              error={error}
              required
            />
            <div>
              <Button type="submit" loading={send.isPending}>
                Send reply
              </Button>
            </div>
          </Stack>
        </form>
      ) : (
        <Alert color="gray" variant="outline" role="status" title="This conversation is closed">
          You can no longer reply to it.
        </Alert>
      )}
    </Stack>
  );
}
