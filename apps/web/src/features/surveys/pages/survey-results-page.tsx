import type { TSurveyResults } from '@commons/contract';
import { formatWholeNumber } from '@commons/domain';
import { Anchor, Button, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { surveyPaths } from '../../../config/survey-paths';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime, useViewerTimeZone } from '../../../lib/viewer-time';
import { downloadSurveyResults, useSetSurveyStatus, useSurveyResults } from '../api/surveys';
import { audienceText, KIND_LABELS, statusText } from '../survey-text';

type TQuestionResult = TSurveyResults['questions'][number];

/** A whole percentage of the respondents ('0%' when nobody answered yet). */
function percentOf(count: number, total: number): number {
  return total === 0 ? 0 : Math.round((count / total) * 100);
}

/**
 * {hubPath}/site-admin/surveys/{surveyId}/results (issue #22 item 3): per question, how many chose each option
 * (with the share of respondents) or the text answers, newest first; the answers download as CSV, one row per
 * member.
 */
export function SurveyResultsPage() {
  const { identifier = '', surveyId = '' } = useParams();
  const results = useSurveyResults(identifier, surveyId);
  const setStatus = useSetSurveyStatus(identifier);
  const timeZone = useViewerTimeZone();
  const [isDownloading, setIsDownloading] = useState(false);
  usePageTitle(results.data ? `Results: ${results.data.survey.title}` : 'Survey results');
  const back = (
    <Anchor component={Link} to={surveyPaths.admin(identifier)} size="sm">
      ← Surveys
    </Anchor>
  );
  if (results.isPending) return <LoadingState label="Loading the results…" />;
  if (results.isError) {
    const status = isApiError(results.error) ? results.error.status : 0;
    return (
      <Stack>
        {back}
        <Title order={1}>Survey results</Title>
        {status === 403 ? (
          <EmptyState title="You cannot see survey results here">
            Surveys need the “surveys” right in this hub.
          </EmptyState>
        ) : status === 404 || status === 400 ? (
          <EmptyState title="Survey not found">It may belong to another hub.</EmptyState>
        ) : (
          <ErrorState error={results.error} onRetry={() => void results.refetch()} />
        )}
      </Stack>
    );
  }
  const { survey, questions } = results.data;
  const handleDownload = () => {
    setIsDownloading(true);
    downloadSurveyResults(survey.id, survey.title)
      .catch((error: unknown) => notifications.show({ color: 'red', message: errorText(error) }))
      .finally(() => setIsDownloading(false));
  };
  const nextStatus = survey.status === 'open' ? 'closed' : 'open';
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        {back}
        <Title order={1}>{survey.title}</Title>
        {survey.description === '' ? null : <Text>{survey.description}</Text>}
      </Stack>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group gap="xl" wrap="wrap" component="dl" m={0}>
            <Stack gap={0}>
              <Text component="dt" size="sm" c="gray.7">
                Responses
              </Text>
              <Text component="dd" m={0} fw={700} size="xl" data-testid="survey-response-count">
                {formatWholeNumber(survey.responseCount)}
              </Text>
            </Stack>
            <Stack gap={0}>
              <Text component="dt" size="sm" c="gray.7">
                Status
              </Text>
              <Text component="dd" m={0}>
                {statusText(survey.status)}
              </Text>
            </Stack>
            <Stack gap={0}>
              <Text component="dt" size="sm" c="gray.7">
                Audience
              </Text>
              <Text component="dd" m={0}>
                {audienceText(survey)}
              </Text>
            </Stack>
            <Stack gap={0}>
              <Text component="dt" size="sm" c="gray.7">
                Created
              </Text>
              <Text component="dd" m={0}>
                {formatDateTime(survey.createdAt, timeZone)}
              </Text>
            </Stack>
          </Group>
          <Group gap="sm">
            <Button
              variant="default"
              onClick={handleDownload}
              loading={isDownloading}
              disabled={survey.responseCount === 0}
            >
              Download answers (CSV)
            </Button>
            <Button
              variant="outline"
              color={nextStatus === 'closed' ? 'red.9' : 'blue.9'}
              loading={setStatus.isPending}
              onClick={() =>
                setStatus.mutate(
                  { id: survey.id, status: nextStatus },
                  {
                    onSuccess: () =>
                      notifications.show({
                        color: 'green',
                        message:
                          nextStatus === 'closed'
                            ? 'The survey is closed: members can no longer answer it.'
                            : 'The survey is open again.',
                      }),
                    onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
                  },
                )
              }
            >
              {nextStatus === 'closed' ? 'Close the survey' : 'Reopen the survey'}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {survey.responseCount === 0 ? (
        <EmptyState title="No answers yet">
          Results appear here as members answer. Members of the audience find the survey under Surveys.
        </EmptyState>
      ) : null}
      <Stack gap="md" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {questions.map((question, index) => (
          <QuestionResult
            key={question.id}
            number={index + 1}
            question={question}
            total={survey.responseCount}
          />
        ))}
      </Stack>
    </Stack>
  );
}

function QuestionResult(props: { number: number; question: TQuestionResult; total: number }) {
  const { question } = props;
  return (
    <Paper component="li" withBorder p="md" radius="md">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {props.number}. {question.prompt}
          </Title>
          <Text size="sm" c="gray.7">
            {KIND_LABELS[question.kind]}
          </Text>
        </Stack>
        {question.kind === 'text' ? (
          question.texts.length === 0 ? (
            <Text size="sm" c="gray.7">
              No written answers yet.
            </Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {question.texts.map((text, i) => (
                <Paper key={i} component="li" bg="gray.0" p="sm" radius="sm">
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {text}
                  </Text>
                </Paper>
              ))}
            </Stack>
          )
        ) : (
          <Table.ScrollContainer minWidth={280} type="native">
            <Table verticalSpacing={6} layout="fixed">
              <caption style={{ captionSide: 'top', textAlign: 'left' }}>
                <Text size="xs" c="gray.7" component="span">
                  {question.kind === 'multiple'
                    ? 'Members could choose several options; shares are of all respondents.'
                    : 'Shares are of all respondents.'}
                </Text>
              </caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" w="45%">
                    Option
                  </Table.Th>
                  <Table.Th scope="col" w={80}>
                    Count
                  </Table.Th>
                  <Table.Th scope="col">Share</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {question.counts.map((row) => {
                  const percent = percentOf(row.count, props.total);
                  return (
                    <Table.Tr key={row.option}>
                      <Table.Th scope="row" fw={400} style={{ overflowWrap: 'anywhere' }}>
                        {row.option}
                      </Table.Th>
                      <Table.Td>{formatWholeNumber(row.count)}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Progress
                            value={percent}
                            color="blue.8"
                            size="lg"
                            style={{ flex: 1 }}
                            aria-hidden="true"
                          />
                          <Text size="sm" w={44} ta="right">
                            {percent}%
                          </Text>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
