import type { TJobPost, TUserType } from '@commons/contract';
import {
  JOB_EMPLOYMENT_TYPE_LABELS,
  JOB_EMPLOYMENT_TYPES,
  JOB_TAG_KINDS,
  type TJobTagKind,
} from '@commons/domain';
import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { isApiError } from '../../../lib/api-error';
import { focusFirstInvalidField } from '../../../lib/focus-first-invalid-field';
import { useCreateJobPost, useUpdateJobPost } from '../api/job-posts';
import { formFieldOf, jobRequestFrom, jobUpdateFrom, type TJobFormValues } from '../job-form-values';
import { JOB_ICON_NAMES } from '../../../components/job-post/job-icon';

/** The words of a tag kind (its colour is spec 9's, shown on the post). */
const TAG_KIND_LABELS: Readonly<Record<TJobTagKind, string>> = {
  hiring: 'Hiring (purple)',
  industry: 'Industry (grey)',
  offers: 'Offers (green)',
  serviceType: 'Service type (grey)',
};
/** At most this many tags (contract ZCreateJobPostRequest). */
const TAGS_MAX = 10;

type TOption = { value: string; label: string };

/**
 * The form of a new job or project (issue #19 items 1-2), and of an existing one when `postId` is given (its
 * owner or an admin edits it: PATCH /api/jobs/{id} with the changed closing day only): title, organisation, description and requirements
 * (rich text), place, kind, pay, industry and job functions from the hub's standard data, audience, how people
 * apply (inside Commons with an optional resume, or an outside address), icon, tags in the spec 9 colours,
 * a project's duration and dates, and the day it closes. Field errors from the server show under their field.
 */
