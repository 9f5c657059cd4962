import { checkPassword } from '@commons/domain';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { errorText } from '../../../components/error-state';
import { PasswordRules } from '../../../components/password-rules';
import { useChangePassword } from '../api/account';

/** Change password with live rules (checkPassword); other sessions end (ASVS 7.4.3). */
export function PasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangePassword();
  const check = checkPassword(newPassword);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (currentPassword === '') return setProblem('Enter your current password.');
    if (!check.isValid) return setProblem('The new password does not meet every requirement yet.');
    setProblem(null);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setCurrentPassword('');
          setNewPassword('');
        },
        onError: (error) => setProblem(errorText(error)),
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.currentTarget.value)}
        />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          value={newPassword}
          onChange={(event) => setNewPassword(event.currentTarget.value)}
          aria-describedby="new-password-rules"
        />
        <PasswordRules password={newPassword} id="new-password-rules" />
        <div aria-live="polite">
          {problem === null ? null : (
            <Alert color="red" variant="outline">
              {problem}
            </Alert>
          )}
          {change.isSuccess ? (
            <Alert color="green" variant="outline">
              Your password was changed. Your other sessions were signed out.
            </Alert>
          ) : null}
        </div>
        <div>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </div>
      </Stack>
    </form>
  );
}
