import { PASSWORD_RESET_LINK_TTL_MINUTES, ZPasswordResetRequest } from '@commons/contract';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { onInvalidSubmit } from '../../../lib/focus-first-invalid-field';
import { zodFormValidator } from '../../../lib/zod-form-validator';
import { useRequestPasswordReset } from '../api/password-reset';
import { readAuthPageState } from '../auth-page-state';
import { AuthCard } from '../components/auth-card';

/**
 * /forgot-password and /hub/{identifier}/auth/forgot-password (issue #16 item 13): asks for the account's
 * email and mails a reset link. The confirmation is the same whether or not the address has an account.
 */
export function ForgotPasswordPage() {
  const { identifier } = useParams();
  const hubIdentifier = identifier ?? null;
  const location = useLocation();
  // The email typed on the sign-in page, so it need not be typed twice.
  const initialEmail = readAuthPageState(location.state).email ?? '';
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);
  usePageTitle(sentTo === null ? 'Reset your password' : 'Check your email');
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: initialEmail },
    validate: zodFormValidator(ZPasswordResetRequest, { email: 'Enter a valid email address.' }),
    validateInputOnBlur: true,
  });

  useEffect(() => {
    // The form is gone: focus moves to what replaced it, so screen readers read it out.
    if (sentTo !== null) confirmationRef.current?.focus();
  }, [sentTo]);

  const send = (email: string) =>
    request.mutate(hubIdentifier === null ? { email } : { email, hubIdentifier }, {
      onSuccess: () => setSentTo(email),
    });

  const signInPath = hubIdentifier === null ? paths.signIn() : paths.hub.signIn(hubIdentifier);
  const backToSignIn = (
    <Text size="sm" ta="center" mt="lg">
      Remembered it?{' '}
      <Anchor component={Link} to={signInPath}>
        Back to sign in
      </Anchor>
    </Text>
  );

  if (sentTo !== null) {
    return (
      <AuthCard title="Check your email">
        <Stack gap="md">
          <Alert
            ref={confirmationRef}
            tabIndex={-1}
            color="teal.9"
            variant="outline"
            title="Reset link sent"
            role="status"
          >
            If an account exists for {sentTo}, we sent a link to choose a new password. It works once, for{' '}
            {PASSWORD_RESET_LINK_TTL_MINUTES} minutes.
          </Alert>
          <Text size="sm">
            Nothing arrived after a few minutes? Check your spam folder, or send the link again.
          </Text>
          <ErrorAlert error={request.error} />
          <Button variant="default" loading={request.isPending} onClick={() => send(sentTo)}>
            Send the link again
          </Button>
        </Stack>
        {backToSignIn}
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset your password"
      lead="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <form
        onSubmit={form.onSubmit((values) => send(values.email.trim().toLowerCase()), onInvalidSubmit)}
        noValidate
      >
        <div aria-live="assertive">
          <ErrorAlert error={request.error} title="We could not send the link" mb="md" />
        </div>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Button type="submit" loading={request.isPending} fullWidth>
            Send reset link
          </Button>
        </Stack>
      </form>
      {backToSignIn}
    </AuthCard>
  );
}
