import { PASSWORD_RESET_LINK_TTL_MINUTES } from '@commons/contract';
import { checkPassword } from '@commons/domain';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { focusFirstInvalidField, onInvalidSubmit } from '../../../lib/focus-first-invalid-field';
import { queryClient } from '../../../lib/query-client';
import { session } from '../../../lib/session';
import { useCompletePasswordReset, usePasswordResetLink } from '../api/password-reset';
import type { TAuthPageState } from '../auth-page-state';
import { AuthCard } from '../components/auth-card';
import { PASSWORD_RULE_SUMMARY, PasswordRules } from '../../../components/password-rules';

/** The links of a page whose reset link no longer works: ask for a new one, or sign in. */
function NewLinkActions({ hubIdentifier }: { hubIdentifier: string | null }) {
  return (
    <Group>
      <Button
        component={Link}
        to={hubIdentifier === null ? paths.forgotPassword() : paths.hub.forgotPassword(hubIdentifier)}
      >
        Ask for a new link
      </Button>
      <Anchor component={Link} to={hubIdentifier === null ? paths.signIn() : paths.hub.signIn(hubIdentifier)}>
        Sign in
      </Anchor>
    </Group>
  );
}

/** A reset link that cannot be used (incomplete, unknown, used or expired), with what to do next. */
function UnusableLink({ message, hubIdentifier }: { message: string; hubIdentifier: string | null }) {
  usePageTitle('This reset link does not work');
  return (
    <AuthCard title="This reset link does not work">
      <Stack gap="md">
        <Alert color="red" variant="outline" role="alert">
          {message}
        </Alert>
        <Text>Reset links work once, for {PASSWORD_RESET_LINK_TTL_MINUTES} minutes.</Text>
        <NewLinkActions hubIdentifier={hubIdentifier} />
      </Stack>
    </AuthCard>
  );
}

/** The new password form of a link that works; success goes to sign-in with a notice. */
function NewPasswordForm({
  token,
  email,
  hubIdentifier,
}: {
  token: string;
  email: string;
  hubIdentifier: string | null;
}) {
  usePageTitle('Choose a new password');
  const navigate = useNavigate();
  const complete = useCompletePasswordReset();
  const errorRef = useRef<HTMLDivElement>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '' },
    validate: {
      password: (value) => {
        if (value === '') return 'Choose a new password.';
        return checkPassword(value).isValid ? null : 'The password does not meet every requirement yet.';
      },
    },
    // No check on blur: the rules below already say what is missing, and an error appearing on blur
    // moves the submit button away under the pointer, swallowing the click.
  });

  const handleSubmit = (values: { password: string }, event: FormEvent<HTMLFormElement> | undefined) => {
    const formElement = event?.currentTarget;
    complete.mutate(
      { token, password: values.password },
      {
        onSuccess: (account) => {
          // Every session of the account just ended, this browser's too if it had one.
          session.clear();
          queryClient.clear();
          const state: TAuthPageState = { notice: 'passwordReset', email: account.email };
          void navigate(hubIdentifier === null ? paths.signIn() : paths.hub.signIn(hubIdentifier), {
            replace: true,
            state,
          });
        },
        onError: (error) => {
          if (!isApiError(error) || Object.keys(error.fields).length === 0) return;
          form.setErrors(error.fields);
          focusFirstInvalidField(formElement);
        },
      },
    );
  };

  const hasFieldErrors = isApiError(complete.error) && Object.keys(complete.error.fields).length > 0;
  const isUnusable = isApiError(complete.error) && complete.error.code === 'token_invalid';
  const formError = complete.isError && !hasFieldErrors ? complete.error : null;
  useEffect(() => {
    // An error about the link or the server, not a field: focus lands on it.
    if (formError !== null) errorRef.current?.focus();
  }, [formError]);
  return (
    <AuthCard title="Choose a new password" lead={`For the account ${email}.`}>
      <form onSubmit={form.onSubmit(handleSubmit, onInvalidSubmit)} noValidate>
        <div ref={errorRef} tabIndex={-1} aria-live="assertive">
          {formError !== null ? (
            <Alert color="red" variant="outline" title="Your password was not changed" mb="md">
              <Stack gap="sm">
                <Text size="sm">{errorText(formError)}</Text>
                {isUnusable ? <NewLinkActions hubIdentifier={hubIdentifier} /> : null}
              </Stack>
            </Alert>
          ) : null}
        </div>
        <Stack gap="md">
          {/* Lets password managers file the new password under the right account. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <div>
            <PasswordInput
              label="New password"
              description={PASSWORD_RULE_SUMMARY}
              autoComplete="new-password"
              required
              key={form.key('password')}
              {...form.getInputProps('password')}
              // PasswordInput marks its error only with data-invalid; screen readers need aria-invalid.
              aria-invalid={Boolean(form.errors.password)}
            />
            <PasswordRules password={form.getValues().password} id="password-rules" />
          </div>
          <Button type="submit" loading={complete.isPending} fullWidth>
            Set new password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

/**
 * /reset-password?token= and /hub/{identifier}/auth/reset-password?token= (issue #16 item 13): the page a
 * mailed reset link opens. It first asks whether the link still works, so a used or expired one says so
 * before anyone types a password.
 */
export function ResetPasswordPage() {
  const { identifier } = useParams();
  const hubIdentifier = identifier ?? null;
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const link = usePasswordResetLink(token);

  if (token === '') {
    return (
      <UnusableLink
        hubIdentifier={hubIdentifier}
        message="This link is incomplete. Open the whole link from the email, or ask for a new one."
      />
    );
  }
  if (link.isPending) return <LoadingState label="Checking your reset link…" />;
  if (link.isError) return <UnusableLink hubIdentifier={hubIdentifier} message={errorText(link.error)} />;
  return <NewPasswordForm token={token} email={link.data.email} hubIdentifier={hubIdentifier} />;
}
