import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { startSession } from '../api/sign-in';
import { verifyMagicLink } from '../api/verify-magic-link';

/** Name of the query parameter carrying a magic sign-in token (spec 2 Query parameters). */
export const MAGIC_LINK_PARAM = 'magic_link';

/**
 * Signs in with a `?magic_link=` token (POST /api/auth/magic-link/verify), then shows the same
 * address without the token. A used or expired link explains itself and offers sign-in.
 */
export function MagicLinkGate({ token }: { token: string }) {
  usePageTitle('Signing you in');
  const location = useLocation();
  const navigate = useNavigate();
  const hasStarted = useRef(false);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    // One-time tokens: React's strict mode runs effects twice in development.
    if (hasStarted.current) return;
    hasStarted.current = true;
    const params = new URLSearchParams(location.search);
    params.delete(MAGIC_LINK_PARAM);
    const search = params.toString();
    verifyMagicLink(token)
      .then((response) => {
        startSession(response);
        void navigate(
          { pathname: location.pathname, search: search === '' ? '' : `?${search}`, hash: location.hash },
          {
            replace: true,
          },
        );
      })
      .catch((cause: unknown) => setError(cause));
  }, [token, location.pathname, location.search, location.hash, navigate]);

  if (error === null) return <LoadingState label="Signing you in…" />;
  return (
    <Stack maw={480} mx="auto" gap="md">
      <Title order={1}>This sign-in link does not work</Title>
      <Text>{errorText(error)}</Text>
      <Text>Sign-in links work once and for 15 minutes. You can ask for a new one on the sign-in page.</Text>
      <Anchor component={Link} to={paths.signIn()}>
        Go to sign in
      </Anchor>
    </Stack>
  );
}
