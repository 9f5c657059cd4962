import type { TJobAlert } from '@commons/contract';
import { Anchor, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { jobPaths } from '../../../config/job-paths';
import { formatInZone } from '../../../lib/viewer-time';
import { useDeleteJobAlert, useJobAlerts, useUpdateJobAlert } from '../api/job-board';
import { describeSearch, searchOfAlert, searchToParams } from '../job-search';

/** The viewer's job alerts: each search in words, how often it mails, pause or resume, delete. */
export function JobAlertsList(props: { hubIdentifier: string; timeZone: string; projectsName: string }) {
  const alerts = useJobAlerts(props.hubIdentifier);
  const update = useUpdateJobAlert(props.hubIdentifier);
  const remove = useDeleteJobAlert(props.hubIdentifier);
  const [deleting, setDeleting] = useState<TJobAlert | null>(null);

  if (alerts.isPending) return <LoadingState label="Loading your alerts…" />;
  if (alerts.isError) return <ErrorState error={alerts.error} onRetry={() => void alerts.refetch()} />;
  if (alerts.data.items.length === 0)
    return (
      <EmptyState title="No job alerts yet">
        Search the board, then choose “Create job alert” to get new matches by email daily or weekly.
      </EmptyState>
    );

  const boardLink = (alert: TJobAlert) =>
    jobPaths.board(props.hubIdentifier, searchToParams(searchOfAlert(alert)));

  return (
    <>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your job alerts">
        {alerts.data.items.map((alert) => {
          const description = describeSearch(searchOfAlert(alert), { projectsName: props.projectsName });
          return (
            <Paper component="li" key={alert.id} withBorder p="md" radius="md">
              <Stack gap="xs">
                <Group justify="space-between" align="flex-start" gap="sm">
                  <Stack gap={2} miw={0} style={{ flex: '1 1 16rem' }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {description}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {alert.isActive ? 'On' : 'Paused'}
                      {alert.lastSentAt === null
                        ? ' · nothing sent yet'
                        : ` · last sent ${formatInZone(alert.lastSentAt, 'medium', props.timeZone)}`}
                    </Text>
                    <Anchor component={Link} to={boardLink(alert)} size="sm">
                      Show matching posts
                    </Anchor>
                  </Stack>
                  <NativeSelect
                    label="Frequency"
                    aria-label={`Frequency of the alert ${description}`}
                    data={[
                      { value: 'daily', label: 'Daily' },
                      { value: 'weekly', label: 'Weekly' },
                    ]}
                    value={alert.frequency}
                    onChange={(event) =>
                      update.mutate({
                        alertId: alert.id,
                        frequency: event.currentTarget.value === 'daily' ? 'daily' : 'weekly',
                      })
                    }
                    w={130}
                  />
                </Group>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => update.mutate({ alertId: alert.id, isActive: !alert.isActive })}
                    aria-label={`${alert.isActive ? 'Pause' : 'Resume'} the alert ${description}`}
                  >
                    {alert.isActive ? 'Pause' : 'Resume'}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    c="red.9"
                    onClick={() => setDeleting(alert)}
                    aria-label={`Delete the alert ${description}`}
                  >
                    Delete
                  </Button>
                </Group>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete this job alert?"
        isDeleting={remove.isPending}
        onClose={() => setDeleting(null)}
        returnFocus={false}
        onConfirm={() => {
          if (deleting === null) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              notifications.show({ color: 'gray', message: 'Job alert deleted.' });
            },
          });
        }}
      />
    </>
  );
}
