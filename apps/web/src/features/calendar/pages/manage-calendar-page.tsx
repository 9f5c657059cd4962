import type { TAvailability, TWeeklyInterval } from '@commons/contract';
import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api-error';
import { useAvailability, useSaveAvailability } from '../api/availability';
import { CalendarFeed } from '../components/calendar-feed';
import { weeklyHoursProblem } from '../../../components/weekly-hours';
import { WeeklyHoursEditor } from '../../../components/weekly-hours-editor';

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

function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [current];
  return zones.includes(current) ? zones : [current, ...zones];
}

/** The availability form: time zone, last availability date, slot step and weekly hours. */
function AvailabilityForm({ availability }: { availability: TAvailability }) {
  const [timezone, setTimezone] = useState(availability.timezone);
  const [hasEndDate, setHasEndDate] = useState(availability.lastAvailabilityDate !== null);
  const [lastDate, setLastDate] = useState(availability.lastAvailabilityDate ?? '');
  const [slotMinutes, setSlotMinutes] = useState<30 | 15>(availability.slotMinutes);
  const [weeklyHours, setWeeklyHours] = useState<TWeeklyInterval[]>(availability.weeklyHours);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveAvailability();
  const serverFields = isApiError(save.error) ? save.error.fields : {};

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found =
      weeklyHoursProblem(weeklyHours) ??
      (hasEndDate && !/^\d{4}-\d{2}-\d{2}$/.test(lastDate)
        ? 'Choose your last available date, or clear "I am available until a date".'
        : null);
    setProblem(found);
    if (found) return;
    save.mutate({ timezone, lastAvailabilityDate: hasEndDate ? lastDate : null, weeklyHours, slotMinutes });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <NativeSelect
          label="Time zone"
          description="Meeting times are shown and your weekly hours are kept in this zone."
          data={timeZones(timezone)}
          value={timezone}
          onChange={(e) => setTimezone(e.currentTarget.value)}
          error={serverFields['timezone']}
        />
        <Stack gap="xs">
          <Checkbox
            label="I am available until a date"
            checked={hasEndDate}
            onChange={(e) => setHasEndDate(e.currentTarget.checked)}
          />
          {hasEndDate ? (
            <TextInput
              type="date"
              label="Last available date"
              description="After this day, flash, explore and adviser meetings with you cannot be requested."
              value={lastDate}
              onChange={(e) => setLastDate(e.currentTarget.value)}
              error={serverFields['lastAvailabilityDate']}
            />
          ) : null}
        </Stack>
        <Radio.Group
          label="Meeting times start every"
          value={String(slotMinutes)}
          onChange={(v) => setSlotMinutes(v === '15' ? 15 : 30)}
        >
          <Group mt="xs">
            <Radio value="30" label="30 minutes" />
            <Radio value="15" label="15 minutes" />
          </Group>
        </Radio.Group>
        <div>
          <Text fw={600} mb={4}>
            Weekly hours
          </Text>
          <Text size="sm" c="gray.7" mb="sm">
            People can propose meetings with you inside these hours. Without any hours, any time can be
            proposed.
          </Text>
          <WeeklyHoursEditor value={weeklyHours} onChange={setWeeklyHours} />
        </div>
        <div aria-live="polite">
          <ErrorAlert error={problem || null}>{problem}</ErrorAlert>
          <ErrorAlert error={save.error} />
          {save.isSuccess && !problem ? <Text size="sm">Your availability was saved.</Text> : null}
        </div>
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save availability
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /preferences/manage-calendar (issue #5 item 2): my availability for meetings and my private calendar feed. */
export function ManageCalendarPage() {
  usePageTitle('Calendar settings');
  const availability = useAvailability();
  return (
    <Stack gap="lg" maw={820}>
      <Title order={1}>Calendar settings</Title>
      {availability.isPending ? (
        <LoadingState label="Loading your availability…" />
      ) : availability.isError ? (
        <ErrorState error={availability.error} onRetry={() => void availability.refetch()} />
      ) : (
        <>
          <Section id="calendar-availability-heading" title="Availability for meetings">
            <AvailabilityForm availability={availability.data} />
          </Section>
          <Section id="calendar-feed-heading" title="Calendar feed">
            <CalendarFeed feedUrl={availability.data.feedUrl} />
          </Section>
        </>
      )}
    </Stack>
  );
}