export function JobForm(props: {
  hubIdentifier: string;
  initialValues: TJobFormValues;
  industries: readonly TOption[];
  jobFunctions: readonly TOption[];
  userTypes: readonly TUserType[];
  /** The post edited; absent for a new post. */
  postId?: string;
  onSaved: (post: TJobPost) => void;
  onCancel: () => void;
}) {
  const create = useCreateJobPost(props.hubIdentifier);
  const update = useUpdateJobPost(props.hubIdentifier);
  const { postId } = props;
  const save = postId === undefined ? create : update;
  // The values the form started from (an edit sends the closing day only when it differs from them).
  const [initialValues] = useState(props.initialValues);
  const form = useForm<TJobFormValues>({
    mode: 'controlled',
    initialValues,
    validate: {
      title: (value) => (value.trim() === '' ? 'Enter a title.' : null),
      externalUrl: (value, values) =>
        values.applicationMethod === 'external' && value.trim() === ''
          ? 'Enter the web address where people apply.'
          : null,
      duration: (value, values) =>
        values.jobFlow === 'project' && value.trim() !== '' && !/^[1-9]\d{0,3}$|^10000$/.test(value.trim())
          ? 'Enter a whole number from 1 to 10000.'
          : null,
      audienceUserTypes: (value, values) =>
        values.audience === 'chosen' && value.length === 0 ? 'Choose at least one member type.' : null,
    },
  });
  const isProject = form.values.jobFlow === 'project';
  const { values } = form;

  const handleSubmit = (submitted: TJobFormValues, event: FormEvent<HTMLFormElement> | undefined) => {
    const formElement = event?.currentTarget;
    const callbacks = {
      onSuccess: props.onSaved,
      onError: (error: Error) => {
        if (!isApiError(error) || Object.keys(error.fields).length === 0) return;
        form.setErrors(Object.fromEntries(Object.entries(error.fields).map(([f, m]) => [formFieldOf(f), m])));
        focusFirstInvalidField(formElement);
      },
    };
    if (postId === undefined) create.mutate(jobRequestFrom(submitted), callbacks);
    else update.mutate({ id: postId, body: jobUpdateFrom(submitted, initialValues) }, callbacks);
  };
  const hasFieldErrors = isApiError(save.error) && Object.keys(save.error.fields).length > 0;
  const errorOf = (field: string) =>
    typeof form.errors[field] === 'string' ? form.errors[field] : undefined;

  return (
    <form
      onSubmit={form.onSubmit(handleSubmit, (_errors, _values, event) =>
        focusFirstInvalidField(event?.currentTarget),
      )}
      noValidate
      aria-label={isProject ? 'Project details' : 'Job details'}
    >
      <Stack gap="lg" maw={760}>
        <TextInput label="Title" withAsterisk maxLength={120} {...form.getInputProps('title')} />
        <TextInput
          label="Organisation"
          description="Who the work is for."
          maxLength={120}
          {...form.getInputProps('organisation')}
        />
        <RichTextEditor
          label="Description"
          value={values.description}
          onChange={(html) => form.setFieldValue('description', html)}
          error={errorOf('description') ?? null}
          isMentionEnabled={false}
        />
        <RichTextEditor
          label="Requirements"
          value={values.requirements}
          onChange={(html) => form.setFieldValue('requirements', html)}
          error={errorOf('requirements') ?? null}
          isMentionEnabled={false}
        />

        <Fieldset legend="Where and what">
          <Stack gap="sm">
            <TextInput
              label="Location"
              description="City and region, for example Boston, MA."
              maxLength={160}
              {...form.getInputProps('location')}
            />
            <Checkbox
              label="Can be done remotely"
              {...form.getInputProps('isRemote', { type: 'checkbox' })}
            />
            {isProject ? null : (
              <NativeSelect
                label="Type"
                data={[
                  { value: '', label: 'Not specified' },
                  ...JOB_EMPLOYMENT_TYPES.map((type) => ({
                    value: type,
                    label: JOB_EMPLOYMENT_TYPE_LABELS[type],
                  })),
                ]}
                {...form.getInputProps('employmentType')}
              />
            )}
            <Checkbox label="This is paid" {...form.getInputProps('isPaid', { type: 'checkbox' })} />
            <NativeSelect
              label="Industry"
              data={[{ value: '', label: 'Not specified' }, ...props.industries]}
              {...form.getInputProps('industry')}
            />
            {props.jobFunctions.length === 0 ? null : (
              <Checkbox.Group label="Job functions" {...form.getInputProps('jobFunctions')}>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} mt="xs">
                  {props.jobFunctions.map((option) => (
                    <Checkbox key={option.value} value={option.value} label={option.label} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            )}
          </Stack>
        </Fieldset>

        {isProject ? (
          <Fieldset legend="Duration and dates">
            <Stack gap="sm">
              <Group gap="sm" align="flex-start" wrap="wrap">
                <TextInput
                  label="Duration"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={10_000}
                  step={1}
                  w={140}
                  {...form.getInputProps('duration')}
                />
                <NativeSelect
                  label="Unit"
                  w={140}
                  data={[
                    { value: 'hours', label: 'Hours' },
                    { value: 'days', label: 'Days' },
                    { value: 'weeks', label: 'Weeks' },
                  ]}
                  {...form.getInputProps('durationUnit')}
                />
              </Group>
              <Group gap="sm" align="flex-start" wrap="wrap">
                <TextInput label="Start date" type="date" w={200} {...form.getInputProps('startDate')} />
                <TextInput label="Due date" type="date" w={200} {...form.getInputProps('dueDate')} />
              </Group>
            </Stack>
          </Fieldset>
        ) : null}

        <Fieldset legend="Who may apply, and how">
          <Stack gap="sm">
            <Radio.Group label="Open to" {...form.getInputProps('audience')}>
              <Stack gap={6} mt="xs">
                <Radio value="all" label="Everyone in the hub" />
                <Radio value="chosen" label="Chosen member types" />
              </Stack>
            </Radio.Group>
            {values.audience === 'chosen' ? (
              <Checkbox.Group label="Member types" withAsterisk {...form.getInputProps('audienceUserTypes')}>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} mt="xs">
                  {props.userTypes
                    .filter((type) => !type.isDisabled)
                    .map((type) => (
                      <Checkbox key={type.id} value={type.id} label={type.pluralTitle} />
                    ))}
                </SimpleGrid>
              </Checkbox.Group>
            ) : null}
            {isProject ? (
              <Text size="sm">Members apply here, with a note and, if you ask for one, a resume.</Text>
            ) : (
              <Radio.Group label="Applications" {...form.getInputProps('applicationMethod')}>
                <Stack gap={6} mt="xs">
                  <Radio value="internal" label="Members apply here, with a note and a resume" />
                  <Radio value="external" label="Members apply on another site" />
                </Stack>
              </Radio.Group>
            )}
            {values.applicationMethod === 'external' ? (
              <TextInput
                label="Where to apply"
                placeholder="https://"
                type="url"
                withAsterisk
                {...form.getInputProps('externalUrl')}
              />
            ) : (
              <Checkbox
                label="A resume is required"
                {...form.getInputProps('isResumeRequired', { type: 'checkbox' })}
              />
            )}
          </Stack>
        </Fieldset>

        <Fieldset legend="How it looks">
          <Stack gap="sm">
            <NativeSelect
              label="Icon"
              data={[
                { value: '', label: 'Default' },
                ...JOB_ICON_NAMES.map((name) => ({
                  value: name,
                  label: name.charAt(0).toUpperCase() + name.slice(1),
                })),
              ]}
              {...form.getInputProps('icon')}
            />
            <Stack gap="xs">
              <Text fw={500} size="sm">
                Tags
              </Text>
              <Text size="sm" c="dimmed">
                Short labels on the post, coloured by kind: hiring purple, offers green, industry and service
                type grey.
              </Text>
              {values.tags.map((tag, index) => (
                <Group key={tag.key} gap="xs" align="flex-end" wrap="wrap">
                  <NativeSelect
                    label={`Tag ${index + 1} kind`}
                    data={JOB_TAG_KINDS.map((kind) => ({ value: kind, label: TAG_KIND_LABELS[kind] }))}
                    w={200}
                    {...form.getInputProps(`tags.${index}.kind`)}
                  />
                  <TextInput
                    label={`Tag ${index + 1}`}
                    maxLength={40}
                    style={{ flex: '1 1 10rem' }}
                    {...form.getInputProps(`tags.${index}.label`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    size="lg"
                    mb={2}
                    aria-label={`Remove tag ${index + 1}`}
                    onClick={() => form.removeListItem('tags', index)}
                  >
                    ×
                  </ActionIcon>
                </Group>
              ))}
              {errorOf('tags') === undefined ? null : (
                <Text size="sm" c="red.9" role="alert">
                  {errorOf('tags')}
                </Text>
              )}
              {values.tags.length < TAGS_MAX ? (
                <Group>
                  <Button
                    variant="outline"
                    size="xs"
                    onClick={() =>
                      form.insertListItem('tags', {
                        key: `${Date.now()}-${values.tags.length}`,
                        kind: 'hiring',
                        label: '',
                      })
                    }
                  >
                    Add a tag
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Stack>
        </Fieldset>

        <TextInput
          label="Closes on"
          description="The post leaves the board on this day."
          type="date"
          // A date-sized box; the description keeps the form's width.
          styles={{ wrapper: { maxWidth: 220 } }}
          {...form.getInputProps('expiresOn')}
        />
        {save.isError && !hasFieldErrors ? <ErrorAlert error={save.error} /> : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {postId !== undefined ? 'Save changes' : isProject ? 'Post project' : 'Post job'}
          </Button>
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
