import {
  APPROVAL_KIND_RIGHTS,
  APPROVAL_KINDS,
  BULK_APPROVAL_MAX,
  type TApprovalKind,
  type TBulkApprovalResponse,
  type TPendingApprovalItem,
} from '@commons/contract';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { usePageTitle } from '../../../components/use-page-title';
import { useCurrentUser } from '../../../lib/current-user';
import { findMembership } from '../../../lib/hub-membership';
import { formatInZone, useViewerTimeZone } from '../../../lib/viewer-time';
import { useBulkDecision, usePendingApprovals, type TApprovalFilters } from '../api/admin-approvals';
import { READABLE_ALERT_TITLE } from '../../../components/readable-alert-title';

const KIND_LABELS: Record<TApprovalKind, { tab: string; noun: string; empty: string }> = {
  users: { tab: 'Members', noun: 'members', empty: 'New requests to join appear here.' },
  'job-posts': {
    tab: 'Job posts',
    noun: 'job posts',
    empty: 'Jobs and projects waiting for review appear here.',
  },
  questions: { tab: 'Questions', noun: 'questions', empty: 'Questions waiting for approval appear here.' },
  events: { tab: 'Events', noun: 'events', empty: 'Events members propose appear here.' },
};

type TDecision = 'approve' | 'reject';
type TOutcome = { title: string; outcome: 'done' | 'skipped'; message: string };

function isKind(value: string | null): value is TApprovalKind {
  return (APPROVAL_KINDS as readonly string[]).includes(value ?? '');
}

/**
 * {hubPath}/site-admin/approvals (issue #22 item 2): one page for members waiting to join, job posts, questions
 * and events waiting for review, a tab per kind the admin holds the right for (spec 6), with search, day
 * filters and bulk approve or reject after a confirmation, each item's result listed.
 */
