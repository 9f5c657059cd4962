import { approvalState } from '@commons/domain';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/current-user';
import { findMembership } from '../../../lib/hub-membership';
import { SignOutButton } from '../../../components/sign-out-button';

/** /hub/{identifier}/pending-approval: where members wait for approval (spec 2 Redirect rules, spec 4 Approval). */
export function PendingApprovalPage() {
  usePageTitle('Membership pending approval');
  const { identifier = '' } = useParams();
  const me = useCurrentUser();

  if (me.isPending) return <LoadingState label="Loading your membership…" />;
  if (me.isError) {
    return (
      <Stack>
        <Title order={1}>Membership pending approval</Title>
        <ErrorState error={me.error} onRetry={() => void me.refetch()} />
      </Stack>
    );
  }

  const membership = findMembership(me.data, identifier);
  const hubName = membership?.hub.name ?? identifier;
  const isRejected = membership !== undefined && approvalState(membership.approved) === 'rejected';

  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>
        {isRejected ? 'Membership not approved' : 'Your membership is pending approval'}
      </Title>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          {isRejected ? (
            <Text>
              Your request to join <strong>{hubName}</strong> was not approved. If you think this is a
              mistake, please contact the {hubName} team.
            </Text>
          ) : (
            <>
              <Text>
                Thanks for joining <strong>{hubName}</strong>, {me.data.firstName}. An administrator reviews
                every new member before they can use the community.
              </Text>
              <Text>We will email you at {me.data.email} as soon as your membership is approved.</Text>
            </>
          )}
        </Stack>
      </Paper>
      <Group>
        <SignOutButton />
        <Anchor component={Link} to={paths.terms()}>
          Terms of use
        </Anchor>
        <Anchor component={Link} to={paths.privacy()}>
          Privacy policy
        </Anchor>
      </Group>
    </Stack>
  );
}
