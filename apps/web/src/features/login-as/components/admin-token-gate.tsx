import { LOGIN_AS_ADMIN_TOKEN_TTL_MINUTES } from '@commons/contract';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { ADMIN_TOKEN_PARAM } from '../../../config/login-as-paths';
import { paths } from '../../../config/paths';
import { exchangeAdminToken } from '../api/login-as';

/**
 * Opens the member's session from a `?adminToken=` URL (spec 2 Query parameters; issue #22 item 6): exchanges the
 * one-time token (no refresh is tried meanwhile, spec 8), then shows the same address without it. A used or
 * expired token explains itself.
 */
export function AdminTokenGate({ token }: { token: string }) {
  usePageTitle('Logging in as a member');
  const location = useLocation();
  const navigate = useNavigate();
  const hasStarted = useRef(false);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    // One-time tokens: React's strict mode runs effects twice in development.
    if (hasStarted.current) return;
    hasStarted.current = true;
    const params = new URLSearchParams(location.search);
    params.delete(ADMIN_TOKEN_PARAM);
    const search = params.toString();
    exchangeAdminToken(token)
      .then(() =>
        navigate(
          { pathname: location.pathname, search: search === '' ? '' : `?${search}`, hash: location.hash },
          { replace: true },
        ),
      )
      .catch((cause: unknown) => {
        // The token is spent or refused either way: it leaves the address too.
        window.history.replaceState(
          window.history.state,
          '',
          `${location.pathname}${search === '' ? '' : `?${search}`}`,
        );
        setError(cause);
      });
  }, [token, location.pathname, location.search, location.hash, navigate]);

  if (error === null) return <LoadingState label="Logging in as the member…" />;
  return (
    <Stack maw={520} mx="auto" gap="md">
      <Title order={1}>This login-as link does not work</Title>
      <Text>{errorText(error)}</Text>
      <Text>
        Login-as links work once, for {LOGIN_AS_ADMIN_TOKEN_TTL_MINUTES} minutes, in the browser of the admin
        who asked for them. Start again from Site administration.
      </Text>
      <Anchor component={Link} to={paths.root()}>
        Go to the start page
      </Anchor>
    </Stack>
  );
}
