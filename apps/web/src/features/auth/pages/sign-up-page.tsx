import { SIGN_UP_LINK_TTL_HOURS, type TSignUpRequest } from '@commons/contract';
import { signupStatus } from '@commons/domain';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/current-user';
import { findMembership } from '../../../lib/hub-membership';
import { useSession } from '../../../lib/session';
import { SignOutButton } from '../../../components/sign-out-button';
import { usePublicHub } from '../api/get-public-hub';
import { AuthCard } from '../components/auth-card';
import { HubFinderForm } from '../components/hub-finder-form';
import { SignUpForm } from '../components/sign-up-form';
import { useSignUp } from '../api/sign-up';

function SignInLink({ hubIdentifier }: { hubIdentifier: string | null }) {
  return (
    <Text size="sm" ta="center" mt="lg">
      Already have an account?{' '}
      <Anchor component={Link} to={hubIdentifier === null ? paths.signIn() : paths.hub.signIn(hubIdentifier)}>
        Sign in
      </Anchor>
    </Text>
  );
}

/** /signup, /create-account, /hub/{identifier}/signup and /hub/{identifier}/auth/create-account. */
export function SignUpPage() {
  const { identifier } = useParams();
  const hubIdentifier = identifier ?? null;
  const [searchParams] = useSearchParams();
  const postSignupRedirect = searchParams.get('postSignupRedirect') ?? undefined;
  const { token, currentHub } = useSession();
  const me = useCurrentUser();
  const publicHub = usePublicHub(hubIdentifier);
  const [requested, setRequested] = useState<TSignUpRequest | null>(null);
  const hubName = publicHub.data?.name;
  usePageTitle(
    requested !== null ? 'Check your email' : hubName === undefined ? 'Create an account' : `Join ${hubName}`,
  );

  if (hubIdentifier === null) {
    return (
      <AuthCard title="Create an account" lead="Which school community are you joining?">
        <HubFinderForm initialIdentifier={currentHub ?? ''} />
        <SignInLink hubIdentifier={null} />
      </AuthCard>
    );
  }
  if (publicHub.isPending || (token !== null && me.isPending)) return <LoadingState />;
  if (publicHub.isError) {
    return (
      <Stack maw={480} mx="auto">
        <Title order={1}>Create an account</Title>
        <ErrorState error={publicHub.error} onRetry={() => void publicHub.refetch()} />
      </Stack>
    );
  }

  const hub = publicHub.data;
  const title = `Join ${hub.name}`;

  if (token !== null && me.data !== undefined) {
    const membership = findMembership(me.data, hub.identifier);
    if (membership !== undefined && signupStatus(me.data) === 'completed') {
      return <Navigate replace to={paths.hub.home(hub.identifier)} />;
    }
    return (
      <AuthCard title={title}>
        <Stack gap="md">
          <Text>You are signed in as {me.data.email}.</Text>
          <Text>
            {membership === undefined
              ? `Joining ${hub.name} with an existing account is coming soon. To create a separate account, sign out first.`
              : `Finishing your registration in ${hub.name} is coming soon.`}
          </Text>
          <SignOutButton />
        </Stack>
      </AuthCard>
    );
  }

  const isEmailSignupOffered = hub.isStandardSignupEnabled && hub.signupMethods.includes('email');
  if (!isEmailSignupOffered) {
    return (
      <AuthCard title={title}>
        <Text>
          {hub.name} does not offer sign-up with an email address. Please ask your school how to join.
        </Text>
        <SignInLink hubIdentifier={hub.identifier} />
      </AuthCard>
    );
  }

  if (requested !== null)
    return <CheckYourEmail hubName={hub.name} request={requested} onChangeEmail={() => setRequested(null)} />;

  return (
    <AuthCard title={title} lead={`Create your ${hub.name} account. All fields are required.`}>
      <SignUpForm hub={hub} postSignupRedirect={postSignupRedirect} onRequested={setRequested} />
      <SignInLink hubIdentifier={hub.identifier} />
    </AuthCard>
  );
}

/**
 * After sign-up: the account is made from the mailed link (the answer is the same for an address that
 * already has an account, whose owner gets a note instead). The link can be sent again.
 */
function CheckYourEmail({
  hubName,
  request,
  onChangeEmail,
}: {
  hubName: string;
  request: TSignUpRequest;
  onChangeEmail: () => void;
}) {
  const resend = useSignUp();
  return (
    <AuthCard title="Check your email" lead={`One more step to join ${hubName}.`}>
      <Stack gap="md">
        <Text>
          We sent a link to <strong>{request.email}</strong>. Open it to confirm your address and finish
          creating your account. The link works for {SIGN_UP_LINK_TTL_HOURS} hours.
        </Text>
        <Text size="sm">No email after a few minutes? Check your spam folder, or send the link again.</Text>
        <div aria-live="polite">
          {resend.isSuccess ? <Text size="sm">We sent the link again.</Text> : null}
          {resend.isError ? (
            <Text size="sm" c="red.9">
              {errorText(resend.error)}
            </Text>
          ) : null}
        </div>
        <Group>
          <Button variant="outline" onClick={() => resend.mutate(request)} loading={resend.isPending}>
            Send the link again
          </Button>
          <Button variant="subtle" onClick={onChangeEmail}>
            Use a different email
          </Button>
        </Group>
      </Stack>
    </AuthCard>
  );
}
