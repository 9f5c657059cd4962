import { SIGN_UP_LINK_TTL_HOURS } from '@commons/contract';
import { approvalState, safeRedirectPath } from '@commons/domain';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/current-user';
import { pickCurrentMembership } from '../../../lib/hub-membership';
import { useSession } from '../../../lib/session';
import { startSession } from '../api/sign-in';
import { confirmSignUp } from '../api/sign-up';
import { AuthCard } from '../components/auth-card';

/**
 * Confirms the email of a sign-up from its mailed link (`?token=`): the account is created and signed in,
 * and the hub's signup steps follow (with postSignupRedirect). A used or expired link explains itself.
 */
function ConfirmSignUp({
  confirmationToken,
  hubIdentifier,
  postSignupRedirect,
}: {
  confirmationToken: string;
  hubIdentifier: string | null;
  postSignupRedirect: string | null;
}) {
  usePageTitle('Confirming your email');
  const navigate = useNavigate();
  const hasStarted = useRef(false);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    // A one-time token: React's strict mode runs effects twice in development.
    if (hasStarted.current) return;
    hasStarted.current = true;
    confirmSignUp(confirmationToken)
      .then((response) => {
        startSession(response);
        const hub = hubIdentifier ?? response.user.hubs[0]?.hub.identifier ?? null;
        const next = safeRedirectPath(postSignupRedirect) ?? undefined;
        void navigate(hub === null ? paths.home() : paths.hub.signUp(hub, { postSignupRedirect: next }), {
          replace: true,
        });
      })
      .catch((cause: unknown) => setError(cause));
  }, [confirmationToken, hubIdentifier, postSignupRedirect, navigate]);

  if (error === null) return <LoadingState label="Creating your account…" />;
  return (
    <AuthCard title="This confirmation link does not work">
      <Stack gap="md">
        <Text>{errorText(error)}</Text>
        <Text>
          Confirmation links work once and for {SIGN_UP_LINK_TTL_HOURS} hours. If you already confirmed, sign
          in.
        </Text>
        <Group>
          <Button
            component={Link}
            to={hubIdentifier === null ? paths.signUp() : paths.hub.signUp(hubIdentifier)}
          >
            Sign up again
          </Button>
          <Anchor
            component={Link}
            to={hubIdentifier === null ? paths.signIn() : paths.hub.signIn(hubIdentifier)}
          >
            Sign in
          </Anchor>
        </Group>
      </Stack>
    </AuthCard>
  );
}

/** /create-account/confirmation: confirms a mailed sign-up link, or says what happens next. */
export function CreateAccountConfirmationPage() {
  const [searchParams] = useSearchParams();
  const confirmationToken = searchParams.get('token');
  if (confirmationToken !== null && confirmationToken !== '') {
    return (
      <ConfirmSignUp
        confirmationToken={confirmationToken}
        hubIdentifier={searchParams.get('hub')}
        postSignupRedirect={searchParams.get('postSignupRedirect')}
      />
    );
  }
  return <AccountCreated />;
}

/** Without a token: the account exists; says what happens next. */
function AccountCreated() {
  usePageTitle('Account created');
  const [searchParams] = useSearchParams();
  const { token, currentHub } = useSession();
  const me = useCurrentUser();

  if (token !== null && me.isPending) return <LoadingState />;

  if (token === null || me.data === undefined) {
    return (
      <AuthCard title="Account created" lead="Thanks for signing up.">
        <Stack gap="md">
          <Text>
            Check your email: open the link we sent you to confirm your address and finish creating your
            account.
          </Text>
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
