import { safeRedirectPath } from '@commons/domain';
import { Anchor, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { refreshAccessToken } from '../../../lib/api-client';
import { getMe, ME_QUERY_KEY } from '../../../lib/current-user';
import { queryClient } from '../../../lib/query-client';
import { session } from '../../../lib/session';

/**
 * /sso/complete?next= (issue #24): where a single sign-on lands. The server set the session's refresh cookie; this
 * page takes the session up (a new access token, the user) and opens `next`, a path of this site (the hub by
 * default), replacing itself in the history.
 */
export function SsoCompletePage() {
  usePageTitle('Signing you in');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [isFailed, setIsFailed] = useState(false);
  const next = safeRedirectPath(searchParams.get('next')) ?? paths.home();

  useEffect(() => {
    let isCurrent = true;
    void (async () => {
      const isRefreshed = await refreshAccessToken('afterError');
      const token = session.getToken();
      if (!isCurrent) return;
      if (!isRefreshed || token === null) {
        setIsFailed(true);
        return;
      }
      session.start(token);
      queryClient.setQueryData(ME_QUERY_KEY, await getMe());
      if (isCurrent) void navigate(next, { replace: true });
    })();
    return () => {
      isCurrent = false;
    };
  }, [navigate, next]);

  if (isFailed)
    return (
      <EmptyState title="We could not sign you in">
        <Stack gap="xs" align="center">
          <Text>Your browser did not keep the session. Allow cookies for this site and try again.</Text>
          <Anchor component={Link} to={paths.signIn()}>
            Back to sign in
          </Anchor>
        </Stack>
      </EmptyState>
    );
  return <LoadingState label="Signing you in…" />;
}
