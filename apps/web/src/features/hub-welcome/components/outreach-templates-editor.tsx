import {
  ZPutOutreachTemplatesRequest,
  type TOutreachTemplateItem,
  type TOutreachTemplatesResponse,
  type TPutOutreachTemplatesRequest,
} from '@commons/contract';
import { findUnfilledPlaceholders } from '@commons/domain';
import {
  Button,
  Fieldset,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { MessagePreview } from './message-preview';

/** Most templates one pair may have (the contract's limit). */
const TEMPLATES_MAX = 10;

/**
 * Whose templates the editor writes: the hub's (a pair without its own offers the defaults) or one organisation's
 * (offered first to its members writing to each other; a pair without its own leaves them with the hub's).
 */
export type TTemplatesScope = { kind: 'hub' } | { kind: 'organization'; name: string };

/** The save of one pair's whole set, as the hub's and the organisation's mutations both offer it. */
export interface TReplaceTemplates {
  mutate: (
    body: TPutOutreachTemplatesRequest,
    options: { onSuccess: () => void; onError: (error: unknown) => void },
  ) => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

type TDraft = { key: number; title: string; body: string };

let nextKey = 1;
const draftOf = (template: Pick<TOutreachTemplateItem, 'title' | 'body'>): TDraft => ({
  key: nextKey++,
  title: template.title,
  body: template.body,
});

/**
 * The templates a pair offers today in the scope: its own set; else the hub's defaults of the sender's style
 * (spec 9), or nothing of the organisation's.
 */
function currentSet(
  data: TOutreachTemplatesResponse,
  scope: TTemplatesScope,
  senderId: string,
  recipientId: string,
) {
  const custom = data.items.find(
    (set) => set.senderUserTypeId === senderId && set.recipientUserTypeId === recipientId,
  );
  if (custom) return { isCustom: true, templates: custom.templates };
  if (scope.kind === 'organization') return { isCustom: false, templates: [] };
  const isStudentStyle = data.userTypes.find((type) => type.id === senderId)?.isStudentStyle ?? false;
  return { isCustom: false, templates: isStudentStyle ? data.defaults.student : data.defaults.alumni };
}

/** What the editor says of a pair, in the hub's words or the organisation's. */
function wordsOf(scope: TTemplatesScope, pair: { sender: string; recipient: string; count: number }) {
  const { sender, recipient, count } = pair;
  const templates = count === 1 ? 'template' : `${count} templates`;
  if (scope.kind === 'hub')
    return {
      custom: `${sender} members writing to ${recipient} members are offered this hub’s ${templates}.`,
      notCustom: `${sender} members writing to ${recipient} members are offered the default templates below. Save to replace them with your own.`,
      saved: `Templates saved: ${sender} members now see them when writing to ${recipient} members.`,
      emptyTitle: 'No templates in this set',
      emptyText: 'Add a template, or bring back the default templates.',
      reset: 'Use the default templates',
      resetDone: 'The default templates are back for this pair.',
    };
  const { name } = scope;
  return {
    custom: `${name}’s ${sender} members writing to its ${recipient} members are offered ${count === 1 ? 'this template' : `these ${count} templates`} first, labelled “${name}”, then the hub’s.`,
    notCustom: `${name} has no templates for this pair: its ${sender} members writing to its ${recipient} members are offered the hub’s templates.`,
    saved: `Templates saved: ${name}’s ${sender} members now see them first when writing to its ${recipient} members.`,
    emptyTitle: `No templates of ${name} for this pair`,
    emptyText: `Add a template: members of ${name} writing to each other see it first, before the hub’s.`,
    reset: `Remove ${name}’s templates`,
    resetDone: `${name}’s templates for this pair are removed: its members are offered the hub’s.`,
  };
}

/** The editor of one sender/recipient pair's templates: the whole set is saved at once. */
function PairEditor(props: {
  scope: TTemplatesScope;
  replace: TReplaceTemplates;
  senderUserTypeId: string;
  recipientUserTypeId: string;
  senderTitle: string;
  recipientTitle: string;
  isCustom: boolean;
  templates: readonly TOutreachTemplateItem[];
}) {
  const { replace } = props;
  const [drafts, setDrafts] = useState<TDraft[]>(() => props.templates.map(draftOf));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = (key: number, changes: Partial<TDraft>) => {
    setDrafts((current) => current.map((d) => (d.key === key ? { ...d, ...changes } : d)));
    setErrors({});
  };
  const pair = { senderUserTypeId: props.senderUserTypeId, recipientUserTypeId: props.recipientUserTypeId };
  const words = wordsOf(props.scope, {
    sender: props.senderTitle,
    recipient: props.recipientTitle,
    count: props.templates.length,
  });

  const save = (templates: Array<{ title: string; body: string }>, message: string) => {
    const parsed = ZPutOutreachTemplatesRequest.safeParse({ ...pair, templates });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
      );
      return;
    }
    replace.mutate(parsed.data, {
      onSuccess: () => notifications.show({ color: 'green', message }),
      onError: (error) => {
        if (isApiError(error)) setErrors(error.fields);
      },
    });
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save(
      drafts.map((d) => ({ title: d.title, body: d.body })),
      words.saved,
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Outreach templates of this pair">
      <Stack gap="md">
        <Text aria-live="polite">{props.isCustom ? words.custom : words.notCustom}</Text>
        {drafts.length === 0 ? <EmptyState title={words.emptyTitle}>{words.emptyText}</EmptyState> : null}
        {drafts.map((draft, index) => {
          const placeholders = findUnfilledPlaceholders(draft.body);
          return (
            <Fieldset key={draft.key} legend={`Template ${index + 1}`}>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                <Stack gap="sm">
                  <TextInput
                    label="Title"
                    description="Shown in the composer’s template list."
                    value={draft.title}
                    onChange={(event) => change(draft.key, { title: event.currentTarget.value })}
                    error={errors[`templates.${index}.title`]}
                    maxLength={100}
                    styles={{ description: { color: 'var(--mantine-color-dark-6)' } }}
                  />
                  <Textarea
                    label="Message"
                    description="Put what each sender must write in brackets, such as [add your goal]: the message cannot be sent until they replace it."
                    value={draft.body}
                    onChange={(event) => change(draft.key, { body: event.currentTarget.value })}
                    error={errors[`templates.${index}.body`]}
                    autosize
                    minRows={4}
                    styles={{ description: { color: 'var(--mantine-color-dark-6)' } }}
                  />
                  <Group>
                    <Button
                      variant="default"
                      onClick={() => setDrafts((current) => current.filter((d) => d.key !== draft.key))}
                    >
                      Remove template {index + 1}
                    </Button>
                  </Group>
                </Stack>
                <Stack gap="xs">
                  <MessagePreview label={`Preview of template ${index + 1}`} text={draft.body} />
                  <Text size="sm" c="dark.6">
                    {placeholders.length === 0
                      ? 'Nothing for the sender to fill in.'
                      : `The sender must replace ${placeholders.join(', ')} before sending.`}
                  </Text>
                </Stack>
              </SimpleGrid>
            </Fieldset>
          );
        })}
        {errors['templates'] ? (
          <Text c="red.8" size="sm">
            {errors['templates']}
          </Text>
        ) : null}
        {replace.isError && !(isApiError(replace.error) && Object.keys(replace.error.fields).length > 0) ? (
          <ErrorAlert error={replace.error} />
        ) : null}
        <Group>
          <Button
            variant="default"
            disabled={drafts.length >= TEMPLATES_MAX}
            onClick={() => setDrafts((current) => [...current, draftOf({ title: '', body: '' })])}
          >
            Add a template
          </Button>
          <Button type="submit" loading={replace.isPending} disabled={drafts.length === 0}>
            Save templates
          </Button>
          {props.isCustom ? (
            <Button variant="default" c="red.9" onClick={() => save([], words.resetDone)}>
              {words.reset}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The outreach templates editor of the hub or of one organisation (spec 6 'Admin templates replace the default
 * outreach templates by user type pair'; spec 6 Organisation admins: templates): choose a sender and a recipient
 * user type, then write that pair's templates.
 */
export function OutreachTemplatesEditor(props: {
  data: TOutreachTemplatesResponse;
  scope: TTemplatesScope;
  replace: TReplaceTemplates;
}) {
  const { data, scope } = props;
  const [senderId, setSenderId] = useState<string | null>(null);
  const [recipientId, setRecipientId] = useState<string | null>(null);
  if (data.userTypes.length === 0)
    return (
      <EmptyState title="This hub has no user types yet">
        Templates are chosen by the sender’s and the recipient’s user type. Add user types first.
      </EmptyState>
    );
  const sender = data.userTypes.find((t) => t.id === senderId) ?? data.userTypes[0];
  const recipient =
    data.userTypes.find((t) => t.id === recipientId) ?? data.userTypes[1] ?? data.userTypes[0];
  if (!sender || !recipient) return null;
  const set = currentSet(data, scope, sender.id, recipient.id);
  const options = data.userTypes.map((t) => ({ value: t.id, label: t.title }));
  const customPairs = data.items.length;
  const owner = scope.kind === 'hub' ? 'this hub' : scope.name;
  return (
    <Stack gap="lg" maw={1100}>
      <Group align="end" gap="md">
        <NativeSelect
          label="Sender’s user type"
          data={options}
          value={sender.id}
          onChange={(event) => setSenderId(event.currentTarget.value)}
        />
        <NativeSelect
          label="Recipient’s user type"
          data={options}
          value={recipient.id}
          onChange={(event) => setRecipientId(event.currentTarget.value)}
        />
      </Group>
      <Text size="sm" c="dark.6">
        {customPairs === 0
          ? scope.kind === 'hub'
            ? 'Every pair offers the default templates today.'
            : `${scope.name} has no templates yet: its members are offered the hub’s.`
          : `${customPairs} ${customPairs === 1 ? 'pair has' : 'pairs have'} templates of ${owner}.`}
      </Text>
      <PairEditor
        key={`${sender.id}:${recipient.id}:${set.isCustom ? set.templates.map((t) => t.id).join(',') : 'default'}`}
        scope={scope}
        replace={props.replace}
        senderUserTypeId={sender.id}
        recipientUserTypeId={recipient.id}
        senderTitle={sender.title}
        recipientTitle={recipient.title}
        isCustom={set.isCustom}
        templates={set.templates}
      />
    </Stack>
  );
}
