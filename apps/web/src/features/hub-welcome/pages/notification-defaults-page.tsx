import {
  EMAIL_DIGEST_FREQUENCIES,
  type TEmailDigestFrequency,
  type TNotificationDefaults,
} from '@commons/contract';
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { useNotificationDefaults, useSaveNotificationDefaults } from '../api/hub-welcome-api';
import { AdminScreen } from '../components/admin-screen';

/** The account settings' words for each choice (members see the same ones). */
const DIGEST_LABELS: Record<TEmailDigestFrequency, string> = {
  immediately: 'Right away, one email per conversation',
  daily: 'Once a day, in one digest',
  never: 'Never',
};

/** The defaults' form: the email digest choice new members start with. */
function NotificationDefaultsForm(props: { hubIdentifier: string; defaults: TNotificationDefaults }) {
  const save = useSaveNotificationDefaults(props.hubIdentifier);
  const [digest, setDigest] = useState<TEmailDigestFrequency>(props.defaults.emailDigestFrequency);
  const [error, setError] = useState<string | undefined>();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(
      { emailDigestFrequency: digest },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', message: 'Notification defaults saved for new members.' }),
        onError: (failure) => {
          if (isApiError(failure)) setError(failure.fields['emailDigestFrequency']);
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Notification defaults">
      <Stack gap="lg" maw={720}>
        <Radio.Group
          label="Email new members about unread messages"
          description="Members can change this in their account settings at any time."
          value={digest}
          onChange={(value) => {
            setDigest(value as TEmailDigestFrequency);
            setError(undefined);
          }}
          error={error}
          styles={{ description: { color: 'var(--mantine-color-dark-6)' } }}
        >
          <Stack gap="xs" mt="xs">
            {EMAIL_DIGEST_FREQUENCIES.map((value) => (
              <Radio key={value} value={value} label={DIGEST_LABELS[value]} />
            ))}
          </Stack>
        </Radio.Group>
        <Text size="sm" c="dark.6" aria-live="polite">
          {props.defaults.isSet
            ? `New members start with “${DIGEST_LABELS[props.defaults.emailDigestFrequency]}”.`
            : `This hub keeps the platform’s default: “${DIGEST_LABELS[props.defaults.emailDigestFrequency]}”.`}{' '}
          People who joined before keep their own choice.
        </Text>
        {save.isError && error === undefined ? <ErrorAlert error={save.error} /> : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save notification defaults
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * {hubPath}/site-admin/notification-defaults (issue #22 item 1; spec 6 hub access group 'notifications'): hub
 * admins with the right choose the notification preferences new members start with; existing members keep theirs.
 */
export function NotificationDefaultsPage() {
  const { identifier = '' } = useParams();
  const query = useNotificationDefaults(identifier);
  return (
    <AdminScreen
      title="Notification defaults"
      intro="The notification settings a new member of this hub starts with, the same ones members choose in their account settings."
      rightName="notifications"
      query={query}
    >
      {() =>
        query.data ? <NotificationDefaultsForm hubIdentifier={identifier} defaults={query.data} /> : null
      }
    </AdminScreen>
  );
}
