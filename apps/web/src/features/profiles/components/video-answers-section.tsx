import { webPaths } from '@commons/contract';
import { VIDEO_ANSWER_SOURCE_LABELS } from '@commons/domain';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { formatInZone } from '../../../lib/viewer-time';
import { useVideoAnswers } from '../api/get-video-answers';

/**
 * The profile section videoAnswers (spec 2; issue #20 item 3): the member's answers to the hub's video prompts,
 * each leading to the prompt's page with their answer (?userId=). Left out when there is none or the viewer may
 * not see the hub's prompts.
 */
export function VideoAnswersSection(props: { userId: string; hubId?: string; timeZone: string }) {
  const answers = useVideoAnswers(props.userId, props.hubId);
  if (answers.isPending || props.hubId === undefined) return null;
  if (answers.isError && isApiError(answers.error) && [400, 403, 404].includes(answers.error.status))
    return null;
  const items = answers.data?.items ?? [];
  if (!answers.isError && items.length === 0) return null;
  const hubId = props.hubId;
  return (
    <Paper
      component="section"
      aria-labelledby="profile-video-answers-heading"
      withBorder
      p="lg"
      radius="md"
      id="profile-video-answers"
    >
      <Title order={2} size="h3" id="profile-video-answers-heading" mb="sm">
        Video answers
      </Title>
      {answers.isError ? (
        <ErrorAlert error={answers.error} />
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((answer) => (
            <Stack key={answer.id} gap={2} component="li">
              <Anchor
                component={Link}
                to={webPaths.hub.videoPrompt(hubId, answer.promptId, { userId: props.userId })}
                fw={600}
              >
                {answer.question}
              </Anchor>
              <Text size="sm" c="gray.7">
                {VIDEO_ANSWER_SOURCE_LABELS[answer.source]} ·{' '}
                {formatInZone(answer.updatedAt, 'medium', props.timeZone)}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
