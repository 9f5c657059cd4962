import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { useCurrentUser } from '../../../lib/current-user';
import { useExportData } from '../api/account';
import { DeleteAccount } from '../components/delete-account';
import { EmailForm } from '../components/email-form';
import { PasswordForm } from '../components/password-form';
import { SettingsForm } from '../components/settings-form';
import { ErrorAlert } from '../../../components/error-alert';
import { LinkedAccounts } from '../components/linked-accounts';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} withBorder p="lg" radius="md">
      <Title order={2} size="h3" id={id} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** /preferences/account (issue #4 item 7): settings, password, email, download my data, delete my account. */
export function AccountPage() {
  usePageTitle('Account settings');
  const me = useCurrentUser();
  const exportData = useExportData();
  if (me.isPending) return <LoadingState label="Loading your account…" />;
  if (me.isError) {
    return (
      <Stack>
        <Title order={1}>Account settings</Title>
        <ErrorState error={me.error} onRetry={() => void me.refetch()} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>Account settings</Title>
      <Section id="account-settings-heading" title="Time zone, presence and email">
        <SettingsForm />
      </Section>
      <Section id="account-password-heading" title="Password">
        <PasswordForm />
      </Section>
      <Section id="account-email-heading" title="Email">
        <EmailForm email={me.data.email} isVerified={me.data.emailVerified} />
      </Section>
      <Section id="account-linked-heading" title="Linked sign-in accounts">
        <LinkedAccounts />
      </Section>
      <Section id="account-export-heading" title="Download my data">
        <Stack gap="sm">
          <Text>A ZIP of JSON files with everything Commons stores about you.</Text>
          <div>
            <Button variant="outline" onClick={() => exportData.mutate()} loading={exportData.isPending}>
              Download my data
            </Button>
          </div>
          <div aria-live="polite">
            <ErrorAlert error={exportData.error} />
          </div>
        </Stack>
      </Section>
      <Section id="account-delete-heading" title="Delete my account">
        <DeleteAccount />
      </Section>
    </Stack>
  );
}
