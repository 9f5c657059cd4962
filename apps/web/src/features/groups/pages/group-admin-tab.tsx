import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadingState } from '../../../components/loading-state';
import { paths } from '../../../config/paths';
import { useCurrentGroup } from '../../../lib/current-group';
import { useGroupMembers } from '../api/groups-api';

/**
 * The admin tab (spec 6: group admins and hub admins with the right): what waits, and the way to manage; for an
 * organisation, also its admins' console under the hub's Site administration (spec 6 Organisation admins).
 */
export function GroupAdminTab() {
  const group = useCurrentGroup();
  const isManager = group.data?.can.manage === true;
  const pending = useGroupMembers(group.data?.identifier ?? '', { status: 'pending' }, isManager);
  if (group.data === undefined) return <LoadingState />;
  const data = group.data;
  if (!data.can.manage) return <EmptyState title="Only admins manage this group" />;
  const pendingCount = pending.data?.pages[0]?.items.length ?? 0;
  const hasMore = pending.data?.pages[0]?.nextCursor !== null && pending.data !== undefined;
  return (
    <Stack gap="md">
      <Title order={2}>Admin</Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Text>
            {pending.isPending
              ? 'Counting requests…'
              : pendingCount === 0
                ? 'No requests are waiting for approval.'
                : `${pendingCount}${hasMore ? '+' : ''} ${pendingCount === 1 ? 'request is' : 'requests are'} waiting for approval.`}
          </Text>
          <Group>
            <Button component={Link} to={paths.manageGroup(data.groupType, data.identifier)}>
              Open {data.groupType === 'mentorshipProgram' ? 'program' : data.groupType} management
            </Button>
            {data.can.sendCommunications ? (
              <Button
                variant="outline"
                component={Link}
                to={paths.organizationCommunications(data.identifier)}
              >
                Send an announcement
              </Button>
            ) : null}
            {data.groupType === 'organization' ? (
              <Button variant="outline" component={Link} to={paths.hub.siteAdmin(data.hub.identifier)}>
                Open the organization console
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
