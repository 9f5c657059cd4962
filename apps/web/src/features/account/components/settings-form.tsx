import { EMAIL_DIGEST_FREQUENCIES, type TEmailDigestFrequency } from '@commons/contract';
import { Button, Group, NativeSelect, Stack, Switch, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { resolveViewerTimeZone } from '../../../lib/viewer-time';
import { useSaveSettings, useSettings } from '../api/account';

/** Default time zone of new accounts (spec 3 User timezone). */
const DEFAULT_TIME_ZONE = 'America/Los_Angeles';

const DIGEST_LABELS: Record<TEmailDigestFrequency, string> = {
  immediately: 'Right away, one email per conversation',
  daily: 'Once a day, in one digest',
  never: 'Never',
};

function timeZones(current: string): string[] {
  const zones =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [DEFAULT_TIME_ZONE];
  return zones.includes(current) ? zones : [current, ...zones];
}

/** Time zone, always-offline presence and email about unread messages (GET and PATCH /api/me/settings). */
export function SettingsForm() {
  const settings = useSettings();
  if (settings.isPending) return <LoadingState label="Loading your settings…" />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  return <SettingsFields initial={settings.data.settings} />;
}

function SettingsFields({
  initial,
}: {
  initial: { timezone: string; isAlwaysOffline: boolean; emailDigestFrequency: TEmailDigestFrequency };
}) {
  const initialZone = resolveViewerTimeZone(initial.timezone);
  const [zone, setZone] = useState(initialZone);
  const [isAlwaysOffline, setIsAlwaysOffline] = useState(initial.isAlwaysOffline);
  const [digest, setDigest] = useState<TEmailDigestFrequency>(initial.emailDigestFrequency);
  const save = useSaveSettings();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ timezone: zone, isAlwaysOffline, emailDigestFrequency: digest });
  };
  return (
    <form onSubmit={handleSubmit}>
      <Stack gap="md">
        <NativeSelect
          label="Time zone"
          data={timeZones(initialZone)}
          value={zone}
          onChange={(event) => setZone(event.currentTarget.value)}
        />
        <Switch
          label="Always appear offline"
          description="Others will not see when you are online."
          checked={isAlwaysOffline}
          onChange={(event) => setIsAlwaysOffline(event.currentTarget.checked)}
        />
        <NativeSelect
          label="Email me about unread messages"
          description="Every email has a link to stop these emails."
          data={EMAIL_DIGEST_FREQUENCIES.map((value) => ({ value, label: DIGEST_LABELS[value] }))}
          value={digest}
          onChange={(event) => setDigest(event.currentTarget.value as TEmailDigestFrequency)}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save settings
          </Button>
          <Text size="sm" aria-live="polite">
            {save.isSuccess ? 'Your settings were saved.' : ''}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}
