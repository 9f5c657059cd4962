import type { TClusterEmailSettings } from '@commons/contract';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  SimpleGrid,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { isApiError } from '../../../lib/api-error';
import { useEmailSettings, useSaveEmailSettings } from '../api/cluster-admin';

/** The Templates part loads with its own code (the initial JS budget is full, and it is the bigger part). */
const EmailTemplatesPart = lazy(() =>
  import('./email-templates-part').then((module) => ({ default: module.EmailTemplatesPart })),
);

type TFields = Partial<Record<'senderName' | 'senderAddress' | 'smtpUrl', string>>;

function EmailSettingsForm(props: { current: TClusterEmailSettings }) {
  const save = useSaveEmailSettings();
  const [senderName, setSenderName] = useState(props.current.senderName ?? '');
  const [senderAddress, setSenderAddress] = useState(props.current.senderAddress ?? '');
  const [smtpUrl, setSmtpUrl] = useState('');
  const [isRemovingSmtp, setIsRemovingSmtp] = useState(false);
  const [fields, setFields] = useState<TFields>({});

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFields({});
    const smtp = isRemovingSmtp
      ? { smtpUrl: null }
      : smtpUrl.trim() === ''
        ? {}
        : { smtpUrl: smtpUrl.trim() };
    save.mutate(
      { senderName, senderAddress, ...smtp },
      {
        onSuccess: (saved) => {
          setSmtpUrl('');
          setIsRemovingSmtp(false);
          setSenderName(saved.senderName ?? '');
          setSenderAddress(saved.senderAddress ?? '');
          notifications.show({ message: 'Email settings saved.' });
        },
        onError: (error) => {
          if (isApiError(error)) setFields(error.fields);
        },
      },
    );
  };

  return (
    <Card withBorder>
      <form onSubmit={handleSubmit} noValidate aria-labelledby="email-settings-title">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Sender name"
              description="Empty: the platform's sender name."
              maxLength={100}
              value={senderName}
              onChange={(event) => setSenderName(event.currentTarget.value)}
              error={fields.senderName}
            />
            <TextInput
              label="Sender address"
              description="Empty: the platform's address."
              type="email"
              autoComplete="off"
              value={senderAddress}
              onChange={(event) => setSenderAddress(event.currentTarget.value)}
              error={fields.senderAddress}
            />
          </SimpleGrid>
          <Group gap="xs">
            <Text size="sm" fw={600} id="smtp-status-label">
              SMTP server override
            </Text>
            <Badge
              variant="outline"
              color={props.current.isSmtpUrlSet ? 'teal.9' : 'gray.7'}
              data-testid="smtp-status"
            >
              {props.current.isSmtpUrlSet ? 'Set' : 'Not set'}
            </Badge>
          </Group>
          <PasswordInput
            label={props.current.isSmtpUrlSet ? 'Replace the SMTP address' : 'SMTP address (optional)'}
            description="smtps://user:password@smtp.example.com:465. It is stored encrypted and never shown again; leave it empty to keep the current one."
            autoComplete="off"
            value={smtpUrl}
            onChange={(event) => setSmtpUrl(event.currentTarget.value)}
            error={fields.smtpUrl}
            disabled={isRemovingSmtp}
          />
          {props.current.isSmtpUrlSet ? (
            <Checkbox
              label="Remove the override (send through the platform's server)"
              checked={isRemovingSmtp}
              onChange={(event) => setIsRemovingSmtp(event.currentTarget.checked)}
            />
          ) : null}
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save email settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** The cluster's mail sender, SMTP override (write-only) and email templates. */
export function EmailSettingsSection() {
  const settings = useEmailSettings();
  return (
    <Stack gap="sm" component="section" aria-labelledby="email-settings-title" id="email-settings">
      <Title order={2} id="email-settings-title">
        Email settings
      </Title>
      <Text c="gray.7">
        Who your community&apos;s emails come from, the server that sends them, and their wording.
      </Text>
      {settings.isPending ? (
        <LoadingState label="Loading email settings…" />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <EmailSettingsForm current={settings.data} />
      )}
      <Suspense fallback={<LoadingState label="Loading templates…" />}>
        <EmailTemplatesPart />
      </Suspense>
    </Stack>
  );
}
