import { approvalState } from '@commons/domain';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/current-user';
import { pickCurrentMembership } from '../../../lib/hub-membership';
import { useSession } from '../../../lib/session';
import { AuthCard } from '../components/auth-card';

/** /create-account/confirmation: the account exists; says what happens next. */
export function CreateAccountConfirmationPage() {
  usePageTitle('Account created');
  const [searchParams] = useSearchParams();
  const { token, currentHub } = useSession();
  const me = useCurrentUser();

  if (token !== null && me.isPending) return <LoadingState />;

  if (token === null || me.data === undefined) {
    return (
      <AuthCard title="Account created" lead="Thanks for signing up.">
        <Stack gap="md">
          <Text>Check your email: we sent you a link to sign in. The link works for 15 minutes.</Text>
          <Anchor component={Link} to={paths.signIn()}>
            Go to sign in
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  const membership = pickCurrentMembership(me.data, searchParams.get('hub') ?? currentHub);
  const isApproved = membership !== undefined && approvalState(membership.approved) === 'approved';
  const hubName = membership?.hub.name ?? 'your community';
  return (
    <AuthCard title="Account created" lead={`Welcome to Commons, ${me.data.firstName}.`}>
      <Stack gap="md">
        <Text>
          {isApproved
            ? `Your ${hubName} account is ready.`
            : `An administrator of ${hubName} will review your membership. We will email you when it is approved.`}
        </Text>
        <Button
          component={Link}
          to={membership === undefined ? paths.home() : paths.hub.home(membership.hub.identifier)}
        >
          Continue
        </Button>
      </Stack>
    </AuthCard>
  );
}
