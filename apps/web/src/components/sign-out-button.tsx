import { Button, type ButtonProps } from '@mantine/core';
import { useState } from 'react';
import { signOut } from '../lib/sign-out';

/** "Sign out", busy until the session has ended (spec 8 Sign-out); the account menu, onboarding and pending pages use it. */
export function SignOutButton(props: Pick<ButtonProps, 'variant' | 'size' | 'mt'>) {
  const [isSigningOut, setIsSigningOut] = useState(false);
  return (
    <Button
      variant="outline"
      {...props}
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
