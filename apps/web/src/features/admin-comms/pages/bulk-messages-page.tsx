import {
  BULK_CHANNEL_LABELS,
  type TBulkChannel,
  type TBulkMessageSummary,
  type TBulkPreview,
} from '@commons/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { RichTextEditor, RichTextView } from '../../../components/rich-text-editor';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime, useViewerTimeZone } from '../../../lib/viewer-time';
import {
  useAudienceOptions,
  useBulkMessages,
  useCancelBulkMessage,
  useCreateBulkMessage,
  usePreviewBulkMessage,
} from '../api/bulk-messages';
import { READABLE_ALERT_TITLE } from '../../../components/readable-alert-title';

type TDraft = {
  channel: TBulkChannel;
  subject: string;
  body: string;
  userTypeIds: string[];
  groupIds: string[];
  when: 'now' | 'later';
  sendAt: string;
};

/**
 * {hubPath}/site-admin/messages (issue #22 item 3): admins holding bulk-emails or announcements (spec 6) write a
 * message for user types or groups, preview it with its reach, send it now or schedule it, and follow each
 * message's delivery counts. Members who unsubscribed get no bulk email; announcements reach members in the app.
 */
export function BulkMessagesPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Bulk emails and announcements');
  const list = useBulkMessages(identifier);
  const heading = (
    <Stack gap={4}>
      <Title order={1}>Bulk emails and announcements</Title>
      <Text c="gray.7">
        Write to members by user type or group. Emails carry an unsubscribe link and never reach members who
        used it; announcements appear in members’ notifications and on their announcements page.
      </Text>
    </Stack>
  );
  if (list.isPending) return <LoadingState label="Loading messages…" />;
  if (list.isError)
    return (
      <Stack>
        {heading}
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      </Stack>
    );
  const channels = list.data.pages[0]?.channels ?? [];
  const items = list.data.pages.flatMap((p) => p.items);
  return (
    <Stack gap="lg">
      {heading}
      {channels.length > 0 ? <ComposeForm hubIdentifier={identifier} channels={channels} /> : null}
      <Title order={2} size="h3">
        Sent and scheduled
      </Title>
      {items.length === 0 ? (
        <EmptyState title="No messages yet">
          Messages you send or schedule appear here with their delivery counts.
        </EmptyState>
      ) : (
        <MessageTable hubIdentifier={identifier} items={items} />
      )}
      {list.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => void list.fetchNextPage()}
          loading={list.isFetchingNextPage}
          style={{ alignSelf: 'flex-start' }}
        >
          Show older messages
        </Button>
      ) : null}
    </Stack>
  );
}

