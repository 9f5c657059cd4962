import {
  EVENT_FORMATS,
  type TCreateEventRequest,
  type TEventFormat,
  type TRegistrationQuestion,
} from '@commons/contract';
import { DEFAULT_TIME_ZONE } from '@commons/domain';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { CoverPicker } from '../../../components/cover-picker';
import { errorText } from '../../../components/error-state';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { isApiError } from '../../../lib/api-error';
import { focusFirstInvalidField } from '../../../lib/focus-first-invalid-field';
import { knownTimeZones, zonedWallTimeToUtc } from '../zoned-time';

const FORMAT_LABELS: Record<TEventFormat, string> = {
  inPerson: 'In person',
  virtual: 'Virtual',
  hybrid: 'Hybrid',
};

/** The create-event form (issue #7 item 4): where and when in a chosen time zone, capacity, approval and questions. */
export function EventForm(props: {
  groupId: string | null;
  defaultTimeZone: string | null;
  isApprovalNeeded: boolean;
  isSaving: boolean;
  error: unknown;
  onSubmit: (request: TCreateEventRequest) => void;
}) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [format, setFormat] = useState<TEventFormat>('inPerson');
  const [location, setLocation] = useState('');
  const [virtualUrl, setVirtualUrl] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [timeZone, setTimeZone] = useState(props.defaultTimeZone ?? DEFAULT_TIME_ZONE);
  const [capacity, setCapacity] = useState<number | ''>('');
  const [isApprovalRequired, setIsApprovalRequired] = useState(false);
  const [questions, setQuestions] = useState<TRegistrationQuestion[]>([]);
  const [coverImageUrl, setCoverImageUrl] = useState<string | null>(null);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const serverFields = isApiError(props.error) ? props.error.fields : {};
  const fieldError = (name: string) => localErrors[name] ?? serverFields[name] ?? null;

  const handleSubmit = (formElement: HTMLFormElement) => {
    const startsAt = zonedWallTimeToUtc(start, timeZone);
    const endsAt = zonedWallTimeToUtc(end, timeZone);
    const errors: Record<string, string> = {};
    if (title.trim().length < 3) errors.title = 'Please give the event a title.';
    if (startsAt === null) errors.startsAt = 'Choose when the event starts.';
    if (endsAt === null) errors.endsAt = 'Choose when the event ends.';
    else if (startsAt !== null && endsAt.getTime() <= startsAt.getTime())
      errors.endsAt = 'The event must end after it starts.';
    setLocalErrors(errors);
    if (Object.keys(errors).length > 0 || startsAt === null || endsAt === null) {
      focusFirstInvalidField(formElement);
      return;
    }
    props.onSubmit({
      title: title.trim(),
      description,
      format,
      ...(format === 'virtual' ? {} : { location }),
      ...(format === 'inPerson' ? {} : { virtualUrl }),
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      timeZone,
      capacity: capacity === '' ? null : capacity,
      isApprovalRequired,
      coverImageUrl,
      registrationQuestions: questions.filter((q) => q.label.trim() !== ''),
      ...(props.groupId === null ? {} : { groupId: props.groupId }),
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="create-event-heading">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          handleSubmit(event.currentTarget);
        }}
      >
        <Stack>
          <Title order={2} size="h3" id="create-event-heading">
            Create an event
          </Title>
          {props.isApprovalNeeded ? (
            <Text size="sm">Your event appears once an admin approves it.</Text>
          ) : null}
          <TextInput
            label="Title"
            required
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={fieldError('title')}
            maxLength={200}
          />
          <RichTextEditor label="Description" value={description} onChange={setDescription} />
          <Radio.Group label="Format" value={format} onChange={(value) => setFormat(value as TEventFormat)}>
            <Group mt="xs">
              {EVENT_FORMATS.map((value) => (
                <Radio key={value} value={value} label={FORMAT_LABELS[value]} />
              ))}
            </Group>
          </Radio.Group>
          {format === 'virtual' ? null : (
            <TextInput
              label="Location"
              required
              value={location}
              onChange={(e) => setLocation(e.currentTarget.value)}
              error={fieldError('location')}
            />
          )}
          {format === 'inPerson' ? null : (
            <TextInput
              label="Link to join"
              required
              type="url"
              placeholder="https://"
              value={virtualUrl}
              onChange={(e) => setVirtualUrl(e.currentTarget.value)}
              error={fieldError('virtualUrl')}
            />
          )}
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label="Starts"
              type="datetime-local"
              required
              value={start}
              onChange={(e) => setStart(e.currentTarget.value)}
              error={fieldError('startsAt')}
            />
            <TextInput
              label="Ends"
              type="datetime-local"
              required
              value={end}
              onChange={(e) => setEnd(e.currentTarget.value)}
              error={fieldError('endsAt')}
            />
          </Group>
          <Select
            label="Time zone"
            searchable
            data={knownTimeZones()}
            value={timeZone}
            onChange={(value) => setTimeZone(value ?? timeZone)}
            allowDeselect={false}
            error={fieldError('timeZone')}
          />
          <NumberInput
            label="Capacity"
            description="Leave empty for no limit. When full, people join the waitlist."
            min={1}
            value={capacity}
            onChange={(value) => setCapacity(typeof value === 'number' ? value : '')}
            error={fieldError('capacity')}
          />
          <Switch
            label="Approve each registration myself"
            checked={isApprovalRequired}
            onChange={(e) => setIsApprovalRequired(e.currentTarget.checked)}
          />
          <CoverPicker
            value={coverImageUrl}
            onChange={setCoverImageUrl}
            error={fieldError('coverImageUrl') ?? undefined}
          />
          <Stack gap="xs">
            <Text fw={500} size="sm">
              Registration questions
            </Text>
            {questions.map((question, index) => (
              <Group key={question.id} align="flex-end" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  label={`Question ${index + 1}`}
                  value={question.label}
                  onChange={(e) => {
                    const label = e.currentTarget.value;
                    setQuestions((list) => list.map((q) => (q.id === question.id ? { ...q, label } : q)));
                  }}
                />
                <Checkbox
                  label="Required"
                  checked={question.isRequired}
                  onChange={(e) => {
                    const isRequired = e.currentTarget.checked;
                    setQuestions((list) =>
                      list.map((q) => (q.id === question.id ? { ...q, isRequired } : q)),
                    );
                  }}
                  mb={8}
                />
                <ActionIcon
                  variant="outline"
                  color="red.9"
                  size="lg"
                  aria-label={`Remove question ${index + 1}`}
                  onClick={() => setQuestions((list) => list.filter((q) => q.id !== question.id))}
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="outline"
                size="xs"
                disabled={questions.length >= 10}
                onClick={() =>
                  setQuestions((list) => [
                    ...list,
                    { id: `q${Date.now().toString(36)}`, label: '', isRequired: false },
                  ])
                }
              >
                Add a question
              </Button>
            </Group>
          </Stack>
          {props.error !== null && props.error !== undefined && Object.keys(serverFields).length === 0 ? (
            <Text c="red.9" size="sm" role="alert">
              {errorText(props.error)}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={props.isSaving}>
              Create event
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
