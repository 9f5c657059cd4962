import type { TGroupDetail } from '@commons/contract';
import { STALLED_DAYS } from '@commons/contract';
import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { formatInZone, useViewerTimeZone } from '../../../lib/viewer-time';
import { useNudgeStalled, useProgramHealth } from '../api/program-api';

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Paper>
  );
}

/** Program health (issue #6): counts, stalled mentorships (no message for 21 days) and the nudge. */
export function ManageHealth({ group }: { group: TGroupDetail }) {
  const health = useProgramHealth(group.identifier, true);
  const nudge = useNudgeStalled(group.identifier);
  const timeZone = useViewerTimeZone();
  if (health.isPending) return <LoadingState />;
  if (health.isError) return <ErrorState error={health.error} onRetry={() => void health.refetch()} />;
  const data = health.data;
  const run = (threadIds: string[]) =>
    nudge.mutate(
      { threadIds },
      {
        onSuccess: (r) =>
          notifications.show({
            message:
              r.nudgedCount === 0
                ? 'Everyone here was nudged this week already.'
                : `Nudge sent to ${r.nudgedCount} ${r.nudgedCount === 1 ? 'mentorship' : 'mentorships'}.`,
          }),
        onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
      },
    );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Stat label="Matches" value={data.matchCount} />
        <Stat label="Active mentorships" value={data.activeMentorshipCount} />
        <Stat label="Open requests" value={data.openRequestCount} />
        <Stat label="Stalled mentorships" value={data.stalledCount} />
        <Stat label={`${group.roleLabels.mentors} registered`} value={data.mentorCount} />
        <Stat label={`${group.roleLabels.mentees} registered`} value={data.menteeCount} />
        <Stat label={`${group.roleLabels.mentees} without a match`} value={data.unmatchedMenteeCount} />
      </SimpleGrid>
      <Group justify="space-between">
        <Title order={3} size="h4">
          Stalled mentorships (no message for {STALLED_DAYS} days)
        </Title>
        {group.can.manage && data.stalled.length > 0 ? (
          <Button onClick={() => run([])} loading={nudge.isPending}>
            Nudge all
          </Button>
        ) : null}
      </Group>
      {data.stalled.length === 0 ? (
        <EmptyState title="No stalled mentorships">
          Every active mentorship had a message in the last {STALLED_DAYS} days.
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table aria-label="Stalled mentorships">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Mentee</Table.Th>
                <Table.Th scope="col">Mentor</Table.Th>
                <Table.Th scope="col">Last message</Table.Th>
                <Table.Th scope="col">Last nudge</Table.Th>
                {group.can.manage ? <Table.Th scope="col">Action</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.stalled.map((s) => (
                <Table.Tr key={s.threadId}>
                  <Table.Th scope="row" fw={500}>
                    {s.mentee.fullName}
                  </Table.Th>
                  <Table.Td>{s.mentor.fullName}</Table.Td>
                  <Table.Td>{formatInZone(s.lastMessageAt, 'medium', timeZone)}</Table.Td>
                  <Table.Td>
                    {s.lastNudgedAt === null ? 'Never' : formatInZone(s.lastNudgedAt, 'medium', timeZone)}
                  </Table.Td>
                  {group.can.manage ? (
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => run([s.threadId])}
                        aria-label={`Nudge ${s.mentee.fullName} and ${s.mentor.fullName}`}
                      >
                        Nudge
                      </Button>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
