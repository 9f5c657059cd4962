import { ZPutAutoGreetingRequest, type TAutoGreeting, type TPutAutoGreetingRequest } from '@commons/contract';
import { fillAutoGreeting, formatWholeNumber } from '@commons/domain';
import {
  Button,
  Fieldset,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { hubQueryOptions } from '../../../lib/hub-query';
import { useAutoGreeting, useSaveAutoGreeting } from '../api/hub-welcome-api';
import { AdminScreen } from '../components/admin-screen';
import { MessagePreview } from '../components/message-preview';

/** The example member the preview greets. */
const EXAMPLE_MEMBER = { 'first name': 'Alex', 'last name': 'Rivera' } as const;

const requestOf = (greeting: TAutoGreeting): TPutAutoGreetingRequest => ({
  isOn: greeting.isOn,
  senderUserId: greeting.senderUserId,
  body: greeting.body,
});

/** The greeting's form: on or off, the sending admin, the text with its fields, and a preview. */
function AutoGreetingForm(props: { hubIdentifier: string; hubName: string; greeting: TAutoGreeting }) {
  const save = useSaveAutoGreeting(props.hubIdentifier);
  const [values, setValues] = useState<TPutAutoGreetingRequest>(() => requestOf(props.greeting));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (changes: Partial<TPutAutoGreetingRequest>) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors({});
  };
  const sender = props.greeting.senders.find((s) => s.id === values.senderUserId);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZPutAutoGreetingRequest.safeParse(values);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
      );
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (answer) => {
        setValues(requestOf(answer));
        notifications.show({
          color: 'green',
          message: answer.isOn
            ? 'Auto-greeting saved: new members receive it once they are approved.'
            : 'Auto-greeting saved and turned off.',
        });
      },
      onError: (error) => {
        if (isApiError(error)) setErrors(error.fields);
      },
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Auto-greeting">
      <Stack gap="lg" maw={1100}>
        <Switch
          size="md"
          label="Send new members a welcome message"
          description="Each member receives it once, in their inbox, when they are approved and have finished signing up."
          checked={values.isOn}
          onChange={(event) => set({ isOn: event.currentTarget.checked })}
          styles={{ description: { color: 'var(--mantine-color-dark-6)' } }}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Fieldset legend="The message">
            <Stack gap="sm">
              <NativeSelect
                label="Sent by"
                description="An admin of this hub; replies go to their inbox."
                data={[
                  { value: '', label: 'Choose an admin' },
                  ...props.greeting.senders.map((s) => ({ value: s.id, label: `${s.name} (${s.email})` })),
                ]}
                value={values.senderUserId ?? ''}
                onChange={(event) => set({ senderUserId: event.currentTarget.value || null })}
                error={errors['senderUserId']}
                styles={{ description: { color: 'var(--mantine-color-dark-6)' } }}
              />
              <Textarea
                label="Greeting"
                description={`These are filled in for each member: ${props.greeting.fields.join(', ')}. Anything in square brackets must be replaced before saving.`}
                value={values.body}
                onChange={(event) => set({ body: event.currentTarget.value })}
                error={errors['body']}
                autosize
                minRows={6}
                styles={{ description: { color: 'var(--mantine-color-dark-6)' } }}
              />
            </Stack>
          </Fieldset>
          <Stack gap="xs">
            <MessagePreview
              label={`Preview for ${EXAMPLE_MEMBER['first name']} ${EXAMPLE_MEMBER['last name']}`}
              from={sender?.name ?? 'the admin you choose'}
              text={fillAutoGreeting(values.body, { ...EXAMPLE_MEMBER, 'hub name': props.hubName })}
            />
            <Text size="sm" c="dark.6">
              {props.greeting.sentCount === 0
                ? 'No member has received it yet.'
                : `${formatWholeNumber(props.greeting.sentCount)} ${props.greeting.sentCount === 1 ? 'member has' : 'members have'} received it.`}
            </Text>
          </Stack>
        </SimpleGrid>
        {save.isError && !(isApiError(save.error) && Object.keys(save.error.fields).length > 0) ? (
          <ErrorAlert error={save.error} />
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save auto-greeting
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * {hubPath}/site-admin/auto-greeting (issue #22 item 1; spec 6 hub access group 'auto-greeting' and its feature
 * flag): hub admins with the right turn the welcome message on, choose which admin sends it and write it.
 */
export function AutoGreetingPage() {
  const { identifier = '' } = useParams();
  const query = useAutoGreeting(identifier);
  const hub = useQuery(hubQueryOptions(identifier));
  return (
    <AdminScreen
      title="Auto-greeting"
      intro="A welcome message every new member receives in their inbox from one of the hub’s admins."
      rightName="auto-greeting"
      query={query}
    >
      {() =>
        query.data ? (
          query.data.senders.length === 0 ? (
            <EmptyState title="This hub has no admins to send it">
              The greeting comes from an admin of the hub. Make someone an admin first.
            </EmptyState>
          ) : (
            <AutoGreetingForm
              hubIdentifier={identifier}
              hubName={hub.data?.name ?? 'your hub'}
              greeting={query.data}
            />
          )
        ) : null
      }
    </AdminScreen>
  );
}
