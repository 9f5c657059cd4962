import type { TAuditLogEntry } from '@commons/contract';
import { Button, Code, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { useCurrentUser } from '../../../lib/current-user';
import { mayOpenAnyHub } from '../../../lib/hub-membership';
import { formatDateTime, useViewerTimeZone } from '../../../lib/viewer-time';
import { downloadAuditLogCsv, useAuditLog, type TAuditLogFilters } from '../api/audit-log';

const NO_FILTERS: TAuditLogFilters = { hub: '', action: '', from: '', to: '' };

/** What changed, as the entry recorded it (before/after where the action keeps them). */
function Details(props: { data: TAuditLogEntry['data'] }) {
  if (Object.keys(props.data).length === 0)
    return (
      <Text size="sm" c="gray.7">
        —
      </Text>
    );
  return (
    <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: 420 }}>
      {JSON.stringify(props.data, null, 1)}
    </Code>
  );
}

/**
 * {hubPath}/site-admin/audit-log (issue #22 item 7): the cluster's audit log for cluster and super admins: who
 * did what, to what, from where and when, newest first, filtered by hub, action and days, exported as CSV.
 */
export function AuditLogPage() {
  usePageTitle('Audit log');
  const me = useCurrentUser();
  const timeZone = useViewerTimeZone();
  const [draft, setDraft] = useState<TAuditLogFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<TAuditLogFilters>(NO_FILTERS);
  const [isExporting, setIsExporting] = useState(false);
  const isAllowed = me.data !== undefined && mayOpenAnyHub(me.data);
  const log = useAuditLog(filters, isAllowed);
  if (me.data === undefined) return <LoadingState />;
  if (!isAllowed)
    return (
      <EmptyState title="Only cluster admins can read the audit log">
        Ask a cluster admin of your community for what you need to know.
      </EmptyState>
    );
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  const hubs = log.data?.pages[0]?.hubs ?? [];
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  const exportCsv = () => {
    setIsExporting(true);
    downloadAuditLogCsv(filters)
      .catch((error: unknown) => notifications.show({ color: 'red', message: errorText(error) }))
      .finally(() => setIsExporting(false));
  };
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Audit log</Title>
        <Text c="gray.7">
          Every admin action and account change in your community, newest first. Entries cannot be changed or
          removed.
        </Text>
      </Stack>
      <form onSubmit={onSubmit} aria-label="Audit log filters">
        <Group align="flex-end" gap="sm">
          <Select
            label="Hub"
            data={[
              { value: '', label: 'All hubs' },
              ...hubs.map((h) => ({ value: h.identifier, label: h.name })),
            ]}
            value={draft.hub ?? ''}
            onChange={(value) => setDraft({ ...draft, hub: value ?? '' })}
            allowDeselect={false}
            w={{ base: '100%', sm: 220 }}
          />
          <TextInput
            label="Action starts with"
            placeholder="e.g. advising."
            value={draft.action ?? ''}
            onChange={(event) => setDraft({ ...draft, action: event.currentTarget.value })}
            w={{ base: '100%', sm: 200 }}
          />
          <TextInput
            type="date"
            label="From"
            value={draft.from ?? ''}
            onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
            w={{ base: '47%', sm: 160 }}
          />
          <TextInput
            type="date"
            label="To"
            value={draft.to ?? ''}
            onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
            w={{ base: '47%', sm: 160 }}
          />
          <Button type="submit">Show entries</Button>
          <Button variant="outline" onClick={exportCsv} loading={isExporting}>
            Export CSV
          </Button>
        </Group>
      </form>
      {log.isPending ? (
        <LoadingState label="Loading the audit log…" />
      ) : log.isError ? (
        <ErrorState error={log.error} onRetry={() => void log.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState title="No entries match these filters" />
      ) : (
        <Stack gap="sm">
          {/* Native scrolling on a focusable region, so keyboard users can scroll the table on a phone. */}
          <Table.ScrollContainer
            minWidth={900}
            type="native"
            tabIndex={0}
            role="region"
            aria-label="Audit log entries"
          >
            <Table striped withTableBorder verticalSpacing="xs" aria-busy={log.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">When</Table.Th>
                  <Table.Th scope="col">Who</Table.Th>
                  <Table.Th scope="col">Action</Table.Th>
                  <Table.Th scope="col">Hub</Table.Th>
                  <Table.Th scope="col">Target</Table.Th>
                  <Table.Th scope="col">Details</Table.Th>
                  <Table.Th scope="col">IP</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at, timeZone)}</Table.Td>
                    <Table.Td>
                      {entry.actor ? (
                        <Stack gap={0}>
                          <Text size="sm">{entry.actor.fullName}</Text>
                          <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                            {entry.actor.email}
                          </Text>
                          {entry.actingAs ? (
                            <Text size="xs" fw={600} style={{ overflowWrap: 'anywhere' }}>
                              acting as {entry.actingAs.fullName} ({entry.actingAs.email})
                            </Text>
                          ) : null}
                        </Stack>
                      ) : (
                        <Text size="sm" c="gray.7">
                          System
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Code>{entry.action}</Code>
                    </Table.Td>
                    <Table.Td>{entry.hub?.name ?? '—'}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {entry.targetType ? `${entry.targetType} ${entry.targetId ?? ''}` : '—'}
                    </Table.Td>
                    <Table.Td>
                      <Details data={entry.data} />
                    </Table.Td>
                    <Table.Td>{entry.ip ?? '—'}</Table.Td>
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
              Show older entries
            </Button>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
