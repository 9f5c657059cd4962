import { Alert, Anchor, Text } from '@mantine/core';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/current-user';
import { useSession } from '../../../lib/session';
import { usePublicHub } from '../api/get-public-hub';
import { readAuthPageState } from '../auth-page-state';
import { AuthCard } from '../components/auth-card';
import { SignInForm } from '../components/sign-in-form';
import { postSignInPath } from '../post-sign-in-path';

/** /sign-in, /login, /login-v2 and /hub/{identifier}/auth/sign-in. */
export function SignInPage() {
  const { identifier } = useParams();
  const hubIdentifier = identifier ?? null;
  const [searchParams] = useSearchParams();
  const pageState = readAuthPageState(useLocation().state);
  const { token, currentHub } = useSession();
  const me = useCurrentUser();
  const publicHub = usePublicHub(hubIdentifier);
  const hubName = publicHub.data?.name;
  usePageTitle(hubName === undefined ? 'Sign in' : `Sign in to ${hubName}`);

  if (token !== null && me.data !== undefined) {
    const to = postSignInPath({
      user: me.data,
      postLoginRedirect: searchParams.get('postLoginRedirect'),
      hubIdentifier,
      sessionHubIdentifier: currentHub,
    });
    return <Navigate replace to={to} />;
  }
  if (token !== null && me.isPending) return <LoadingState label="Signing you in…" />;

  const signUpPath = hubIdentifier === null ? paths.signUp() : paths.hub.signUp(hubIdentifier);
  return (
    <AuthCard
      title={hubName === undefined ? 'Sign in' : `Sign in to ${hubName}`}
      lead="Welcome back. Sign in with your email address and password."
    >
      {pageState.notice === 'passwordReset' ? (
        <Alert color="teal.9" variant="outline" title="Your password was reset" role="status" mb="md">
          Sign in with your new password. Every device that was signed in to your account was signed out.
        </Alert>
      ) : null}
      <SignInForm hubIdentifier={hubIdentifier} initialEmail={pageState.email ?? ''} />
      <Text size="sm" ta="center" mt="lg">
        New here?{' '}
        <Anchor component={Link} to={signUpPath}>
          Create an account
        </Anchor>
      </Text>
    </AuthCard>
  );
}
