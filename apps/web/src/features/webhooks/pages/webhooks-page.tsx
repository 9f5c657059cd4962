import type { TWebhook, TWebhookList } from '@commons/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  CopyButton,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/current-user';
import { mayOpenAnyHub } from '../../../lib/hub-membership';
import { formatDateTime, useViewerTimeZone } from '../../../lib/viewer-time';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRedeliverWebhook,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from '../api/webhooks';

const STATUS_LABELS = { pending: 'Pending', succeeded: 'Delivered', failed: 'Failed' } as const;
const STATUS_COLORS = { pending: 'yellow.9', succeeded: 'teal.9', failed: 'red.9' } as const;

/** The form that adds a webhook; the new secret is shown once, above the list. */
function AddWebhookForm(props: { events: TWebhookList['events']; onCreated: (secret: string) => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      ...(url.trim() === '' ? { url: 'Enter the address that receives the events.' } : {}),
      ...(events.length === 0 ? { events: 'Choose at least one event.' } : {}),
    };
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    create.mutate(
      { url: url.trim(), events: events as TWebhook['events'] },
      {
        onSuccess: (created) => {
          setUrl('');
          setEvents([]);
          props.onCreated(created.secret);
        },
        onError: (error) => {
          if (isApiError(error)) setErrors(error.fields);
        },
      },
    );
  };
  return (
    <Card withBorder component="section" aria-labelledby="add-webhook-title">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3" id="add-webhook-title">
            Add a webhook
          </Title>
          <TextInput
            label="Address (URL)"
            description="A public https:// address of your system. Private and local addresses are refused."
            placeholder="https://example.com/commons-webhooks"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            error={errors.url}
            required
          />
          <Checkbox.Group
            label="Events"
            description="The events this address receives."
            value={events}
            onChange={setEvents}
            error={errors.events}
            required
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
              {props.events.map((e) => (
                <Checkbox key={e.type} value={e.type} label={`${e.type} — ${e.label}`} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Group>
            <Button type="submit" loading={create.isPending}>
              Add webhook
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** A webhook's delivery log with redelivery. */
function Deliveries(props: { webhook: TWebhook }) {
  const timeZone = useViewerTimeZone();
  const log = useWebhookDeliveries(props.webhook.id);
  const redeliver = useRedeliverWebhook();
  if (log.isPending) return <LoadingState label="Loading deliveries…" />;
  if (log.isError) return <ErrorState error={log.error} onRetry={() => void log.refetch()} />;
  const items = log.data.pages.flatMap((page) => page.items);
  if (items.length === 0)
    return <Text c="gray.7">No deliveries yet: they appear here when a chosen event happens.</Text>;
  return (
    <Stack gap="xs">
      <Table.ScrollContainer
        minWidth={760}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={`Deliveries to ${props.webhook.url}`}
      >
        <Table striped withTableBorder verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Event</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Response</Table.Th>
              <Table.Th scope="col">Attempts</Table.Th>
              <Table.Th scope="col">Last attempt</Table.Th>
              <Table.Th scope="col">Next attempt</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>
                  <Code>{d.eventType}</Code>
                </Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLORS[d.status]}>{STATUS_LABELS[d.status]}</Badge>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {d.responseCode ?? '—'}
                  {d.error ? (
                    <Text size="xs" c="gray.7">
                      {d.error}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{d.attempts}</Table.Td>
                <Table.Td>{d.lastAttemptAt ? formatDateTime(d.lastAttemptAt, timeZone) : '—'}</Table.Td>
                <Table.Td>{d.nextAttemptAt ? formatDateTime(d.nextAttemptAt, timeZone) : '—'}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={!props.webhook.isEnabled}
                    loading={redeliver.isPending && redeliver.variables.deliveryId === d.id}
                    onClick={() =>
                      redeliver.mutate(
                        { id: props.webhook.id, deliveryId: d.id },
                        { onSuccess: () => notifications.show({ message: 'Sent again.' }) },
                      )
                    }
                    aria-label={`Redeliver ${d.eventType} of ${formatDateTime(d.createdAt, timeZone)}`}
                  >
                    Redeliver
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {log.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => void log.fetchNextPage()}
          loading={log.isFetchingNextPage}
          style={{ alignSelf: 'flex-start' }}
        >
          Show older deliveries
        </Button>
      ) : null}
    </Stack>
  );
}

/** One webhook: address, events, on or off, its deliveries. */
function WebhookCard(props: { webhook: TWebhook }) {
  const { webhook } = props;
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const [isShowingDeliveries, setIsShowingDeliveries] = useState(false);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const toggle = () =>
    update.mutate(
      { id: webhook.id, body: { isEnabled: !webhook.isEnabled } },
      { onError: (error) => notifications.show({ color: 'red', message: errorText(error) }) },
    );
  return (
    <Card withBorder component="li" aria-label={webhook.url}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {webhook.url}
          </Text>
          <Badge color={webhook.isEnabled ? 'teal.9' : 'gray.8'}>{webhook.isEnabled ? 'On' : 'Off'}</Badge>
        </Group>
        {webhook.disabledReason ? (
          <Alert color="red" variant="outline" title="Turned off">
            {webhook.disabledReason} Fix the receiver, turn the webhook on and redeliver what it missed.
          </Alert>
        ) : null}
        <Group gap={6}>
          {webhook.events.map((e) => (
            <Code key={e}>{e}</Code>
          ))}
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            onClick={() => setIsShowingDeliveries((v) => !v)}
            aria-expanded={isShowingDeliveries}
          >
            {isShowingDeliveries ? 'Hide deliveries' : 'Show deliveries'}
          </Button>
          <Button size="xs" variant="default" onClick={toggle} loading={update.isPending}>
            {webhook.isEnabled ? 'Turn off' : 'Turn on'}
          </Button>
          {isConfirmingDelete ? (
            <>
              <Button
                size="xs"
                color="red"
                loading={remove.isPending}
                onClick={() => remove.mutate(webhook.id)}
              >
                Delete for good
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setIsConfirmingDelete(false)}>
                Keep it
              </Button>
            </>
          ) : (
            <Button size="xs" variant="subtle" color="red" onClick={() => setIsConfirmingDelete(true)}>
              Delete
            </Button>
          )}
        </Group>
        {isShowingDeliveries ? <Deliveries webhook={webhook} /> : null}
      </Stack>
    </Card>
  );
}

/**
 * {hubPath}/site-admin/webhooks (issue #23 item 3; spec 6 webhook-settings): cluster and super admins send the
 * cluster's events to their own systems. Each delivery is signed (Standard Webhooks) with the secret shown once,
 * retried for 24 hours and logged with its response code.
 */
export function WebhooksPage() {
  usePageTitle('Webhooks');
  const me = useCurrentUser();
  const isAllowed = me.data !== undefined && mayOpenAnyHub(me.data);
  const webhooks = useWebhooks(isAllowed);
  const [secret, setSecret] = useState<string | null>(null);
  if (me.data === undefined) return <LoadingState />;
  if (!isAllowed)
    return (
      <EmptyState title="Only cluster admins can manage webhooks">
        Ask a cluster admin of your community to set one up.
      </EmptyState>
    );
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Webhooks</Title>
        <Text c="gray.7">
          Send your community&apos;s events to your own systems. Every delivery is signed in the Standard
          Webhooks format (webhook-id, webhook-timestamp, webhook-signature) and retried for 24 hours; a
          webhook that keeps failing is turned off and the cluster admins are emailed.
        </Text>
      </Stack>
      {secret ? (
        <Alert color="blue.8" variant="outline" title="Your signing secret" role="status">
          <Stack gap="xs">
            <Text size="sm">
              Copy it now: it is shown only this once. Your receiver verifies each delivery with it.
            </Text>
            <Code
              block
              style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
              data-testid="webhook-secret"
            >
              {secret}
            </Code>
            <Group gap="xs">
              <CopyButton value={secret}>
                {({ copied, copy }) => (
                  <Button size="xs" onClick={copy}>
                    {copied ? 'Copied' : 'Copy secret'}
                  </Button>
                )}
              </CopyButton>
              <Button size="xs" variant="default" onClick={() => setSecret(null)}>
                I saved it
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {webhooks.isPending ? (
        <LoadingState label="Loading webhooks…" />
      ) : webhooks.isError ? (
        <ErrorState error={webhooks.error} onRetry={() => void webhooks.refetch()} />
      ) : (
        <>
          <AddWebhookForm events={webhooks.data.events} onCreated={setSecret} />
          <Stack gap="sm" component="section" aria-labelledby="webhooks-list-title">
            <Title order={2} size="h3" id="webhooks-list-title">
              Your webhooks
            </Title>
            {webhooks.data.items.length === 0 ? (
              <EmptyState title="No webhooks yet">Add one above to start sending events.</EmptyState>
            ) : (
              <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {webhooks.data.items.map((w) => (
                  <WebhookCard key={w.id} webhook={w} />
                ))}
              </Stack>
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