function ComposeForm(props: { hubIdentifier: string; channels: TBulkChannel[] }) {
  const first = props.channels[0] ?? 'email';
  const empty: TDraft = {
    channel: first,
    subject: '',
    body: '',
    userTypeIds: [],
    groupIds: [],
    when: 'now',
    sendAt: '',
  };
  const [draft, setDraft] = useState<TDraft>(empty);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [preview, setPreview] = useState<TBulkPreview | null>(null);
  const [editorKey, setEditorKey] = useState(0);
  const options = useAudienceOptions(props.hubIdentifier);
  const previewing = usePreviewBulkMessage(props.hubIdentifier);
  const create = useCreateBulkMessage(props.hubIdentifier);
  const payload = () => ({
    channel: draft.channel,
    subject: draft.subject,
    body: draft.body,
    audience: { userTypeIds: draft.userTypeIds, groupIds: draft.groupIds },
  });
  const showError = (error: unknown) => {
    if (isApiError(error)) {
      setFields(error.fields);
      setFormError(
        Object.keys(error.fields).length === 0
          ? (error.userMessage ?? error.message)
          : 'Please check the fields marked above.',
      );
    } else setFormError(errorText(error));
  };
  const handlePreview = () => {
    setFields({});
    setFormError(null);
    if (draft.when === 'later' && draft.sendAt === '') {
      setFields({ sendAt: 'Choose when to send it.' });
      return;
    }
    previewing.mutate(payload(), { onSuccess: setPreview, onError: showError });
  };
  const handleSend = () => {
    create.mutate(
      { ...payload(), sendAt: draft.when === 'later' ? new Date(draft.sendAt).toISOString() : null },
      {
        onSuccess: (message) => {
          setPreview(null);
          setDraft(empty);
          setEditorKey((k) => k + 1);
          notifications.show({
            color: 'green',
            message:
              message.status === 'scheduled'
                ? `“${message.subject}” is scheduled.`
                : `“${message.subject}” was sent to ${message.counts.recipients} members.`,
          });
        },
        onError: (error) => {
          setPreview(null);
          showError(error);
        },
      },
    );
  };
  const audienceEmpty = draft.userTypeIds.length === 0 && draft.groupIds.length === 0;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="compose-heading">
      <Stack>
        <Title order={2} size="h3" id="compose-heading">
          New message
        </Title>
        {props.channels.length > 1 ? (
          <Radio.Group
            label="Send as"
            value={draft.channel}
            onChange={(value) => setDraft({ ...draft, channel: value as TBulkChannel })}
          >
            <Group mt={4}>
              {props.channels.map((c) => (
                <Radio key={c} value={c} label={BULK_CHANNEL_LABELS[c]} />
              ))}
            </Group>
          </Radio.Group>
        ) : (
          <Text size="sm">Send as: {BULK_CHANNEL_LABELS[first]}</Text>
        )}
        <TextInput
          label="Subject"
          required
          maxLength={200}
          value={draft.subject}
          onChange={(event) => setDraft({ ...draft, subject: event.currentTarget.value })}
          error={fields.subject}
        />
        <RichTextEditor
          key={editorKey}
          label="Message"
          value={draft.body}
          onChange={(body) => setDraft((d) => ({ ...d, body }))}
          error={fields.body ?? null}
          isRequired
        />
        <Group grow align="flex-start" wrap="wrap">
          <MultiSelect
            label="User types"
            placeholder={draft.userTypeIds.length === 0 ? 'Any user type' : undefined}
            data={(options.data?.userTypes ?? []).map((t) => ({ value: t.id, label: t.title }))}
            value={draft.userTypeIds}
            onChange={(userTypeIds) => setDraft({ ...draft, userTypeIds })}
            error={fields['audience.userTypeIds']}
            searchable
            miw={220}
          />
          <MultiSelect
            label="Groups and programs"
            placeholder={draft.groupIds.length === 0 ? 'Any group' : undefined}
            data={(options.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
            value={draft.groupIds}
            onChange={(groupIds) => setDraft({ ...draft, groupIds })}
            error={fields['audience.groupIds']}
            searchable
            miw={220}
          />
        </Group>
        <Text size="sm" c="gray.7">
          {audienceEmpty
            ? 'Goes to every approved member of the hub.'
            : 'Goes to members of any chosen user type or group.'}
        </Text>
        <Radio.Group
          label="When"
          value={draft.when}
          onChange={(value) => setDraft({ ...draft, when: value === 'later' ? 'later' : 'now' })}
        >
          <Group mt={4}>
            <Radio value="now" label="Send now" />
            <Radio value="later" label="Schedule" />
          </Group>
        </Radio.Group>
        {draft.when === 'later' ? (
          <TextInput
            type="datetime-local"
            label="Send at (your time)"
            value={draft.sendAt}
            onChange={(event) => setDraft({ ...draft, sendAt: event.currentTarget.value })}
            error={fields.sendAt}
            w={{ base: '100%', sm: 260 }}
          />
        ) : null}
        {formError === null ? null : (
          <Text c="red.9" size="sm" role="alert">
            {formError}
          </Text>
        )}
        <Group>
          <Button onClick={handlePreview} loading={previewing.isPending}>
            Preview
          </Button>
        </Group>
      </Stack>
      <Modal opened={preview !== null} onClose={() => setPreview(null)} title="Preview" size="lg">
        {preview ? (
          <Stack>
            <Text size="sm" c="gray.7">
              {BULK_CHANNEL_LABELS[draft.channel]} ·{' '}
              {draft.when === 'later' && draft.sendAt
                ? `scheduled for ${draft.sendAt.replace('T', ' ')}`
                : 'sent now'}
            </Text>
            <Title order={3} size="h4">
              {preview.subject}
            </Title>
            <Paper withBorder p="sm">
              <RichTextView html={preview.html} />
            </Paper>
            <Alert
              color="blue"
              title={`Goes to ${preview.recipientCount} members`}
              styles={READABLE_ALERT_TITLE}
            >
              {preview.unsubscribedCount > 0
                ? `${preview.unsubscribedCount} more in the audience unsubscribed from bulk emails and are left out.`
                : 'No one in the audience is left out.'}
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPreview(null)}>
                Keep editing
              </Button>
              <Button onClick={handleSend} loading={create.isPending} disabled={preview.recipientCount === 0}>
                {draft.when === 'later' ? 'Schedule' : `Send to ${preview.recipientCount}`}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Paper>
  );
}

function statusOf(item: TBulkMessageSummary, timeZone: string): string {
  if (item.status === 'cancelled') return 'Cancelled';
  if (item.status === 'scheduled') return `Scheduled for ${formatDateTime(item.scheduledAt, timeZone)}`;
  return `Sent ${formatDateTime(item.sentAt ?? item.scheduledAt, timeZone)}`;
}

function MessageTable(props: { hubIdentifier: string; items: TBulkMessageSummary[] }) {
  const timeZone = useViewerTimeZone();
  const cancel = useCancelBulkMessage(props.hubIdentifier);
  return (
    <Table.ScrollContainer
      minWidth={860}
      type="native"
      tabIndex={0}
      role="region"
      aria-label="Sent and scheduled messages"
    >
      <Table striped withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Subject</Table.Th>
            <Table.Th scope="col">Type</Table.Th>
            <Table.Th scope="col">Audience</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Recipients</Table.Th>
            <Table.Th scope="col">Queued</Table.Th>
            <Table.Th scope="col">Sent</Table.Th>
            <Table.Th scope="col">Failed</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.items.map((item) => (
            <Table.Tr key={item.id} data-testid={`bulk-message-${item.id}`}>
              <Table.Th scope="row">{item.subject}</Table.Th>
              <Table.Td>
                <Badge variant="light" color={item.channel === 'email' ? 'blue' : 'grape'} c="dark.8">
                  {BULK_CHANNEL_LABELS[item.channel]}
                </Badge>
              </Table.Td>
              <Table.Td>
                {item.audienceLabels.length === 0 ? 'Everyone' : item.audienceLabels.join(', ')}
              </Table.Td>
              <Table.Td>{statusOf(item, timeZone)}</Table.Td>
              <Table.Td>
                {item.counts.recipients}
                {item.counts.unsubscribed > 0 ? (
                  <Text size="xs" c="gray.7">
                    {item.counts.unsubscribed} unsubscribed
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{item.counts.queued}</Table.Td>
              <Table.Td>{item.counts.sent}</Table.Td>
              <Table.Td>{item.counts.failed}</Table.Td>
              <Table.Td>
                {item.can.cancel ? (
                  <Button
                    size="xs"
                    variant="outline"
                    color="red.9"
                    loading={cancel.isPending && cancel.variables === item.id}
                    aria-label={`Cancel ${item.subject}`}
                    onClick={() =>
                      cancel.mutate(item.id, {
                        onSuccess: () => notifications.show({ message: `“${item.subject}” was cancelled.` }),
                      })
                    }
                  >
                    Cancel
                  </Button>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
