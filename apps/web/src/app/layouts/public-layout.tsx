import { signupStatus } from '@commons/domain';
import { Anchor, Button, Group } from '@mantine/core';
import { useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { hubIdentifierFromPath, paths } from '../../config/paths';
import { useCurrentUser } from '../../lib/current-user';
import { useSession } from '../../lib/session';
import { signOut } from '../../lib/sign-out';

/** Signing up is not finished: the home page would send the user straight back, so offer to sign out. */
function SignOutLink() {
  const [isSigningOut, setIsSigningOut] = useState(false);
  return (
    <Button
      variant="subtle"
      size="compact-md"
      loading={isSigningOut}
      onClick={() => {
        setIsSigningOut(true);
        void signOut();
      }}
    >
      Sign out
    </Button>
  );
}

/** Account links of the public header, for the hub in the path when there is one. */
function AccountLinks() {
  const { pathname } = useLocation();
  const isSignedIn = useSession().token !== null;
  const me = useCurrentUser();
  const hub = hubIdentifierFromPath(pathname);
  if (isSignedIn && me.data !== undefined && signupStatus(me.data) !== 'completed') {
    return (
      <Group component="nav" aria-label="Account" gap="md">
        <SignOutLink />
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
      <Outlet />
    </PageShell>
  );
}
