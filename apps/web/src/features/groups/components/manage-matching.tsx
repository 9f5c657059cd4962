import type { TGroupDetail, TPairOverride } from '@commons/contract';
import { Alert, Badge, Button, Group, List, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useMatchingPreview, usePublishMatching } from '../api/program-api';

/**
 * Auto-matching (issue #6): the proposed pairs with scores and reasons, overrides (fix a mentor for a
 * mentee, rule a pair out) and publish. View-only admins see the preview without the controls.
 */
export function ManageMatching({ group }: { group: TGroupDetail }) {
  const [forcedPairs, setForced] = useState<TPairOverride[]>([]);
  const [forbiddenPairs, setForbidden] = useState<TPairOverride[]>([]);
  const overrides = { forcedPairs, forbiddenPairs };
  const preview = useMatchingPreview(group.identifier, overrides, true);
  const publish = usePublishMatching(group.identifier);
  const canEdit = group.can.manage;
  const { mentors, mentees } = group.roleLabels;
  if (preview.isPending) return <LoadingState />;
  if (preview.isError) return <ErrorState error={preview.error} onRetry={() => void preview.refetch()} />;
  const data = preview.data;
  const mentorOptions = data.mentors.map((m) => ({
    value: m.user.id,
    label: `${m.user.fullName} (${m.capacity === null ? 'no limit' : `${m.capacity} left`})`,
  }));
  const handlePublish = () =>
    publish.mutate(overrides, {
      onSuccess: (result) => {
        setForced([]);
        setForbidden([]);
        notifications.show({
          message: `${result.created.length} ${result.created.length === 1 ? 'match' : 'matches'} published; each pair has a conversation in the inbox.`,
        });
      },
    });
  return (
    <Stack gap="md">
      <Text>
        Each of the {mentees} proposes to the {mentors} with the best answer similarity; {mentors} keep the
        best proposals up to their limits. The result is stable: no pair would both rather be together.{' '}
        {data.alreadyMatchedCount > 0
          ? `${data.alreadyMatchedCount} already matched ${data.alreadyMatchedCount === 1 ? 'is' : 'are'} left as they are.`
          : ''}
      </Text>
      {data.issues.length > 0 ? (
        <Alert color="yellow" variant="outline" title="Overrides not applied">
          <List size="sm">
            {data.issues.map((issue) => (
              <List.Item key={`${issue.menteeId}-${issue.mentorId}`}>{issue.reason}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {data.pairs.length === 0 ? (
        <EmptyState title="No matches to propose">
          Everyone is matched, or no {mentors} have room left.
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={700}>
          <Table aria-label="Proposed matches" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Mentee</Table.Th>
                <Table.Th scope="col">Mentor</Table.Th>
                <Table.Th scope="col">Score</Table.Th>
                <Table.Th scope="col">Why</Table.Th>
                {canEdit ? <Table.Th scope="col">Override</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.pairs.map((pair) => (
                <Table.Tr key={pair.mentee.id}>
                  <Table.Th scope="row" fw={500}>
                    {pair.mentee.fullName}
                  </Table.Th>
                  <Table.Td>{pair.mentor.fullName}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Text size="sm">{pair.score}</Text>
                      {pair.isForced ? (
                        <Badge variant="outline" color="grape.9">
                          Fixed
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <List size="sm">
                      {pair.reasons.map((reason) => (
                        <List.Item key={reason}>{reason}</List.Item>
                      ))}
                    </List>
                  </Table.Td>
                  {canEdit ? (
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="outline"
                        aria-label={`Rule out ${pair.mentee.fullName} with ${pair.mentor.fullName}`}
                        onClick={() => {
                          setForced(forcedPairs.filter((p) => p.menteeId !== pair.mentee.id));
                          setForbidden([
                            ...forbiddenPairs,
                            { menteeId: pair.mentee.id, mentorId: pair.mentor.id },
                          ]);
                        }}
                      >
                        Rule out
                      </Button>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data.unmatched.length > 0 ? (
        <Paper withBorder p="md" radius="md">
          <Title order={3} size="h5" mb="xs">
            Without a match
          </Title>
          <Stack gap="xs">
            {data.unmatched.map((u) => (
              <Group key={u.mentee.id} justify="space-between">
                <Text size="sm">
                  {u.mentee.fullName}: {u.reason}
                </Text>
                {canEdit ? (
                  <Select
                    size="xs"
                    aria-label={`Fix a mentor for ${u.mentee.fullName}`}
                    placeholder="Fix a mentor…"
                    data={mentorOptions}
                    value={null}
                    onChange={(mentorId) => {
                      if (mentorId === null) return;
                      setForbidden(
                        forbiddenPairs.filter(
                          (p) => !(p.menteeId === u.mentee.id && p.mentorId === mentorId),
                        ),
                      );
                      setForced([
                        ...forcedPairs.filter((p) => p.menteeId !== u.mentee.id),
                        { menteeId: u.mentee.id, mentorId },
                      ]);
                    }}
                  />
                ) : null}
              </Group>
            ))}
          </Stack>
        </Paper>
      ) : null}
      <ErrorAlert error={publish.error} />
      {canEdit ? (
        <Group>
          <Button onClick={handlePublish} loading={publish.isPending} disabled={data.pairs.length === 0}>
            Publish matches
          </Button>
          {forcedPairs.length + forbiddenPairs.length > 0 ? (
            <Button
              variant="default"
              onClick={() => {
                setForced([]);
                setForbidden([]);
              }}
            >
              Clear overrides ({forcedPairs.length + forbiddenPairs.length})
            </Button>
          ) : null}
        </Group>
      ) : (
        <Text size="sm">View-only admins can look at the proposal but not publish it.</Text>
      )}
    </Stack>
  );
}
