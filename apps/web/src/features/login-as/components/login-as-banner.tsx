import { RETURN_TO_MY_ACCOUNT_LABEL, type TSessionUser } from '@commons/contract';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../../components/error-state';
import { loginAsPaths } from '../../../config/login-as-paths';
import { paths } from '../../../config/paths';
import { session } from '../../../lib/session';
import { returnToMyAccount } from '../api/login-as';
import classes from './login-as-banner.module.css';

/**
 * Shown on every signed-in page while an admin acts as a member (issue #22 item 6): who they are signed in as,
 * and 'Return to my account', which ends the member's session and brings back the admin's own, on the hub's
 * login-as screen. A labelled region at the top of the page banner, so screen readers and keyboards meet it first.
 */
export function LoginAsBanner({ user }: { user: TSessionUser }) {
  const navigate = useNavigate();
  const [isReturning, setIsReturning] = useState(false);
  const name = `${user.firstName} ${user.lastName}`.trim();
  const handleReturn = () => {
    setIsReturning(true);
    const hub = session.get().currentHub;
    returnToMyAccount()
      .then(() => navigate(hub === null ? paths.root() : loginAsPaths.admin(hub), { replace: true }))
      .catch((error: unknown) => {
        setIsReturning(false);
        notifications.show({ color: 'red', message: errorText(error) });
      });
  };
  return (
    <section
      className={classes.banner}
      aria-label="Signed in as another member"
      data-testid="login-as-banner"
    >
      <Group justify="center" gap="sm" px="md" py={6} wrap="wrap">
        <Text fw={600} size="sm" c="white">
          You are signed in as {name}
        </Text>
        <Button size="xs" variant="white" color="dark" onClick={handleReturn} loading={isReturning}>
          {RETURN_TO_MY_ACCOUNT_LABEL}
        </Button>
      </Group>
    </section>
  );
}