export function ApprovalsPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Approvals');
  const me = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const membership = me.data === undefined ? undefined : findMembership(me.data, identifier);
  const isPlatformAdmin = me.data?.isAdmin === true || me.data?.isClusterAdmin === true;
  const kinds = APPROVAL_KINDS.filter(
    (kind) => isPlatformAdmin || membership?.accessRights.includes(APPROVAL_KIND_RIGHTS[kind]) === true,
  );
  const requested = params.get('kind');
  const kind = isKind(requested) && kinds.includes(requested) ? requested : kinds[0];

  const heading = (
    <Stack gap={4}>
      <Title order={1}>Approvals</Title>
      <Text c="gray.7">
        Members, job posts, questions and events waiting for a decision. Whoever submitted one is told either
        way.
      </Text>
    </Stack>
  );
  if (me.isPending) return <LoadingState />;
  if (kind === undefined) {
    return (
      <Stack>
        {heading}
        <EmptyState title="You cannot approve anything here">
          Approving needs one of the rights approve users, approve job posts, approve questions or approve
          events in this hub.
        </EmptyState>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {heading}
      <Tabs
        value={kind}
        onChange={(value) => {
          if (isKind(value)) setParams({ kind: value }, { replace: true });
        }}
      >
        <Tabs.List aria-label="What to review">
          {kinds.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {KIND_LABELS[k].tab}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {kinds.map((k) => (
          <Tabs.Panel key={k} value={k} pt="md">
            {k === kind ? <KindPanel key={k} hubIdentifier={identifier} kind={k} /> : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

/** The filters, list and bulk actions of one kind. */
function KindPanel(props: { hubIdentifier: string; kind: TApprovalKind }) {
  const { hubIdentifier, kind } = props;
  const timeZone = useViewerTimeZone();
  const empty: TApprovalFilters = { kind, q: '', from: '', to: '' };
  const [draft, setDraft] = useState<TApprovalFilters>(empty);
  const [filters, setFilters] = useState<TApprovalFilters>(empty);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<TDecision | null>(null);
  const [outcomes, setOutcomes] = useState<{ decision: TDecision; rows: TOutcome[] } | null>(null);
  const list = usePendingApprovals(hubIdentifier, filters, true);
  const decide = useBulkDecision(hubIdentifier);
  const labels = KIND_LABELS[kind];
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const titles = new Map(items.map((item) => [item.id, item.title]));
  const chosen = items.filter((item) => selected.has(item.id)).map((item) => item.id);
  const isAllChosen = items.length > 0 && chosen.length === items.length;

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const run = (decision: TDecision, ids: string[], options: { isSingle: boolean }) => {
    decide.mutate(
      { kind, decision, ids },
      {
        onSuccess: (response: TBulkApprovalResponse) => {
          setSelected(new Set());
          setConfirming(null);
          const rows = response.results.map((r) => ({
            title: titles.get(r.id) ?? r.id,
            outcome: r.outcome,
            message: r.message,
          }));
          if (options.isSingle && rows[0]?.outcome === 'done') {
            notifications.show({
              color: decision === 'approve' ? 'green' : 'gray',
              message: `${rows[0].title} was ${decision === 'approve' ? 'approved' : 'rejected'}.`,
            });
            setOutcomes(null);
          } else setOutcomes({ decision, rows });
        },
        onError: (error) => {
          setConfirming(null);
          notifications.show({ color: 'red', message: errorText(error) });
        },
      },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSelected(new Set());
    setFilters(draft);
  };

  return (
    <Stack gap="md">
      <form onSubmit={onSubmit} aria-label={`Filter ${labels.noun}`}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Search"
            placeholder={kind === 'users' ? 'Name or email' : 'Title or name'}
            value={draft.q}
            onChange={(event) => setDraft({ ...draft, q: event.currentTarget.value })}
            w={{ base: '100%', sm: 240 }}
          />
          <TextInput
            type="date"
            label="Submitted from"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
            w={{ base: '47%', sm: 170 }}
          />
          <TextInput
            type="date"
            label="Submitted to"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
            w={{ base: '47%', sm: 170 }}
          />
          <Button type="submit">Apply filters</Button>
        </Group>
      </form>

      {outcomes ? (
        <Alert
          color={outcomes.rows.some((r) => r.outcome === 'skipped') ? 'yellow' : 'green'}
          styles={READABLE_ALERT_TITLE}
          title={`${outcomes.rows.filter((r) => r.outcome === 'done').length} ${
            outcomes.decision === 'approve' ? 'approved' : 'rejected'
          }, ${outcomes.rows.filter((r) => r.outcome === 'skipped').length} skipped`}
          withCloseButton
          closeButtonLabel="Dismiss the results"
          onClose={() => setOutcomes(null)}
          role="status"
          data-testid="bulk-results"
        >
          <List size="sm">
            {outcomes.rows.map((row, index) => (
              <List.Item key={`${row.title}-${index}`}>
                {row.title}: {row.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}

      {list.isPending ? (
        <LoadingState label={`Loading ${labels.noun}…`} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={`No ${labels.noun} are waiting`}>{labels.empty}</EmptyState>
      ) : (
        <Stack gap="sm">
          <Group gap="sm" wrap="wrap">
            <Checkbox
              label={`Select all ${items.length} shown`}
              checked={isAllChosen}
              indeterminate={chosen.length > 0 && !isAllChosen}
              onChange={() => setSelected(isAllChosen ? new Set() : new Set(items.map((i) => i.id)))}
            />
            <Button
              size="sm"
              disabled={chosen.length === 0 || chosen.length > BULK_APPROVAL_MAX}
              onClick={() => setConfirming('approve')}
            >
              Approve selected ({chosen.length})
            </Button>
            <Button
              size="sm"
              variant="outline"
              color="red.9"
              disabled={chosen.length === 0 || chosen.length > BULK_APPROVAL_MAX}
              onClick={() => setConfirming('reject')}
            >
              Reject selected ({chosen.length})
            </Button>
            {chosen.length > BULK_APPROVAL_MAX ? (
              <Text size="sm" c="red.9">
                Select at most {BULK_APPROVAL_MAX} at a time.
              </Text>
            ) : null}
          </Group>
          {/* A table from 'sm' up; on a phone one card per item, so the buttons never leave the screen. */}
          <Table striped withTableBorder visibleFrom="sm" aria-busy={list.isFetching}>
            <Table.Caption>{`${labels.tab} waiting for approval`}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">
                  <VisuallyHidden>Select</VisuallyHidden>
                </Table.Th>
                <Table.Th scope="col">{kind === 'users' ? 'Name' : 'Title'}</Table.Th>
                <Table.Th scope="col">Details</Table.Th>
                {kind === 'users' ? null : <Table.Th scope="col">Submitted by</Table.Th>}
                <Table.Th scope="col">Submitted</Table.Th>
                <Table.Th scope="col">Decision</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${item.title}`}
                      checked={selected.has(item.id)}
                      onChange={() => toggle(item.id)}
                    />
                  </Table.Td>
                  <Table.Th scope="row">
                    <ItemTitle item={item} />
                  </Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.detail}</Table.Td>
                  {kind === 'users' ? null : <Table.Td>{item.submittedBy ?? '—'}</Table.Td>}
                  <Table.Td>{formatInZone(item.submittedAt, 'medium', timeZone)}</Table.Td>
                  <Table.Td>
                    <DecisionButtons
                      item={item}
                      isBusy={decide.isPending}
                      onDecide={(decision) => run(decision, [item.id], { isSingle: true })}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack component="ul" hiddenFrom="sm" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {items.map((item) => (
              <Paper component="li" key={item.id} withBorder p="md" radius="md">
                <Stack gap={4}>
                  <Checkbox
                    label={<ItemTitle item={item} />}
                    checked={selected.has(item.id)}
                    onChange={() => toggle(item.id)}
                  />
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {item.detail}
                  </Text>
                  <Text size="sm" c="gray.7">
                    {kind === 'users' ? 'Requested' : `By ${item.submittedBy ?? 'a former member'} ·`}{' '}
                    {formatInZone(item.submittedAt, 'medium', timeZone)}
                  </Text>
                  <DecisionButtons
                    item={item}
                    isBusy={decide.isPending}
                    onDecide={(decision) => run(decision, [item.id], { isSingle: true })}
                  />
                </Stack>
              </Paper>
            ))}
          </Stack>
          {list.hasNextPage ? (
            <Group justify="center">
              <Button
                variant="outline"
                onClick={() => void list.fetchNextPage()}
                loading={list.isFetchingNextPage}
              >
                Load more
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}

      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={`${confirming === 'reject' ? 'Reject' : 'Approve'} ${chosen.length} ${labels.noun}?`}
      >
        <Stack>
          <Text>
            {confirming === 'reject'
              ? 'Each one is rejected and whoever submitted it is told.'
              : 'Each one is approved and whoever submitted it is told.'}
          </Text>
          <List size="sm">
            {chosen.map((id) => (
              <List.Item key={id}>{titles.get(id)}</List.Item>
            ))}
          </List>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              color={confirming === 'reject' ? 'red.9' : undefined}
              loading={decide.isPending}
              onClick={() => confirming && run(confirming, chosen, { isSingle: false })}
            >
              {confirming === 'reject' ? `Reject ${chosen.length}` : `Approve ${chosen.length}`}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The item's name, a link to read it in full where it has a page. */
function ItemTitle({ item }: { item: TPendingApprovalItem }) {
  if (item.link === null)
    return (
      <Text fw={600} span>
        {item.title}
      </Text>
    );
  return (
    <Anchor component={Link} to={item.link} fw={600}>
      {item.title}
    </Anchor>
  );
}

/** Approve and Reject for one waiting item, named for screen readers. */
function DecisionButtons(props: {
  item: TPendingApprovalItem;
  isBusy: boolean;
  onDecide: (decision: TDecision) => void;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        disabled={props.isBusy}
        onClick={() => props.onDecide('approve')}
        aria-label={`Approve ${props.item.title}`}
      >
        Approve
      </Button>
      <Button
        size="xs"
        variant="outline"
        color="red.9"
        disabled={props.isBusy}
        onClick={() => props.onDecide('reject')}
        aria-label={`Reject ${props.item.title}`}
      >
        Reject
      </Button>
    </Group>
  );
}
