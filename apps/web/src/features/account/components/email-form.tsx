import { ZChangeEmailRequest } from '@commons/contract';
import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useChangeEmail } from '../api/account';
import { ErrorAlert } from '../../../components/error-alert';
import { focusFirstInvalidField } from '../../../lib/focus-first-invalid-field';

/** Change the sign-in email: needs the password, then the emailed link confirms the new address. */
export function EmailForm({ email, isVerified }: { email: string; isVerified: boolean }) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ newEmail?: string; password?: string }>({});
  const change = useChangeEmail();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZChangeEmailRequest.safeParse({ newEmail, password });
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
      setErrors({
        newEmail: fields.has('newEmail') ? 'Enter a valid email address.' : undefined,
        password: fields.has('password') ? 'Enter your password.' : undefined,
      });
      focusFirstInvalidField(event.currentTarget);
      return;
    }
    setErrors({});
    change.mutate(parsed.data, { onSuccess: () => setPassword('') });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text>
          Your email is <strong>{email}</strong>
          {isVerified ? ' (verified).' : ' (not verified yet).'}
        </Text>
        <TextInput
          label="New email"
          type="email"
          autoComplete="email"
          required
          value={newEmail}
          error={errors.newEmail}
          onChange={(event) => setNewEmail(event.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          description="To confirm it is you."
          autoComplete="current-password"
          required
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <div aria-live="polite">
          <ErrorAlert error={change.error} />
          {change.isSuccess ? (
            <Alert color="green" variant="outline">
              We sent a link to {newEmail}. Open it to confirm your new address.
            </Alert>
          ) : null}
        </div>
        <div>
          <Button type="submit" loading={change.isPending}>
            Change email
          </Button>
        </div>
      </Stack>
    </form>
  );
}
