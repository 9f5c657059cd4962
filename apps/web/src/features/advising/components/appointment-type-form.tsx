import type { TAdminAppointmentType } from '@commons/contract';
import {
  APPOINTMENT_TYPE_LIMITS,
  MEETING_MEDIUM_LABELS,
  MEETING_MEDIUMS,
  type TMeetingMedium,
} from '@commons/domain';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { focusFirstInvalidField } from '../../../lib/focus-first-invalid-field';
import { hubQueryOptions } from '../../../lib/hub-query';
import { useAdminTopics, useHubPrograms, useSaveAppointmentType } from '../api/advising-admin';
import {
  appointmentTypeFormErrors,
  appointmentTypeRequest,
  appointmentTypeValues,
  formErrorsOfServerFields,
  NOTICE_UNITS,
  type TAppointmentTypeValues,
} from '../appointment-type-values';

const limits = APPOINTMENT_TYPE_LIMITS;

/** A whole-number field typed as text (no NumberInput: it would split a chunk off, issue #17). */
function NumberField(props: {
  label: string;
  description?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  min: number;
  max: number;
  step?: number;
  placeholder?: string;
}) {
  return (
    <TextInput
      label={props.label}
      description={props.description}
      type="number"
      inputMode="numeric"
      min={props.min}
      max={props.max}
      step={props.step ?? 1}
      placeholder={props.placeholder}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      error={props.error}
    />
  );
}

/**
 * An appointment type with every setting (issue #21 item 1): name and description, length, the medium with
 * its place, phone number or video link, buffers before and after, the least notice, how far ahead, the most
 * per adviser and day, the topics it serves and who may book it (user types or programs).
 */
