import type { TAdminSurvey } from '@commons/contract';
import { formatWholeNumber } from '@commons/domain';
import { Anchor, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { surveyPaths } from '../../../config/survey-paths';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime, useViewerTimeZone } from '../../../lib/viewer-time';
import { useAdminSurveys, useDeleteSurvey, useSetSurveyStatus } from '../api/surveys';
import { audienceText, statusText } from '../survey-text';

/**
 * {hubPath}/site-admin/surveys (issue #22 item 3; spec 6 right surveys): the hub's surveys newest first with
 * their audience, status and response count; admins open the results, close a survey or open it again, and
 * start a new one in the builder.
 */
export function SurveysAdminPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Surveys');
  const list = useAdminSurveys(identifier);
  const heading = (
    <Stack gap={4}>
      <Anchor component={Link} to={paths.hub.siteAdmin(identifier)} size="sm">
        ← Site administration
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} id="surveys-heading" tabIndex={-1}>
          Surveys
        </Title>
        {list.isSuccess ? (
          <Button component={Link} to={surveyPaths.adminNew(identifier)}>
            New survey
          </Button>
        ) : null}
      </Group>
      <Text c="gray.7">
        Ask members of chosen user types or groups single-choice, multiple-choice and text questions. Each
        member answers once; a closed survey takes no more answers.
      </Text>
    </Stack>
  );
  if (list.isPending) return <LoadingState label="Loading surveys…" />;
  if (list.isError) {
    if (isApiError(list.error) && list.error.status === 403)
      return (
        <Stack>
          {heading}
          <EmptyState title="You cannot manage surveys here">
            Surveys need the “surveys” right in this hub. A hub admin who manages admins can give it to you.
          </EmptyState>
        </Stack>
      );
    return (
      <Stack>
        {heading}
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      </Stack>
    );
  }
  const items = list.data.items;
  return (
    <Stack gap="lg">
      {heading}
      {items.length === 0 ? (
        <EmptyState title="No surveys yet">
          Choose “New survey” to write the questions and pick who is asked. Results appear here as members
          answer.
        </EmptyState>
      ) : (
        <SurveyTable hubIdentifier={identifier} items={items} />
      )}
    </Stack>
  );
}

function SurveyTable(props: { hubIdentifier: string; items: TAdminSurvey[] }) {
  const timeZone = useViewerTimeZone();
  const setStatus = useSetSurveyStatus(props.hubIdentifier);
  const remove = useDeleteSurvey(props.hubIdentifier);
  const [toDelete, setToDelete] = useState<TAdminSurvey | null>(null);
  const [isDeleted, setIsDeleted] = useState(false);
  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        setIsDeleted(true);
        setToDelete(null);
        notifications.show({ color: 'green', message: `“${toDelete.title}” is deleted.` });
        // Its row and buttons are gone: the focus goes to the page's heading.
        document.getElementById('surveys-heading')?.focus();
      },
      onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
    });
  };
  const toggle = (survey: TAdminSurvey) => {
    const status = survey.status === 'open' ? 'closed' : 'open';
    setStatus.mutate(
      { id: survey.id, status },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message:
              status === 'closed'
                ? `“${survey.title}” is closed: members can no longer answer it.`
                : `“${survey.title}” is open again.`,
          }),
        onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
      },
    );
  };
  return (
    <>
      <ConfirmDeleteModal
        opened={toDelete !== null}
        title={`Delete “${toDelete?.title ?? ''}”?`}
        consequence={answersGoText(toDelete?.responseCount ?? 0)}
        isDeleting={remove.isPending}
        returnFocus={!isDeleted}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
      <Table.ScrollContainer minWidth={820} type="native" tabIndex={0} role="region" aria-label="Surveys">
        <Table striped withTableBorder verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Title</Table.Th>
              <Table.Th scope="col">Audience</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Responses</Table.Th>
              <Table.Th scope="col">Created</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.items.map((survey) => (
              <Table.Tr key={survey.id} data-testid={`survey-${survey.id}`}>
                <Table.Th scope="row">
                  <Anchor component={Link} to={surveyPaths.adminResults(props.hubIdentifier, survey.id)}>
                    {survey.title}
                  </Anchor>
                  <Text size="xs" c="gray.7">
                    {survey.questions.length === 1 ? '1 question' : `${survey.questions.length} questions`}
                  </Text>
                </Table.Th>
                <Table.Td>{audienceText(survey)}</Table.Td>
                <Table.Td>{statusText(survey.status)}</Table.Td>
                <Table.Td>{formatWholeNumber(survey.responseCount)}</Table.Td>
                <Table.Td>{formatDateTime(survey.createdAt, timeZone)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      component={Link}
                      to={surveyPaths.adminResults(props.hubIdentifier, survey.id)}
                      aria-label={`Results of ${survey.title}`}
                    >
                      Results
                    </Button>
                    {survey.responseCount === 0 ? (
                      <Button
                        size="xs"
                        variant="default"
                        component={Link}
                        to={surveyPaths.adminEdit(props.hubIdentifier, survey.id)}
                        aria-label={`Edit ${survey.title}`}
                      >
                        Edit
                      </Button>
                    ) : null}
                    <Button
                      size="xs"
                      variant="outline"
                      color={survey.status === 'open' ? 'red.9' : 'blue.9'}
                      loading={setStatus.isPending && setStatus.variables?.id === survey.id}
                      aria-label={`${survey.status === 'open' ? 'Close' : 'Reopen'} ${survey.title}`}
                      onClick={() => toggle(survey)}
                    >
                      {survey.status === 'open' ? 'Close' : 'Reopen'}
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      color="red.9"
                      aria-label={`Delete ${survey.title}`}
                      onClick={() => {
                        setIsDeleted(false);
                        setToDelete(survey);
                      }}
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

/** What deleting a survey takes with it, said in its confirm dialog. */
function answersGoText(count: number): string {
  if (count === 0) return 'Nobody has answered it yet.';
  return count === 1
    ? 'Its 1 answer is deleted with it.'
    : `Its ${formatWholeNumber(count)} answers are deleted with it.`;
}
