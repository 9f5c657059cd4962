import type { TGroupSummary } from '@commons/contract';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CoverImage } from '../../../components/cover-image';
import { paths } from '../../../config/paths';

const STATUS_LABELS: Readonly<Record<NonNullable<TGroupSummary['membershipStatus']>, string>> = {
  admin: 'Admin',
  approved: 'Member',
  pending: 'Request pending',
  rejected: 'Not approved',
  invited: 'Invited',
};

/** One group in a list, with its join policy and the viewer's standing. */
export function GroupCard({ group }: { group: TGroupSummary }) {
  return (
    <Paper withBorder radius="md" component="article" h="100%" style={{ overflow: 'hidden' }}>
      <CoverImage url={group.coverImageUrl} />
      <Stack gap={6} p="md">
        <Anchor component={Link} to={paths.groupPage(group.groupType, group.identifier)} fw={600} size="lg">
          {group.name}
        </Anchor>
        {group.description === '' ? null : <Text size="sm">{group.description}</Text>}
        <Group gap={6}>
          <Text size="sm" c="dimmed">
            {group.memberCount} {group.memberCount === 1 ? 'member' : 'members'}
          </Text>
          {group.membershipStatus === null ? null : (
            <Badge
              variant="outline"
              color={
                group.membershipStatus === 'pending' || group.membershipStatus === 'invited'
                  ? 'gray.8'
                  : 'teal.9'
              }
            >
              {STATUS_LABELS[group.membershipStatus]}
            </Badge>
          )}
          {group.joinPolicy === 'request' ? (
            <Badge variant="outline" color="gray.8">
              Approval needed
            </Badge>
          ) : null}
          {group.joinPolicy === 'invite' ? (
            <Badge variant="outline" color="gray.8">
              Invitation only
            </Badge>
          ) : null}
          {group.isHidden ? (
            <Badge variant="outline" color="gray.8">
              Hidden
            </Badge>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
