import type { TGroupDetail } from '@commons/contract';
import { Button, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LoadingState } from '../../../components/loading-state';
import { paths } from '../../../config/paths';
import { useCurrentGroup } from '../../../lib/current-group';
import { useCurrentUser } from '../../../lib/current-user';
import { useViewerTimeZone } from '../../../lib/viewer-time';
import { useMyMatches } from '../api/program-api';
import { capitalize, formatSettingDate, timeframeText } from '../group-labels';

/** The viewer's published matches in a program, each with a way into the mentorship conversation. */
function MyMatches({ group }: { group: TGroupDetail }) {
  const me = useCurrentUser();
  const matches = useMyMatches(group.identifier, group.membership?.access === 'allow');
  if (matches.data === undefined || matches.data.length === 0 || me.data === undefined) return null;
  const { roleLabels } = group;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="my-matches-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="my-matches-title">
          {matches.data.length === 1 ? 'Your match' : 'Your matches'}
        </Title>
        {matches.data.map((match) => (
          <Group key={match.otherUser.id} justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Text fw={600}>
                Your {match.role === 'mentee' ? roleLabels.mentor : roleLabels.mentee}:{' '}
                {match.otherUser.fullName}
              </Text>
              <List size="sm">
                {match.reasons.map((reason) => (
                  <List.Item key={reason}>{reason}</List.Item>
                ))}
              </List>
            </Stack>
            {match.threadId === null ? null : (
              <Button component={Link} to={paths.inboxThread(me.data.identifier, match.threadId)}>
                Message {match.otherUser.firstName}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** The about tab: the group's story and, for programs, registration windows and deadlines (spec 3 timelines). */
export function GroupAboutTab() {
  const group = useCurrentGroup();
  const timeZone = useViewerTimeZone();
  if (group.data === undefined) return <LoadingState />;
  const data = group.data;
  const { timelines, pathwayTimelines } = data.settings;
  const isProgram = data.groupType === 'mentorshipProgram';
  const windows = [
    { role: data.roleLabels.mentees, text: timeframeText(timelines.applicationTimeFrame.mentee, timeZone) },
    { role: data.roleLabels.mentors, text: timeframeText(timelines.applicationTimeFrame.mentor, timeZone) },
  ];
  const favorites = timeframeText(
    timelines.favorite === null ? null : { ...timelines.favorite, noEndDate: false },
    timeZone,
  );
  const deadlines = Object.entries(pathwayTimelines).filter(([, value]) => value?.completedBy);
  return (
    <Stack gap="lg">
      {isProgram ? <MyMatches group={data} /> : null}
      <Stack gap="xs">
        <Title order={2}>About</Title>
        {data.about === '' ? (
          <Text c="dimmed">
            The admins have not written about this {isProgram ? 'program' : data.groupType} yet.
          </Text>
        ) : (
          <Text style={{ whiteSpace: 'pre-wrap' }}>{data.about}</Text>
        )}
      </Stack>
      {isProgram ? (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={3} size="h4">
              Registration
            </Title>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Role</Table.Th>
                  <Table.Th scope="col">Applications</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {windows.map((row) => (
                  <Table.Tr key={row.role}>
                    <Table.Th scope="row" fw={500}>
                      {capitalize(row.role)}
                    </Table.Th>
                    <Table.Td>{row.text ?? 'Open'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {favorites === null ? null : (
              <Text size="sm">
                Choosing favourite {data.roleLabels.mentors}: {favorites}
              </Text>
            )}
            {deadlines.map(([role, value]) => (
              <Text size="sm" key={role}>
                Pathway to complete by{' '}
                {role === 'mentee'
                  ? data.roleLabels.mentees
                  : role === 'mentor'
                    ? data.roleLabels.mentors
                    : 'everyone'}
                : {formatSettingDate(value?.completedBy ?? '', timeZone)}
              </Text>
            ))}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
