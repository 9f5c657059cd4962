import type { TComposeMessageType, TComposeTemplate } from '@commons/contract';
import { MESSAGE_TYPE_EXPLANATIONS, type TMessageType } from '@commons/domain';
import {
  Alert,
  Avatar,
  Button,
  Group,
  NativeSelect,
  Radio,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useCompose, useCreateThread, useRecipientSearch } from '../api/compose';
import type { TContactScope } from '../../../lib/contact-options';
import { htmlToText, placeholderError, textToHtml } from './message-html';
import { LazyModal } from '../../../components/lazy-modal';

function RecipientPicker({ onPick }: { onPick: (id: string) => void }) {
  const [term, setTerm] = useState('');
  const results = useRecipientSearch(term);
  return (
    <Stack gap="xs">
      <TextInput
        label="To"
        description="Type at least two letters of a name."
        value={term}
        onChange={(e) => setTerm(e.currentTarget.value)}
        data-autofocus
      />
      <div aria-live="polite">
        {results.isFetching ? <Text size="sm">Searching…</Text> : null}
        {results.data && results.data.length === 0 ? (
          <Text size="sm">No one matches “{term.trim()}”.</Text>
        ) : null}
      </div>
      {results.data && results.data.length > 0 ? (
        <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Matching people">
          {results.data.map((person) => (
            <li key={person.id}>
              <UnstyledButton
                onClick={() => onPick(person.id)}
                p={4}
                style={{ borderRadius: 4 }}
                aria-label={`Write to ${person.fullname}`}
              >
                <Group gap="xs">
                  <Avatar src={person.photoUrl} alt="" size="sm" radius="xl">
                    {person.fullname.slice(0, 1)}
                  </Avatar>
                  <Text size="sm">{person.fullname}</Text>
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

function typeDescription(option: TComposeMessageType): string {
  if (option.unavailableReason !== null) return option.unavailableReason;
  const parts = [option.subText === '' ? MESSAGE_TYPE_EXPLANATIONS[option.type] : option.subText];
  if (option.type === 'longTermMentorship' && option.mentorshipLength !== '')
    parts.push(`Commitment: ${option.mentorshipLength}.`);
  return parts.filter((p) => p !== '').join(' ');
}

/** What starting a conversation may carry beyond the recipient (the contact actions of issue #16 item 2). */
export type TComposeStart = {
  /** The type to start with when the server allows it now (the action the member chose). */
  messageType?: TMessageType | undefined;
  scope?: TContactScope | undefined;
  /** Replaces opening the new thread, e.g. to open the meeting request in it. */
  onSent?: ((threadId: string) => void) | undefined;
};

function ComposeForm({
  recipientId,
  address,
  onClose,
  start = {},
}: {
  recipientId: string;
  address: string;
  onClose: () => void;
  start?: TComposeStart | undefined;
}) {
  const scope = start.scope ?? {};
  const compose = useCompose(recipientId, scope);
  const createThread = useCreateThread(scope.hubId);
  const navigate = useNavigate();
  const [messageType, setMessageType] = useState<TMessageType | null>(null);
  const [templateId, setTemplateId] = useState('');
  const [body, setBody] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);

  if (compose.isPending) return <LoadingState label="Loading what you can send…" />;
  if (compose.isError) {
    return (
      <Alert color="red" variant="outline" role="alert">
        {errorText(compose.error)}
      </Alert>
    );
  }
  const { recipient, messageTypes, templates, responseTimeLabel } = compose.data;
  const available = messageTypes.filter((option) => option.unavailableReason === null);
  // The chosen action's type, else a plain message when allowed: a request is a choice the sender makes on purpose.
  const chosen =
    messageType ??
    available.find((option) => option.type === start.messageType)?.type ??
    available.find((option) => option.type === 'message')?.type ??
    available[0]?.type ??
    null;
  const serverBodyError = isApiError(createThread.error) ? (createThread.error.fields['body'] ?? null) : null;
  const bodyError = localError ?? serverBodyError;

  const handleTemplate = (id: string) => {
    setTemplateId(id);
    const template: TComposeTemplate | undefined = templates.find((t) => t.id === id);
    if (template) setBody(textToHtml(template.body));
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen === null) return;
    if (htmlToText(body).trim() === '') {
      setLocalError('Please write a message.');
      return;
    }
    // spec 5 Message template: invalid while placeholders such as '[add school name]' are unfilled.
    const placeholders = placeholderError(body);
    setLocalError(placeholders);
    if (placeholders !== null) return;
    createThread.mutate(
      {
        recipientId,
        messageType: chosen,
        body,
        ...(scope.groupId === undefined ? {} : { groupId: scope.groupId }),
      },
      {
        onSuccess: (result) =>
          start.onSent
            ? start.onSent(result.thread.id)
            : void navigate(paths.inboxThread(address, result.thread.id)),
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Group gap="sm">
          <Avatar src={recipient.photoUrl} alt="" radius="xl">
            {recipient.firstName.slice(0, 1)}
          </Avatar>
          <div>
            <Text fw={600}>{recipient.fullName}</Text>
            {responseTimeLabel !== null ? (
              <Text size="sm" c="gray.7">
                {responseTimeLabel}
              </Text>
            ) : null}
          </div>
        </Group>
        {messageTypes.length === 0 ? (
          <Alert color="yellow" variant="outline">
            No message types are enabled in this hub.
          </Alert>
        ) : (
          <Radio.Group
            label="What would you like to send?"
            value={chosen ?? ''}
            onChange={(value) => setMessageType(value as TMessageType)}
          >
            <Stack gap="xs" mt="xs">
              {messageTypes.map((option) => (
                <Radio
                  key={option.type}
                  value={option.type}
                  label={option.label}
                  description={typeDescription(option)}
                  disabled={option.unavailableReason !== null}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {templates.length > 0 ? (
          <NativeSelect
            label="Start from a template"
            description={templateDescription(templates.find((t) => t.id === templateId))}
            value={templateId}
            onChange={(e) => handleTemplate(e.currentTarget.value)}
            data={[{ value: '', label: 'No template' }, ...templateOptions(templates)]}
          />
        ) : null}
        <RichTextEditor
          label="Message"
          value={body}
          onChange={(html) => {
            setBody(html);
            setLocalError(null);
          }}
          error={bodyError}
          isRequired
        />
        <div aria-live="polite">
          {createThread.isError && serverBodyError === null ? (
            <Alert color="red" variant="outline" role="alert">
              {errorText(createThread.error)}
            </Alert>
          ) : null}
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={createThread.isPending} disabled={chosen === null}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Under the template choice: whose template was chosen when an organisation's, and what to replace. */
function templateDescription(chosen: TComposeTemplate | undefined): string {
  const replace = 'Replace every part in [brackets] before sending.';
  return chosen?.organizationName ? `A template of ${chosen.organizationName}. ${replace}` : replace;
}

/**
 * The composer's template choices: an organisation's templates (sender and recipient are both its members) first, in
 * a group named after it, then the hub's or the defaults (spec 6 Organisation admins: templates); a flat list when no
 * organisation offers any.
 */
function templateOptions(templates: readonly TComposeTemplate[]) {
  const option = (t: TComposeTemplate) => ({ value: t.id, label: t.title });
  if (templates.every((t) => t.organizationName === null)) return templates.map(option);
  const groups = new Map<string, TComposeTemplate[]>();
  for (const t of templates) {
    const name = t.organizationName ?? 'Suggested templates';
    groups.set(name, [...(groups.get(name) ?? []), t]);
  }
  return [...groups].map(([group, items]) => ({ group, items: items.map(option) }));
}

/**
 * Starting a conversation (issue #5 item 1; spec 6 Messaging, spec 9 Message types and outreach templates):
 * pick a member (unless given), then one of the message types the server allows for this pair, optionally
 * from an outreach template whose placeholders must be filled (spec 5 Message template).
 */
export function ComposeDialog({
  recipientId,
  address,
  isOpen,
  onClose,
  start,
}: {
  recipientId: string | null;
  address: string;
  isOpen: boolean;
  onClose: () => void;
  start?: TComposeStart;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const current = recipientId ?? picked;
  const handleClose = () => {
    setPicked(null);
    onClose();
  };
  return (
    <LazyModal opened={isOpen} onClose={handleClose} title="New message" size="lg">
      {current === null ? (
        <RecipientPicker onPick={setPicked} />
      ) : (
        <ComposeForm
          key={current}
          recipientId={current}
          address={address}
          onClose={handleClose}
          start={start}
        />
      )}
    </LazyModal>
  );
}
