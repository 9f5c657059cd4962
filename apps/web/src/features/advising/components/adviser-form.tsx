import type { TAdminAdviser } from '@commons/contract';
import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { timeZoneOptions } from '../../../lib/viewer-time';
import { useAdminAppointmentTypes, useAdminTopics } from '../api/advising-admin';

/** What the adviser form edits. */
export type TAdviserValues = {
  title: string;
  bio: string;
  timezone: string;
  topicIds: string[];
  appointmentTypeIds: string[];
  isActive: boolean;
};

/** The form's values of an adviser, or of a new one in the given zone. */
export function adviserValues(adviser: TAdminAdviser | null, timeZone: string): TAdviserValues {
  return {
    title: adviser?.title ?? 'Adviser',
    bio: adviser?.bio ?? '',
    timezone: adviser?.timezone ?? timeZone,
    topicIds: [...(adviser?.topicIds ?? [])],
    appointmentTypeIds: [...(adviser?.appointmentTypeIds ?? [])],
    isActive: adviser?.isActive ?? true,
  };
}

/**
 * An adviser's settings for advising admins (issue #21 item 1): their advising title and bio, the zone of their
 * weekly hours, the topics they cover, the appointment types they offer, and whether students can book them.
 */
export function AdviserForm(props: {
  hubIdentifier: string;
  initial: TAdviserValues;
  submitLabel: string;
  isSaving: boolean;
  error: unknown;
  onSubmit: (values: TAdviserValues) => void;
  onCancel?: () => void;
}) {
  const topics = useAdminTopics(props.hubIdentifier);
  const types = useAdminAppointmentTypes(props.hubIdentifier);
  const [values, setValues] = useState<TAdviserValues>(props.initial);
  const fields = isApiError(props.error) ? props.error.fields : {};
  const set = (patch: Partial<TAdviserValues>) => setValues((current) => ({ ...current, ...patch }));
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit({ ...values, title: values.title.trim(), bio: values.bio.trim() });
  };
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Adviser settings">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Advising title"
            description="Shown to students, e.g. Career adviser."
            maxLength={100}
            value={values.title}
            onChange={(event) => set({ title: event.currentTarget.value })}
            error={fields.title}
          />
          <NativeSelect
            label="Time zone of their hours"
            data={timeZoneOptions(values.timezone)}
            value={values.timezone}
            onChange={(event) => set({ timezone: event.currentTarget.value })}
            error={fields.timezone}
          />
        </SimpleGrid>
        <Textarea
          label="About their advising (optional)"
          autosize
          minRows={2}
          maxLength={2000}
          value={values.bio}
          onChange={(event) => set({ bio: event.currentTarget.value })}
          error={fields.bio}
        />
        <Checkbox.Group
          label="Topics they cover"
          value={values.topicIds}
          onChange={(topicIds) => set({ topicIds })}
          error={fields.topicIds}
        >
          {topics.isPending ? (
            <Text size="sm">Loading the topics…</Text>
          ) : topics.isError ? (
            <ErrorAlert error={topics.error} />
          ) : topics.data.length === 0 ? (
            <Text size="sm" c="gray.7">
              No topics yet: add them under Topics.
            </Text>
          ) : (
            <Group gap="md" mt={4}>
              {topics.data.map((topic) => (
                <Checkbox
                  key={topic.id}
                  value={topic.id}
                  label={topic.isActive ? topic.name : `${topic.name} (off)`}
                />
              ))}
            </Group>
          )}
        </Checkbox.Group>
        <Checkbox.Group
          label="Appointment types they offer"
          value={values.appointmentTypeIds}
          onChange={(appointmentTypeIds) => set({ appointmentTypeIds })}
          error={fields.appointmentTypeIds}
        >
          {types.isPending ? (
            <Text size="sm">Loading the appointment types…</Text>
          ) : types.isError ? (
            <ErrorAlert error={types.error} />
          ) : types.data.length === 0 ? (
            <Text size="sm" c="gray.7">
              No appointment types yet: add them under Appointment types.
            </Text>
          ) : (
            <Group gap="md" mt={4}>
              {types.data.map((type) => (
                <Checkbox
                  key={type.id}
                  value={type.id}
                  label={`${type.name} (${type.durationText})${type.isActive ? '' : ' (off)'}`}
                />
              ))}
            </Group>
          )}
        </Checkbox.Group>
        <Switch
          label="Students can book this adviser"
          checked={values.isActive}
          onChange={(event) => set({ isActive: event.currentTarget.checked })}
        />
        <ErrorAlert error={props.error} />
        <Group gap="sm">
          <Button type="submit" loading={props.isSaving}>
            {props.submitLabel}
          </Button>
          {props.onCancel === undefined ? null : (
            <Button variant="default" onClick={props.onCancel}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