export function AppointmentTypeForm(props: {
  hubIdentifier: string;
  type: TAdminAppointmentType | null;
  onDone: () => void;
}) {
  const save = useSaveAppointmentType(props.hubIdentifier);
  const hub = useQuery({ ...hubQueryOptions(props.hubIdentifier), enabled: props.hubIdentifier !== '' });
  const programs = useHubPrograms(props.hubIdentifier);
  const topics = useAdminTopics(props.hubIdentifier);
  const [values, setValues] = useState<TAppointmentTypeValues>(() => appointmentTypeValues(props.type));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<TAppointmentTypeValues>) => setValues((current) => ({ ...current, ...patch }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = appointmentTypeFormErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalidField(form);
      return;
    }
    save.mutate(
      { id: props.type?.id ?? null, body: appointmentTypeRequest(values) },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: `“${saved.name}” saved.` });
          props.onDone();
        },
        onError: (error) => {
          if (!isApiError(error) || Object.keys(error.fields).length === 0) return;
          setErrors(formErrorsOfServerFields(error.fields));
          focusFirstInvalidField(form);
        },
      },
    );
  };
  const { medium } = values;
  const hasFieldErrors = Object.keys(errors).length > 0;
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Appointment type">
      <Stack gap="md">
        <TextInput
          label="Name"
          required
          maxLength={100}
          value={values.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
          error={errors.name}
        />
        <Textarea
          label="Description (optional)"
          autosize
          minRows={2}
          maxLength={1000}
          value={values.description}
          onChange={(event) => set({ description: event.currentTarget.value })}
          error={errors.description}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberField
            label="Length (minutes)"
            description={`${limits.minDurationMinutes} to ${limits.maxDurationMinutes}, in steps of 5.`}
            min={limits.minDurationMinutes}
            max={limits.maxDurationMinutes}
            step={5}
            value={values.durationMinutes}
            onChange={(durationMinutes) => set({ durationMinutes })}
            error={errors.durationMinutes}
          />
          <NativeSelect
            label="Medium"
            data={MEETING_MEDIUMS.map((value) => ({ value, label: MEETING_MEDIUM_LABELS[value] }))}
            value={medium}
            onChange={(event) => set({ medium: event.currentTarget.value as TMeetingMedium })}
            error={errors.medium}
          />
        </SimpleGrid>
        {medium === 'in-person' || medium === 'external-meeting' ? (
          <TextInput
            label={medium === 'in-person' ? 'Place' : 'Where it takes place (link or place)'}
            required
            maxLength={500}
            value={values.location}
            onChange={(event) => set({ location: event.currentTarget.value })}
            error={errors.location}
          />
        ) : null}
        {medium === 'phone' ? (
          <TextInput
            label="Phone number to call"
            required
            type="tel"
            maxLength={40}
            value={values.phone}
            onChange={(event) => set({ phone: event.currentTarget.value })}
            error={errors.phone}
          />
        ) : null}
        {medium === 'video' ? (
          <TextInput
            label="Video link (optional)"
            description="An outside meeting link; without one, the appointment uses the Commons video room of the conversation."
            type="url"
            value={values.videoUrl}
            onChange={(event) => set({ videoUrl: event.currentTarget.value })}
            error={errors.videoUrl}
          />
        ) : null}
        <Fieldset legend="Scheduling rules">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberField
              label="Buffer before (minutes)"
              description="Kept free before each appointment."
              min={0}
              max={limits.maxBufferMinutes}
              value={values.bufferBeforeMinutes}
              onChange={(bufferBeforeMinutes) => set({ bufferBeforeMinutes })}
              error={errors.bufferBeforeMinutes}
            />
            <NumberField
              label="Buffer after (minutes)"
              description="Kept free after each appointment."
              min={0}
              max={limits.maxBufferMinutes}
              value={values.bufferAfterMinutes}
              onChange={(bufferAfterMinutes) => set({ bufferAfterMinutes })}
              error={errors.bufferAfterMinutes}
            />
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <div style={{ flex: 1, minWidth: 0 }}>
                <NumberField
                  label="Minimum notice"
                  description="Students book, cancel and reschedule at least this long before the start."
                  min={0}
                  max={limits.maxMinimumNoticeMinutes}
                  value={values.noticeAmount}
                  onChange={(noticeAmount) => set({ noticeAmount })}
                  error={errors.noticeAmount}
                />
              </div>
              <NativeSelect
                label="Unit"
                w={112}
                style={{ flexShrink: 0 }}
                data={NOTICE_UNITS.map((unit) => ({ value: unit, label: unit }))}
                value={values.noticeUnit}
                onChange={(event) =>
                  set({ noticeUnit: event.currentTarget.value as TAppointmentTypeValues['noticeUnit'] })
                }
              />
            </Group>
            <NumberField
              label="How far ahead (days)"
              description={`Bookable up to this many days ahead (${limits.minDaysAhead} to ${limits.maxDaysAhead}).`}
              min={limits.minDaysAhead}
              max={limits.maxDaysAhead}
              value={values.maxDaysAhead}
              onChange={(maxDaysAhead) => set({ maxDaysAhead })}
              error={errors.maxDaysAhead}
            />
            <NumberField
              label="Most per adviser and day (optional)"
              description="Empty: no limit."
              min={1}
              max={limits.maxPerDay}
              placeholder="No limit"
              value={values.maxPerDay}
              onChange={(maxPerDay) => set({ maxPerDay })}
              error={errors.maxPerDay}
            />
          </SimpleGrid>
        </Fieldset>
        <Checkbox.Group
          label="Topics it serves"
          description="None chosen: every topic."
          value={values.topicIds}
          onChange={(topicIds) => set({ topicIds })}
          error={errors.topicIds}
        >
          <Group gap="md" mt={4}>
            {(topics.data ?? []).map((topic) => (
              <Checkbox key={topic.id} value={topic.id} label={topic.name} />
            ))}
          </Group>
        </Checkbox.Group>
        <Fieldset legend="Who may book">
          <Stack gap="sm">
            <Text size="sm" c="gray.7">
              Members of the chosen user types or programs. None chosen: every member of the hub.
            </Text>
            <Checkbox.Group
              label="User types"
              value={values.userTypeIds}
              onChange={(userTypeIds) => set({ userTypeIds })}
              error={errors.userTypeIds}
            >
              <Group gap="md" mt={4}>
                {(hub.data?.userTypes ?? []).map((userType) => (
                  <Checkbox key={userType.id} value={userType.id} label={userType.title} />
                ))}
              </Group>
            </Checkbox.Group>
            <Checkbox.Group
              label="Programs"
              value={values.programIds}
              onChange={(programIds) => set({ programIds })}
              error={errors.programIds}
            >
              {programs.isError ? <ErrorAlert error={programs.error} /> : null}
              <Group gap="md" mt={4}>
                {(programs.data ?? []).map((program) => (
                  <Checkbox key={program.id} value={program.id} label={program.name} />
                ))}
                {programs.data?.length === 0 ? (
                  <Text size="sm" c="gray.7">
                    The hub has no programs.
                  </Text>
                ) : null}
              </Group>
            </Checkbox.Group>
          </Stack>
        </Fieldset>
        <Switch
          label="Students can book this type"
          checked={values.isActive}
          onChange={(event) => set({ isActive: event.currentTarget.checked })}
        />
        {hasFieldErrors ? null : <ErrorAlert error={save.error} />}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            {props.type === null ? 'Add appointment type' : 'Save appointment type'}
          </Button>
          <Button variant="default" onClick={props.onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
