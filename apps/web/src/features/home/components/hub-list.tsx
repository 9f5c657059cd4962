import type { THubMembershipSummary } from '@commons/contract';
import { approvalState } from '@commons/domain';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { paths } from '../../../config/paths';

const APPROVAL_BADGE = {
  approved: { label: 'Member', color: 'teal.9' },
  pending: { label: 'Pending approval', color: 'gray.7' },
  rejected: { label: 'Not approved', color: 'red.9' },
} as const;

/** The hubs the user belongs to, with their user type and approval (spec 3 Hub membership). */
export function HubList(props: {
  memberships: THubMembershipSummary[];
  currentHubIdentifier: string | null;
}) {
  if (props.memberships.length === 0) {
    return (
      <EmptyState title="No hubs yet">
        You are not a member of any hub yet. Ask your school for its Commons sign-up link.
      </EmptyState>
    );
  }
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your hubs">
      {props.memberships.map((membership) => {
        const badge = APPROVAL_BADGE[approvalState(membership.approved)];
        const isCurrent = membership.hub.identifier === props.currentHubIdentifier;
        return (
          <Paper component="li" key={membership.hub.id} withBorder p="md" radius="md">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2}>
                <Anchor component={Link} to={paths.hub.home(membership.hub.identifier)} fw={600} size="lg">
                  {membership.hub.name}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {membership.userType?.title ?? 'Member'}
                  {isCurrent ? ' · current hub' : ''}
                </Text>
              </Stack>
              <Badge color={badge.color} variant="filled">
                {badge.label}
              </Badge>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
