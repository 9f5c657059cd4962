import { ACCOUNT_DELETION_GRACE_DAYS } from '@commons/contract';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { forgetPushToken } from '../../../lib/native-bridge';
import { signOut } from '../../../lib/sign-out';
import { useDeleteAccount } from '../api/account';
import { ErrorAlert } from '../../../components/error-alert';

/** Delete my account: a confirm dialog asks for the password, then the user is signed out. */
export function DeleteAccount() {
  const [isOpen, setIsOpen] = useState(false);
  const [password, setPassword] = useState('');
  const remove = useDeleteAccount();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') return;
    // The server already deleted this account's push tokens, and its session no longer answers.
    remove.mutate(password, {
      onSuccess: () => {
        forgetPushToken();
        void signOut();
      },
    });
  };

  return (
    <Stack gap="sm">
      <Text>
        Your account is closed at once and everything stored about you is erased after{' '}
        {ACCOUNT_DELETION_GRACE_DAYS} days.
      </Text>
      <div>
        <Button color="red.9" variant="outline" onClick={() => setIsOpen(true)}>
          Delete my account
        </Button>
      </div>
      <Modal
        opened={isOpen}
        onClose={() => setIsOpen(false)}
        title="Delete your account?"
        centered
        transitionProps={{ duration: 0 }}
      >
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="md">
            <Text>
              This cannot be undone after {ACCOUNT_DELETION_GRACE_DAYS} days. Enter your password to confirm.
            </Text>
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              data-autofocus
            />
            <ErrorAlert error={remove.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setIsOpen(false)}>
                Keep my account
              </Button>
              <Button type="submit" color="red.9" loading={remove.isPending} disabled={password === ''}>
                Delete my account
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
