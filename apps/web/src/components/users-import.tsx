import {
  IMPORT_MAX_ROWS,
  type TImport,
  type TImportDryRunResponse,
  type TImportRowError,
  type TImportRowOutcome,
} from '@commons/contract';
import { formatWholeNumber } from '@commons/domain';
import {
  Alert,
  Badge,
  Button,
  Code,
  FileInput,
  Group,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../lib/api-error';
import { formatDateTime, useViewerTimeZone } from '../lib/viewer-time';
import { ErrorState } from './error-state';

/**
 * Where a users CSV import goes (issue #22 item 5): the hub's own import (site-admin data page) or one organisation's
 * (its admins' console, spec 6 Organisation admins: import-data). The calls are the target's; the screen is one.
 */
export interface TUsersImportTarget {
  /** 'organization' adds every row's person to the organisation too. */
  scope: 'hub' | 'organization';
  /** The query key every query of this target's imports starts with. */
  queryKey: readonly unknown[];
  dryRun: (csv: string) => Promise<TImportDryRunResponse>;
  start: (csv: string) => Promise<TImport>;
  get: (id: string, signal: AbortSignal) => Promise<TImport>;
  list: (signal: AbortSignal) => Promise<{ items: TImport[] }>;
}

const FIELD_LABELS: Record<string, string> = {
  email: 'Email',
  firstName: 'First name',
  lastName: 'Last name',
  userType: 'User type',
  file: 'File',
  row: 'Row',
};

/** What a dry run's row would do, in words for each target. */
const OUTCOME_LABELS: Record<TImportRowOutcome, { hub: string; organization: string; color: string }> = {
  create: { hub: 'New account, invited', organization: 'New account, invited', color: 'teal' },
  add: {
    hub: 'Existing account joins the hub',
    organization: 'Existing account joins the hub and the organization',
    color: 'blue',
  },
  join: { hub: 'Joins', organization: 'Hub member added to the organization', color: 'blue' },
  update: { hub: 'User type changes', organization: 'User type changes', color: 'blue' },
  unchanged: { hub: 'Already a member, unchanged', organization: 'Already a member', color: 'gray' },
  notApproved: {
    hub: 'Not approved in the hub: left as is',
    organization: 'Not approved in the hub: left as is',
    color: 'yellow',
  },
  error: { hub: 'Not imported: error', organization: 'Not imported: error', color: 'red' },
};

/** Each row's errors: its line in the file, the column and what is wrong. */
function RowErrors(props: { errors: TImportRowError[]; total: number; label: string }) {
  if (props.errors.length === 0) return null;
  return (
    <Stack gap={4}>
      <Table.ScrollContainer
        minWidth={480}
        mah={320}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={props.label}
      >
        <Table striped withTableBorder verticalSpacing={4} fz="sm">
          <Table.Caption>{props.label}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Row</Table.Th>
              <Table.Th scope="col">Column</Table.Th>
              <Table.Th scope="col">Problem</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.errors.map((e, i) => (
              <Table.Tr key={`${e.row}-${e.field}-${i}`}>
                <Table.Td>{e.row}</Table.Td>
                <Table.Td>{FIELD_LABELS[e.field] ?? e.field}</Table.Td>
                <Table.Td>{e.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {props.total > props.errors.length ? (
        <Text size="sm" c="gray.7">
          The first {props.errors.length} of {props.total} errors are listed.
        </Text>
      ) : null}
    </Stack>
  );
}

/** The dry run's table: every row (the first 500) with what importing it would do, or why it cannot. */
function DryRunRows(props: { check: TImportDryRunResponse; scope: TUsersImportTarget['scope'] }) {
  const { rows, totalRows } = props.check;
  if (rows.length === 0) return null;
  return (
    <Stack gap={4}>
      <Table.ScrollContainer
        minWidth={560}
        mah={360}
        type="native"
        tabIndex={0}
        role="region"
        aria-label="What importing each row does"
      >
        <Table striped withTableBorder verticalSpacing={4} fz="sm" data-testid="import-dry-run-rows">
          <Table.Caption>What importing each row does</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Row</Table.Th>
              <Table.Th scope="col">Email</Table.Th>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Result</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const label = OUTCOME_LABELS[row.outcome];
              return (
                <Table.Tr key={row.row}>
                  <Table.Td>{row.row}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email || '—'}</Table.Td>
                  <Table.Td>{row.name || '—'}</Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Badge color={label.color} c="dark.8" variant="light" tt="none" fw={600}>
                        {label[props.scope]}
                      </Badge>
                      {row.message ? (
                        <Text size="xs" c={row.outcome === 'error' ? 'red.9' : 'gray.7'}>
                          {row.message}
                        </Text>
                      ) : null}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {totalRows > rows.length ? (
        <Text size="sm" c="gray.7">
          The first {rows.length} of {formatWholeNumber(totalRows)} rows are listed; the counts cover them
          all.
        </Text>
      ) : null}
    </Stack>
  );
}

/** The dry run's counts in one sentence. */
function checkSummary(check: TImportDryRunResponse, scope: TUsersImportTarget['scope']): string {
  const rows = `${formatWholeNumber(check.totalRows)} rows checked`;
  if (scope === 'hub')
    return `${rows}: ${check.validCount} ready to import (${check.createCount} new, ${check.updateCount} updated, ${check.unchangedCount} unchanged), ${check.errorCount} with errors.`;
  return `${rows}. New accounts: ${check.createCount} · existing people added: ${check.updateCount} · already members: ${check.unchangedCount} · not approved in the hub: ${check.notApprovedCount} · with errors: ${check.errorCount}.`;
}

/** An import's progress while it runs, and what it did once done. */
function ImportProgress(props: { job: TImport; scope: TUsersImportTarget['scope'] }) {
  const { job } = props;
  const isDone = job.status === 'completed' || job.status === 'failed';
  const percent = job.totalRows === 0 ? 100 : Math.round((job.processedRows / job.totalRows) * 100);
  return (
    <Stack gap="xs" role="status" aria-live="polite">
      <Group gap="xs">
        <Text fw={600}>
          {isDone ? 'Import finished' : job.status === 'queued' ? 'Import waiting to start…' : 'Importing…'}
        </Text>
        <Text size="sm" c="gray.7">
          ({job.status})
        </Text>
      </Group>
      <Progress value={percent} aria-label="Import progress" size="lg" animated={!isDone} />
      <Text size="sm" data-testid="import-progress">
        {formatWholeNumber(job.processedRows)} of {formatWholeNumber(job.totalRows)} rows processed:{' '}
        {props.scope === 'hub'
          ? `${job.createdCount} new, ${job.updatedCount} updated, ${job.unchangedCount} unchanged, ${job.errorCount} with errors.`
          : `new accounts: ${job.createdCount} · added to the organization: ${job.updatedCount} · already members: ${job.unchangedCount} · not imported: ${job.errorCount}.`}
      </Text>
      {isDone ? <RowErrors errors={job.errors} total={job.errorCount} label="Rows not imported" /> : null}
    </Stack>
  );
}

const isRunning = (job: TImport | undefined) => job?.status === 'queued' || job?.status === 'running';

/**
 * The users CSV import (issue #22 item 5): choose a file, see what each row would do (nothing is written), import
 * in the background with its progress polled every second, and the target's recent imports.
 */
export function UsersImport(props: { target: TUsersImportTarget }) {
  const { target } = props;
  const timeZone = useViewerTimeZone();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const dryRun = useMutation({ mutationFn: (text: string) => target.dryRun(text) });
  const start = useMutation({
    mutationFn: (text: string) => target.start(text),
    onSuccess: () => void client.invalidateQueries({ queryKey: [...target.queryKey, 'list'] }),
  });
  const progress = useQuery({
    queryKey: [...target.queryKey, importId],
    queryFn: async ({ signal }) => {
      const job = await target.get(importId ?? '', signal);
      // A finished import changes the recent imports' list.
      if (!isRunning(job)) void client.invalidateQueries({ queryKey: [...target.queryKey, 'list'] });
      return job;
    },
    enabled: importId !== null,
    refetchInterval: (query) => (isRunning(query.state.data) ? 1000 : false),
  });
  const imports = useQuery({
    queryKey: [...target.queryKey, 'list'],
    queryFn: ({ signal }) => target.list(signal),
    retry: false,
  });
  const mayImport = !(imports.error instanceof ApiError && imports.error.status === 403);
  const isOrganization = target.scope === 'organization';

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setCsv(null);
    setImportId(null);
    dryRun.reset();
    start.reset();
    if (chosen)
      void chosen.text().then((text) => {
        setCsv(text);
        dryRun.mutate(text);
      });
  };
  const startImport = () => {
    if (csv === null) return;
    start.mutate(csv, { onSuccess: (job) => setImportId(job.id) });
  };
  const check = dryRun.data;
  const toImport = check ? check.validCount - check.notApprovedCount : 0;
  // Every valid row already as the file says: importing would change nothing.
  const isUnchanged = check !== undefined && toImport > 0 && check.createCount + check.updateCount === 0;

  if (!mayImport)
    return (
      <Alert color="gray" variant="light" title="Importing needs the “import-data” right">
        Ask an admin who manages admins for it.
      </Alert>
    );
  return (
    <Stack gap="sm">
      <Text size="sm">
        A CSV file whose first row names the columns <Code>email</Code>, <Code>first name</Code>,{' '}
        <Code>last name</Code> and <Code>user type</Code> (a user type of this hub, such as Student), with up
        to {formatWholeNumber(IMPORT_MAX_ROWS)} people.{' '}
        {isOrganization
          ? 'People without an account get one in the hub and an email inviting them to choose a password; everyone becomes a member of the organization. Hub members keep their user type, and those whose hub membership is not approved are left as they are.'
          : 'New people get an email inviting them to choose a password; people already in the hub get the file’s user type.'}{' '}
        Importing the same file twice changes nothing.
      </Text>
      <FileInput
        label="CSV file"
        placeholder="Choose a .csv file"
        accept=".csv,text/csv"
        value={file}
        onChange={chooseFile}
        clearable
        clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
        w={{ base: '100%', sm: 360 }}
      />
      {dryRun.isPending ? <Text size="sm">Checking the file…</Text> : null}
      {dryRun.isError ? <ErrorState error={dryRun.error} /> : null}
      {check ? (
        <Stack gap="xs" role="region" aria-label="Check of the file">
          <Text fw={600} data-testid="import-check-summary">
            {checkSummary(check, target.scope)}
          </Text>
          {isOrganization ? (
            <DryRunRows check={check} scope={target.scope} />
          ) : (
            <>
              <RowErrors errors={check.errors} total={check.errorCount} label="Rows with errors" />
              <DryRunRows check={check} scope={target.scope} />
            </>
          )}
          {importId === null && isUnchanged ? (
            <Text size="sm" role="status">
              Nothing to import: the file’s valid rows are already{' '}
              {isOrganization ? 'members of the organization' : 'in the hub with these user types'}.
            </Text>
          ) : importId === null ? (
            <Group>
              <Button onClick={startImport} loading={start.isPending} disabled={toImport === 0}>
                {check.validCount < check.totalRows
                  ? `Import the ${toImport} valid rows`
                  : `Import ${toImport} rows`}
              </Button>
              {check.errorCount > 0 ? (
                <Text size="sm" c="gray.7">
                  Rows with errors are left out; fix them and import the file again.
                </Text>
              ) : null}
            </Group>
          ) : null}
          {start.isError ? <ErrorState error={start.error} /> : null}
        </Stack>
      ) : null}
      {progress.data ? <ImportProgress job={progress.data} scope={target.scope} /> : null}
      {(imports.data?.items.length ?? 0) > 0 ? (
        <Stack gap={4}>
          <Title order={3} size="h4">
            Recent imports
          </Title>
          <Table.ScrollContainer
            minWidth={520}
            type="native"
            tabIndex={0}
            role="region"
            aria-label="Recent imports"
          >
            <Table striped withTableBorder verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Started</Table.Th>
                  {isOrganization ? null : <Table.Th scope="col">Into</Table.Th>}
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Rows</Table.Th>
                  <Table.Th scope="col">New</Table.Th>
                  <Table.Th scope="col">{isOrganization ? 'Added' : 'Updated'}</Table.Th>
                  <Table.Th scope="col">Errors</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {imports.data?.items.map((job) => (
                  <Table.Tr key={job.id}>
                    <Table.Td>{formatDateTime(job.createdAt, timeZone)}</Table.Td>
                    {/* The hub's list also shows its organisations' imports, which their admins start. */}
                    {isOrganization ? null : <Table.Td>{job.organizationName ?? 'The hub'}</Table.Td>}
                    <Table.Td>{job.status}</Table.Td>
                    <Table.Td>{job.totalRows}</Table.Td>
                    <Table.Td>{job.createdCount}</Table.Td>
                    <Table.Td>{job.updatedCount}</Table.Td>
                    <Table.Td>{job.errorCount}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ) : null}
    </Stack>
  );
}
