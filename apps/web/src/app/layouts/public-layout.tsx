import { signupStatus } from '@commons/domain';
import { Anchor, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { SignOutButton } from '../../components/sign-out-button';
import { hubIdentifierFromPath, paths } from '../../config/paths';
import { useCurrentUser } from '../../lib/current-user';
import { useSession } from '../../lib/session';
import { PageOutlet } from './page-outlet';

/** Account links of the public header, for the hub in the path when there is one. */
function AccountLinks() {
  const { pathname } = useLocation();
  const isSignedIn = useSession().token !== null;
  const me = useCurrentUser();
  const hub = hubIdentifierFromPath(pathname);
  if (isSignedIn && me.data !== undefined && signupStatus(me.data) !== 'completed') {
    return (
      <Group component="nav" aria-label="Account" gap="md">
        {/* Signing up is not finished: the home page would send the user straight back, so offer to sign out. */}
        <SignOutButton variant="subtle" size="compact-md" />
      </Group>
    );
  }
  if (isSignedIn) {
    return (
      <Group component="nav" aria-label="Account" gap="md">
        <Anchor component={Link} to={hub === null ? paths.home() : paths.hub.home(hub)}>
          Go to your home page
        </Anchor>
      </Group>
    );
  }
  return (
    <Group component="nav" aria-label="Account" gap="md">
      <Anchor component={Link} to={hub === null ? paths.signIn() : paths.hub.signIn(hub)}>
        Sign in
      </Anchor>
      <Anchor component={Link} to={hub === null ? paths.signUp() : paths.hub.signUp(hub)}>
        Create account
      </Anchor>
    </Group>
  );
}

/** Layout of pages open to visitors: sign-in, sign-up, confirmation, 404, legal pages. */
export function PublicLayout() {
  return (
    <PageShell headerEnd={<AccountLinks />}>
      <PageOutlet />
    </PageShell>
  );
}
