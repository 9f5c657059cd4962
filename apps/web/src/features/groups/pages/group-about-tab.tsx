import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { LoadingState } from '../../../components/loading-state';
import { useCurrentGroup } from '../../../lib/current-group';
import { useCurrentUser } from '../../../lib/current-user';
import { capitalize, formatSettingDate, timeframeText } from '../group-labels';

/** The about tab: the group's story and, for programs, registration windows and deadlines (spec 3 timelines). */
export function GroupAboutTab() {
  const group = useCurrentGroup();
  const me = useCurrentUser();
  if (group.data === undefined) return <LoadingState />;
  const data = group.data;
  const timeZone = me.data?.timezone ?? 'America/Los_Angeles';
  const { timelines, pathwayTimelines } = data.settings;
  const isProgram = data.groupType === 'mentorshipProgram';
  const windows = [
    { role: data.roleLabels.mentees, text: timeframeText(timelines.applicationTimeFrame.mentee, timeZone) },
    { role: data.roleLabels.mentors, text: timeframeText(timelines.applicationTimeFrame.mentor, timeZone) },
  ];
  const favorites = timeframeText(timelines.favorite === null ? null : { ...timelines.favorite, noEndDate: false }, timeZone);
  const deadlines = Object.entries(pathwayTimelines).filter(([, value]) => value?.completedBy);
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={2}>About</Title>
        {data.about === '' ? (
          <Text c="dimmed">The admins have not written about this {isProgram ? 'program' : data.groupType} yet.</Text>
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
            {favorites === null ? null : <Text size="sm">Choosing favourite {data.roleLabels.mentors}: {favorites}</Text>}
            {deadlines.map(([role, value]) => (
              <Text size="sm" key={role}>
                Pathway to complete by {role === 'mentee' ? data.roleLabels.mentees : role === 'mentor' ? data.roleLabels.mentors : 'everyone'}:{' '}
                {formatSettingDate(value?.completedBy ?? '', timeZone)}
              </Text>
            ))}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
