import { Button, Group, NativeSelect, Stack, Switch, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSaveSettings } from '../api/account';

/** Default time zone of new accounts (spec 3 User timezone). */
const DEFAULT_TIME_ZONE = 'America/Los_Angeles';

function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [DEFAULT_TIME_ZONE];
  return zones.includes(current) ? zones : [current, ...zones];
}

/** Time zone and always-offline presence (PATCH /api/me/settings). */
export function SettingsForm({ timezone }: { timezone: string | null }) {
  const initialZone = timezone === null || timezone === '' ? DEFAULT_TIME_ZONE : timezone;
  const [zone, setZone] = useState(initialZone);
  const [isAlwaysOffline, setIsAlwaysOffline] = useState(false);
  const save = useSaveSettings();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ timezone: zone, isAlwaysOffline });
  };
  return (
    <form onSubmit={handleSubmit}>
      <Stack gap="md">
        <NativeSelect label="Time zone" data={timeZones(initialZone)} value={zone} onChange={(event) => setZone(event.currentTarget.value)} />
        <Switch
          label="Always appear offline"
          description="Others will not see when you are online."
          checked={isAlwaysOffline}
          onChange={(event) => setIsAlwaysOffline(event.currentTarget.checked)}
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
