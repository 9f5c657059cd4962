import type { TAdviserAvailability } from '@commons/contract';
import { zonedDate } from '@commons/domain';
import { Button, Group, NativeSelect, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { WeeklyHoursEditor } from '../../../components/weekly-hours-editor';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime, timeZoneOptions, useViewerTimeZone } from '../../../lib/viewer-time';
import { useUpdateAdviserAvailability } from '../api/availability';
import {
  availabilityProblems,
  availabilityRequest,
  availabilityValues,
  exceptionErrorsOfServerFields,
  type TAvailabilityValues,
} from '../availability-values';
import { ExceptionsEditor } from './exceptions-editor';

function Section(props: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={props.id} withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Title order={2} size="h4" id={props.id}>
        {props.title}
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        {props.description}
      </Text>
      {props.children}
    </Paper>
  );
}

/** Where the calendar's busy times stand: last read, how many, or why the last read failed. */
function CalendarStatus({ calendar }: { calendar: TAdviserAvailability['calendar'] }) {
  const timeZone = useViewerTimeZone();
  if (calendar.icsUrl === null) return null;
  return (
    <Stack gap={2} role="status">
      {calendar.lastSyncedAt === null ? (
        <Text size="sm">Not read yet: Commons reads it within 15 minutes.</Text>
      ) : (
        <Text size="sm">
          Last read {formatDateTime(calendar.lastSyncedAt, timeZone)}: {calendar.busyCount} busy{' '}
          {calendar.busyCount === 1 ? 'time' : 'times'} in the coming weeks.
        </Text>
      )}
      {calendar.lastError === null ? null : (
        <Text size="sm" c="red.9">
          The last read failed: {calendar.lastError}
        </Text>
      )}
    </Stack>
  );
}

/**
 * An adviser's availability for advising (issue #21 item 2), edited by the adviser or an advising admin: the
 * time zone of their hours, the grid (30 or 15 minutes), weekly hours, date exceptions (holidays, other hours)
 * and the secret ICS address of their own calendar, whose busy times Commons reads every 15 minutes.
 */
export function AvailabilityForm(props: {
  hubIdentifier: string;
  availability: TAdviserAvailability;
  /** 'your' for the adviser, the adviser's first name with "'s" for an admin. */
  whose: string;
}) {
  const { availability } = props;
  const [values, setValues] = useState<TAvailabilityValues>(() => availabilityValues(availability));
  const [problems, setProblems] = useState<ReturnType<typeof availabilityProblems> | null>(null);
  const save = useUpdateAdviserAvailability(props.hubIdentifier, availability.adviserId);
  const fields = isApiError(save.error) ? save.error.fields : {};
  const exceptionErrors = { ...exceptionErrorsOfServerFields(fields), ...(problems?.exceptions ?? {}) };
  const weeklyError =
    problems?.weeklyHours ??
    Object.entries(fields).find(([key]) => key.startsWith('weeklyHours'))?.[1] ??
    null;
  const today = zonedDate(new Date(), values.timezone);
  const set = (patch: Partial<TAvailabilityValues>) => setValues((current) => ({ ...current, ...patch }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = availabilityProblems(values);
    const hasProblems = found.weeklyHours !== null || Object.keys(found.exceptions).length > 0;
    setProblems(hasProblems ? found : null);
    if (hasProblems) return;
    save.mutate(availabilityRequest(values), {
      onSuccess: (saved) => {
        setValues(availabilityValues(saved));
        notifications.show({ color: 'green', message: 'Advising hours saved.' });
      },
    });
  };

  const hasFieldErrors = Object.keys(fields).length > 0;
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Advising availability">
      <Stack gap="lg">
        <Section
          id="availability-hours"
          title="Weekly hours"
          description={`Students can book ${props.whose} free times inside these hours, in this time zone. A day without hours takes no appointments.`}
        >
          <Stack gap="md">
            <Group gap="md" align="flex-end" wrap="wrap">
              <NativeSelect
                label="Time zone"
                data={timeZoneOptions(values.timezone)}
                value={values.timezone}
                onChange={(event) => set({ timezone: event.currentTarget.value })}
                error={fields.timezone}
              />
              <Radio.Group
                label="Appointments start every"
                value={String(values.slotMinutes)}
                onChange={(choice) => set({ slotMinutes: choice === '15' ? 15 : 30 })}
              >
                <Group mt={4}>
                  <Radio value="30" label="30 minutes" />
                  <Radio value="15" label="15 minutes" />
                </Group>
              </Radio.Group>
            </Group>
            <WeeklyHoursEditor value={values.weeklyHours} onChange={(weeklyHours) => set({ weeklyHours })} />
            {weeklyError === null ? null : (
              <Text size="sm" c="red.8" role="alert">
                {weeklyError}
              </Text>
            )}
          </Stack>
        </Section>
        <Section
          id="availability-exceptions"
          title="Exceptions and holidays"
          description="Days off, holidays, or other hours on one day. An exception replaces that day's weekly hours."
        >
          <ExceptionsEditor
            value={values.exceptions}
            onChange={(exceptions) => set({ exceptions })}
            errors={exceptionErrors}
            today={today}
          />
        </Section>
        <Section
          id="availability-calendar"
          title={`${props.whose.charAt(0).toUpperCase()}${props.whose.slice(1)} own calendar`}
          description="Paste the secret address (ICS) the calendar app gives for sharing. Commons reads its busy times every 15 minutes, so students cannot book them; only the adviser and advising admins see the address."
        >
          <Stack gap="sm">
            <TextInput
              label="Calendar address (ICS)"
              placeholder="https://calendar.example.com/…/basic.ics"
              type="url"
              value={values.icsUrl}
              onChange={(event) => set({ icsUrl: event.currentTarget.value })}
              error={fields.icsUrl}
              style={{ overflowWrap: 'anywhere' }}
            />
            <CalendarStatus calendar={availability.calendar} />
            {values.icsUrl === '' ? null : (
              <Group>
                <Button size="compact-sm" variant="outline" color="red.9" onClick={() => set({ icsUrl: '' })}>
                  Remove the address
                </Button>
              </Group>
            )}
          </Stack>
        </Section>
        <div aria-live="polite">
          {problems === null ? null : (
            <ErrorAlert error={problems}>Some hours or dates need fixing; see the messages above.</ErrorAlert>
          )}
          {hasFieldErrors ? (
            <ErrorAlert error={save.error}>Some fields need fixing; see the messages above.</ErrorAlert>
          ) : (
            <ErrorAlert error={save.error} />
          )}
        </div>
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save advising hours
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
