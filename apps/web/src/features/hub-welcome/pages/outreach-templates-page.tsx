import {
  ZPutOutreachTemplatesRequest,
  type TOutreachTemplateItem,
  type TOutreachTemplatesResponse,
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
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { useOutreachTemplates, useReplaceOutreachTemplates } from '../api/hub-welcome-api';
import { AdminScreen } from '../components/admin-screen';
import { MessagePreview } from '../components/message-preview';

/** Most templates one pair may have (the contract's limit). */
const TEMPLATES_MAX = 10;

type TDraft = { key: number; title: string; body: string };

let nextKey = 1;
const draftOf = (template: Pick<TOutreachTemplateItem, 'title' | 'body'>): TDraft => ({
  key: nextKey++,
  title: template.title,
  body: template.body,
});

/** The templates a pair offers today: the hub's own set, else the defaults of the sender's style (spec 9). */
function currentSet(data: TOutreachTemplatesResponse, senderId: string, recipientId: string) {
  const custom = data.items.find(
    (set) => set.senderUserTypeId === senderId && set.recipientUserTypeId === recipientId,
  );
  if (custom) return { isCustom: true, templates: custom.templates };
  const isStudentStyle = data.userTypes.find((type) => type.id === senderId)?.isStudentStyle ?? false;
  return { isCustom: false, templates: isStudentStyle ? data.defaults.student : data.defaults.alumni };
}

/** The editor of one sender/recipient pair's templates: the whole set is saved at once. */
function PairEditor(props: {
  hubIdentifier: string;
  senderUserTypeId: string;
  recipientUserTypeId: string;
  senderTitle: string;
  recipientTitle: string;
  isCustom: boolean;
  templates: readonly TOutreachTemplateItem[];
}) {
  const replace = useReplaceOutreachTemplates(props.hubIdentifier);
  const [drafts, setDrafts] = useState<TDraft[]>(() => props.templates.map(draftOf));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = (key: number, changes: Partial<TDraft>) => {
    setDrafts((current) => current.map((d) => (d.key === key ? { ...d, ...changes } : d)));
    setErrors({});
  };
  const pair = { senderUserTypeId: props.senderUserTypeId, recipientUserTypeId: props.recipientUserTypeId };

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
      `Templates saved: ${props.senderTitle} members now see them when writing to ${props.recipientTitle} members.`,
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Outreach templates of this pair">
      <Stack gap="md">
        <Text aria-live="polite">
          {props.isCustom
            ? `${props.senderTitle} members writing to ${props.recipientTitle} members are offered this hub’s ${props.templates.length === 1 ? 'template' : `${props.templates.length} templates`}.`
            : `${props.senderTitle} members writing to ${props.recipientTitle} members are offered the default templates below. Save to replace them with your own.`}
        </Text>
        {drafts.length === 0 ? (
          <EmptyState title="No templates in this set">
            Add a template, or bring back the default templates.
          </EmptyState>
        ) : null}
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
            <Button
              variant="default"
              c="red.9"
              onClick={() => save([], 'The default templates are back for this pair.')}
            >
              Use the default templates
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

/**
 * {hubPath}/site-admin/templates (issue #22 item 1; spec 6 'Admin templates replace the default outreach templates
 * by user type pair'; spec 9 Outreach templates): hub admins with the templates right choose a sender and a
 * recipient user type and write the templates the message composer offers that pair instead of the defaults.
 */
export function OutreachTemplatesPage() {
  const { identifier = '' } = useParams();
  const query = useOutreachTemplates(identifier);
  const [senderId, setSenderId] = useState<string | null>(null);
  const [recipientId, setRecipientId] = useState<string | null>(null);
  return (
    <AdminScreen
      title="Outreach templates"
      intro="The message templates members start from when they write to someone new, per pair of user types. A pair without templates of its own offers the defaults."
      rightName="templates"
      query={query}
    >
      {() => {
        const data = query.data;
        if (!data) return null;
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
        const set = currentSet(data, sender.id, recipient.id);
        const options = data.userTypes.map((t) => ({ value: t.id, label: t.title }));
        const customPairs = data.items.length;
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
                ? 'Every pair offers the default templates today.'
                : `${customPairs} ${customPairs === 1 ? 'pair has' : 'pairs have'} templates of this hub.`}
            </Text>
            <PairEditor
              key={`${sender.id}:${recipient.id}:${set.isCustom ? set.templates.map((t) => t.id).join(',') : 'default'}`}
              hubIdentifier={identifier}
              senderUserTypeId={sender.id}
              recipientUserTypeId={recipient.id}
              senderTitle={sender.title}
              recipientTitle={recipient.title}
              isCustom={set.isCustom}
              templates={set.templates}
            />
          </Stack>
        );
      }}
    </AdminScreen>
  );
}
