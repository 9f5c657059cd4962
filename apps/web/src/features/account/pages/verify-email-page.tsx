import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useVerifyEmail } from '../api/account';
import { ErrorAlert } from '../../../components/error-alert';

/** /account/verify-email?token=: confirms a new email address from the emailed link. */
export function VerifyEmailPage() {
  usePageTitle('Confirm your email');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const verify = useVerifyEmail();
  const hasStarted = useRef(false);
  const { mutate } = verify;

  useEffect(() => {
    if (hasStarted.current || token === '') return;
    hasStarted.current = true;
    mutate(token);
  }, [token, mutate]);

  let body;
  if (token === '')
    body = (
      <Alert color="red" variant="outline">
        This link is incomplete. Open the link from the email again.
      </Alert>
    );
  else if (verify.isError) body = <ErrorAlert error={verify.error} />;
  else if (verify.isSuccess)
    body = (
      <Alert color="green" variant="outline">
        Your new email address is confirmed.
      </Alert>
    );
  else body = <LoadingState label="Confirming your email…" />;

  return (
    <Stack maw={560} mx="auto" gap="md">
      <Title order={1}>Confirm your email</Title>
      {body}
      <Anchor component={Link} to={paths.account()}>
        Go to your account settings
      </Anchor>
    </Stack>
  );
}
