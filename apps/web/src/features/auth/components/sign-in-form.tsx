import { ZSignInRequest } from '@commons/contract';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../../components/error-state';
import { paths } from '../../../config/paths';
import { onInvalidSubmit } from '../../../lib/focus-first-invalid-field';
import { zodFormValidator } from '../../../lib/zod-form-validator';
import { useRequestMagicLink } from '../api/request-magic-link';
import { useSignIn } from '../api/sign-in';
import type { TAuthPageState } from '../auth-page-state';

/** spec 8 Auth: a second sign-in while one runs is refused with this text. */
const AUTH_IN_PROGRESS_MESSAGE = 'auth already in progress';

// Single sign-on buttons load after the page (issue #24): the sign-in page is part of the first download.
const SsoButtons = lazy(() => import('./sso-buttons').then((module) => ({ default: module.SsoButtons })));

interface TSignInValues {
  loginMethod: 'email';
  email: string;
  password: string;
}

/** Email and password sign-in; a successful answer starts the session (the page then moves on). */
export function SignInForm({
  hubIdentifier,
  initialEmail = '',
}: {
  hubIdentifier: string | null;
  initialEmail?: string;
}) {
  const signIn = useSignIn();
  const magicLink = useRequestMagicLink();
  const [notice, setNotice] = useState<string | null>(null);
  // The name of the provider the typed email's domain must sign in with: no password then (spec 5).
  const [ssoOnly, setSsoOnly] = useState<string | null>(null);
  const form = useForm<TSignInValues>({
    mode: 'controlled',
    initialValues: { loginMethod: 'email', email: initialEmail, password: '' },
    validate: zodFormValidator(ZSignInRequest, {
      email: 'Enter a valid email address.',
      password: 'Enter your password.',
    }),
    validateInputOnBlur: true,
  });

  const handleSubmit = (values: TSignInValues) => {
    if (signIn.isPending) {
      setNotice(AUTH_IN_PROGRESS_MESSAGE);
      return;
    }
    setNotice(null);
    signIn.mutate({ email: values.email.trim(), password: values.password });
  };

  const handleMagicLink = () => {
    const { hasError } = form.validateField('email');
    if (hasError) return;
    const email = form.getValues().email.trim();
    magicLink.mutate(hubIdentifier === null ? { email } : { email, hubIdentifier });
  };

  const errorMessage = signIn.isError ? errorText(signIn.error) : null;
  // The forgot-password page starts from the email typed here.
  const typedEmail = form.getValues().email.trim();
  const forgotPasswordState: TAuthPageState = typedEmail === '' ? {} : { email: typedEmail };

  return (
    <form
      onSubmit={form.onSubmit(handleSubmit, onInvalidSubmit)}
      noValidate
      aria-describedby="sign-in-status"
    >
      <div id="sign-in-status" aria-live="assertive">
        {errorMessage === null ? null : (
          <Alert color="red" variant="outline" title="Sign-in failed" mb="md">
            {errorMessage}
          </Alert>
        )}
        {notice === null ? null : <Text c="red.9">{notice}</Text>}
      </div>
      <Suspense fallback={null}>
        <SsoButtons
          hubIdentifier={hubIdentifier}
          email={form.getValues().email}
          mode="signin"
          onPasswordHiddenChange={setSsoOnly}
        />
      </Suspense>
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        {ssoOnly === null ? (
          <>
            <div>
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                required
                key={form.key('password')}
                {...form.getInputProps('password')}
              />
              <Group justify="flex-end" mt={6}>
                <Anchor
                  component={Link}
                  size="sm"
                  to={
                    hubIdentifier === null ? paths.forgotPassword() : paths.hub.forgotPassword(hubIdentifier)
                  }
                  state={forgotPasswordState}
                >
                  Forgot password?
                </Anchor>
              </Group>
            </div>
            <Button type="submit" loading={signIn.isPending} fullWidth>
              Sign in
            </Button>
            <Group justify="center" gap={4}>
              <Text size="sm">Prefer no password?</Text>
              <Anchor component="button" type="button" size="sm" onClick={handleMagicLink}>
                Email me a sign-in link
              </Anchor>
            </Group>
          </>
        ) : null}
        <div aria-live="polite">
          {magicLink.isSuccess ? (
            <Text size="sm" ta="center">
              If an account exists for that address, a sign-in link is on its way. It works for 15 minutes.
            </Text>
          ) : null}
          {magicLink.isError ? (
            <Text size="sm" c="red.9" ta="center">
              {errorText(magicLink.error)}
            </Text>
          ) : null}
        </div>
      </Stack>
    </form>
  );
}
