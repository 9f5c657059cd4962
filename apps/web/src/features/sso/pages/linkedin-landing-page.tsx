import { isSsoErrorCode, SSO_ERROR_MESSAGES } from '@commons/domain';
import { Anchor, Group, Stack } from '@mantine/core';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { SsoCompletePage } from './sso-complete-page';

/**
 * /linkedin/callback and /linkedin-redirect (spec 2; issue #24 item 5): where the professional-network sign-in or
 * link flow lands. A finished sign-in (`?next=`) is taken up like any single sign-on (SsoCompletePage); a refused
 * one (`?sso_error=`) says why, with the ways back.
 */
export function LinkedinLandingPage() {
  const [searchParams] = useSearchParams();
  const error = searchParams.get('sso_error');
  if (error !== null) return <LinkedinRefused code={error} />;
  return <SsoCompletePage />;
}

function LinkedinRefused({ code }: { code: string }) {
  usePageTitle('LinkedIn sign-in stopped');
  return (
    <Stack gap="sm">
      <EmptyState title="LinkedIn did not connect">
        {isSsoErrorCode(code) ? SSO_ERROR_MESSAGES[code] : SSO_ERROR_MESSAGES.provider_error}
      </EmptyState>
      <Group justify="center">
        <Anchor component={Link} to={paths.signIn()}>
          Back to sign in
        </Anchor>
        <Anchor component={Link} to={paths.account()}>
          Account settings
        </Anchor>
      </Group>
    </Stack>
  );
}

/**
 * /linkedin/callback-v2 and /linkedin-redirect-v2: the -v2 forms open the canonical page (INTERPRETATION.md URLs),
 * keeping the query, replaced in the address bar.
 */
export function LinkedinCanonicalRedirect() {
  const location = useLocation();
  const canonical = location.pathname.replace(/-v2\/?$/, '');
  return <Navigate to={{ pathname: canonical, search: location.search, hash: location.hash }} replace />;
}
