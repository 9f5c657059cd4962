import type { TApplicationStateValue, TJobApplication } from '@commons/contract';
import { APPLICATION_STATES, PROJECT_STATUS_LABELS } from '@commons/domain';
import { Anchor, Avatar, Badge, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { paths } from '../../../config/paths';
import { formatInZone } from '../../../lib/viewer-time';
import { useApplicants, useApplicationMove } from '../api/job-applications';
import { allowedOwnerMoves, applicationBadgeColour, moveLabel, stateLabel } from '../application-status';
import { MoveDialog } from './move-dialog';
import { ApplicationFileButton, SubmissionView } from './submission-view';

type TOwnerMove = ReturnType<typeof allowedOwnerMoves>[number];

/** What each confirmed move's dialog says. */
const DIALOG: Record<
  Exclude<TOwnerMove, 'shortlist'>,
  { title: string; explanation: string; field: string; isDanger?: boolean }
> = {
  hire: {
    title: 'Hire',
    explanation: 'They are told at once in their inbox and notifications.',
    field: 'Message to the applicant (optional)',
  },
  reject: {
    title: 'Reject',
    explanation: 'They are told that they were not selected.',
    field: 'Message to the applicant (optional)',
    isDanger: true,
  },
  complete: {
    title: 'Mark completed',
    explanation: 'The project’s work is done; the student is told.',
    field: 'Note to the student (optional)',
  },
  markNotCompleted: {
    title: 'Mark not completed',
    explanation: 'The project’s work ends without completion; the student is told.',
    field: 'Note to the student (optional)',
    isDanger: true,
  },
};

/**
 * The owner's (and admins') applicant list of a post (issue #19 item 3): each applicant with their note,
 * resume and state in the domain's words, filtered by state, and the moves the status machine lets the viewer
 * make now (shortlist, hire, reject; for a hired project's work, complete or not completed).
 */
export function ApplicantList(props: { hubIdentifier: string; postId: string; timeZone: string }) {
  const [state, setState] = useState<TApplicationStateValue | null>(null);
  const applicants = useApplicants(props.hubIdentifier, props.postId, state, true);
  const move = useApplicationMove(props.hubIdentifier);
  const [dialog, setDialog] = useState<{
    application: TJobApplication;
    move: Exclude<TOwnerMove, 'shortlist'>;
  } | null>(null);

  const counts = applicants.data?.pages[0]?.counts ?? {};
  const total = Object.values(counts).reduce((sum, count) => sum + (count ?? 0), 0);
  const items = applicants.data?.pages.flatMap((page) => page.items) ?? [];

  const handleMove = (application: TJobApplication, chosen: TOwnerMove, text = '') => {
    const name = application.applicant.fullName;
    const onSuccess = (updated: TJobApplication) => {
      setDialog(null);
      move.reset();
      notifications.show({ color: 'green', message: `${name}: ${stateLabel(updated.state)}.` });
    };
    if (chosen === 'complete' || chosen === 'markNotCompleted')
      move.mutate(
        { applicationId: application.id, move: { action: chosen, review: { note: text } } },
        { onSuccess },
      );
    else
      move.mutate({ applicationId: application.id, move: { action: chosen, message: text } }, { onSuccess });
  };

  let body;
  if (applicants.isPending) body = <LoadingState label="Loading the applicants…" />;
  else if (applicants.isError && items.length === 0)
    body = <ErrorState error={applicants.error} onRetry={() => void applicants.refetch()} />;
  else if (items.length === 0)
    body = (
      <EmptyState
        title={state === null ? 'No applications yet' : `No applicants ${stateLabel(state).toLowerCase()}`}
      >
        {state === null ? 'Applications show here as members apply.' : undefined}
      </EmptyState>
    );
  else
    body = (
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Applicants">
        {items.map((application) => {
          const colour = applicationBadgeColour(application.state);
          const moves = allowedOwnerMoves(application.can);
          const { applicant } = application;
          return (
            <Paper
              component="li"
              key={application.id}
              withBorder
              p="md"
              radius="md"
              aria-label={applicant.fullName}
            >
              <Stack gap="sm">
                <Group justify="space-between" align="flex-start" gap="sm">
                  <Group gap="sm" wrap="nowrap" align="flex-start" miw={0} style={{ flex: '1 1 16rem' }}>
                    <Avatar
                      src={applicant.photoUrl}
                      name={applicant.fullName}
                      alt=""
                      radius="xl"
                      color="indigo.9"
                      variant="filled"
                    />
                    <Stack gap={0} miw={0}>
                      <Anchor component={Link} to={paths.profile(applicant.identifier)} fw={600}>
                        {applicant.fullName}
                      </Anchor>
                      {applicant.headline === null ? null : (
                        <Text size="sm" c="dimmed">
                          {applicant.headline}
                        </Text>
                      )}
                      <Text size="xs" c="dimmed">
                        Applied {formatInZone(application.createdAt, 'medium', props.timeZone)}
                      </Text>
                    </Stack>
                  </Group>
                  <Stack gap={4} align="flex-end">
                    <Badge variant="light" {...colour} tt="none" size="lg">
                      {stateLabel(application.state)}
                    </Badge>
                    {application.projectStatus === null ? null : (
                      <Text size="xs" c="dimmed">
                        Project: {PROJECT_STATUS_LABELS[application.projectStatus]}
                      </Text>
                    )}
                  </Stack>
                </Group>
                {application.note === '' ? null : (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {application.note}
                  </Text>
                )}
                {application.resume === null ? null : (
                  <ApplicationFileButton application={application} file={application.resume} label="Resume" />
                )}
                <SubmissionView application={application} timeZone={props.timeZone} />
                {moves.length === 0 ? null : (
                  <Group gap="xs">
                    {moves.map((chosen) => (
                      <Button
                        key={chosen}
                        size="xs"
                        variant={
                          chosen === 'reject' || chosen === 'markNotCompleted'
                            ? 'outline'
                            : chosen === 'shortlist'
                              ? 'light'
                              : 'filled'
                        }
                        color={chosen === 'reject' || chosen === 'markNotCompleted' ? 'red.9' : undefined}
                        aria-label={`${moveLabel(chosen)}: ${applicant.fullName}`}
                        loading={
                          move.isPending &&
                          move.variables.applicationId === application.id &&
                          chosen === 'shortlist'
                        }
                        onClick={() => {
                          move.reset();
                          if (chosen === 'shortlist') handleMove(application, chosen);
                          else setDialog({ application, move: chosen });
                        }}
                      >
                        {moveLabel(chosen)}
                      </Button>
                    ))}
                  </Group>
                )}
                {dialog === null && move.isError && move.variables.applicationId === application.id ? (
                  <ErrorState title="This could not be done" error={move.error} />
                ) : null}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    );

  return (
    <Stack component="section" aria-labelledby="applicants-heading" gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} size="h3" id="applicants-heading">
          Applicants{total > 0 ? ` (${total})` : ''}
        </Title>
        {total > 0 ? (
          <NativeSelect
            label="Show"
            w={220}
            value={state ?? 'all'}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setState(
                (APPLICATION_STATES as readonly string[]).includes(value)
                  ? (value as TApplicationStateValue)
                  : null,
              );
            }}
            data={[
              { value: 'all', label: `Everyone (${total})` },
              ...APPLICATION_STATES.filter((s) => (counts[s] ?? 0) > 0 || s === state).map((s) => ({
                value: s,
                label: `${stateLabel(s)} (${counts[s] ?? 0})`,
              })),
            ]}
          />
        ) : null}
      </Group>
      {body}
      {applicants.hasNextPage ? (
        <Group justify="center">
          <Button
            variant="outline"
            onClick={() => void applicants.fetchNextPage()}
            loading={applicants.isFetchingNextPage}
          >
            Load more
          </Button>
        </Group>
      ) : null}
      {dialog === null ? null : (
        <MoveDialog
          opened
          title={`${DIALOG[dialog.move].title}: ${dialog.application.applicant.fullName}`}
          explanation={DIALOG[dialog.move].explanation}
          fieldLabel={DIALOG[dialog.move].field}
          confirmLabel={moveLabel(dialog.move)}
          {...(DIALOG[dialog.move].isDanger === true ? { isDanger: true } : {})}
          isPending={move.isPending}
          error={move.error}
          onClose={() => {
            setDialog(null);
            move.reset();
          }}
          onConfirm={(text) => handleMove(dialog.application, dialog.move, text)}
        />
      )}
    </Stack>
  );
}
