import {
  EXPORT_DATASET_LABELS,
  EXPORT_DATASETS,
  IMPORT_MAX_ROWS,
  type TExportDataset,
  type TImport,
  type TImportRowError,
} from '@commons/contract';
import { formatWholeNumber } from '@commons/domain';
import {
  Alert,
  Button,
  Card,
  Code,
  FileInput,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ErrorState, errorText } from '../../../components/error-state';
import { usePageTitle } from '../../../components/use-page-title';
import { ApiError } from '../../../lib/api-error';
import { formatDateTime, useViewerTimeZone } from '../../../lib/viewer-time';
import {
  downloadExport,
  useImportDryRun,
  useImportProgress,
  useImports,
  useStartImport,
} from '../api/admin-data';

const FIELD_LABELS: Record<string, string> = {
  email: 'Email',
  firstName: 'First name',
  lastName: 'Last name',
  userType: 'User type',
  file: 'File',
  row: 'Row',
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

/** An import's progress while it runs, and what it did once done. */
function ImportProgress(props: { job: TImport }) {
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
        {job.createdCount} new, {job.updatedCount} updated, {job.unchangedCount} unchanged, {job.errorCount}{' '}
        with errors.
      </Text>
      {isDone ? <RowErrors errors={job.errors} total={job.errorCount} label="Rows not imported" /> : null}
    </Stack>
  );
}

/**
 * {hubPath}/site-admin/data (issue #22 item 5): CSV exports of the hub's users, memberships, mentorships, meetings
 * and events (export-data), and the users CSV import (import-data): a check that lists each row's errors and writes
 * nothing, then the import in the background with its progress.
 */
export function DataPage() {
  const timeZone = useViewerTimeZone();
  const { identifier = '' } = useParams();
  usePageTitle('Import and export');
  const [exporting, setExporting] = useState<TExportDataset | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const dryRun = useImportDryRun();
  const start = useStartImport(identifier);
  const progress = useImportProgress(identifier, importId);
  const imports = useImports(identifier, true);
  const mayImport = !(imports.error instanceof ApiError && imports.error.status === 403);

  const exportCsv = (dataset: TExportDataset) => {
    setExporting(dataset);
    downloadExport(identifier, dataset)
      .catch((error: unknown) => notifications.show({ color: 'red', message: errorText(error) }))
      .finally(() => setExporting(null));
  };
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

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>Import and export</Title>
        <Text c="gray.7">Download the hub’s data as CSV, or add many members at once from a CSV file.</Text>
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="export-heading">
        <Title order={2} size="h3" id="export-heading">
          Export
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {EXPORT_DATASETS.map((dataset) => (
            <Card key={dataset} withBorder padding="sm">
              <Stack gap={6}>
                <Text fw={600}>{EXPORT_DATASET_LABELS[dataset].title}</Text>
                <Text size="sm" c="gray.7">
                  {EXPORT_DATASET_LABELS[dataset].description}
                </Text>
                <Button
                  variant="outline"
                  size="xs"
                  onClick={() => exportCsv(dataset)}
                  loading={exporting === dataset}
                  aria-label={`Download ${EXPORT_DATASET_LABELS[dataset].title} as CSV`}
                  w="fit-content"
                >
                  Download CSV
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="import-heading">
        <Title order={2} size="h3" id="import-heading">
          Import members
        </Title>
        {!mayImport ? (
          <Alert color="gray" variant="light" title="Importing needs the “import-data” right">
            Ask an admin who manages admins for it.
          </Alert>
        ) : (
          <>
            <Text size="sm">
              A CSV file whose first row names the columns <Code>email</Code>, <Code>first name</Code>,{' '}
              <Code>last name</Code> and <Code>user type</Code> (a user type of this hub, such as Student),
              with up to {formatWholeNumber(IMPORT_MAX_ROWS)} members. New people get an email inviting them
              to choose a password; people already in the hub get the file’s user type. Importing the same
              file twice changes nothing.
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
                <Text fw={600}>
                  {check.totalRows} rows checked: {check.validCount} ready to import ({check.createCount} new,{' '}
                  {check.updateCount} updated, {check.unchangedCount} unchanged), {check.errorCount} with
                  errors.
                </Text>
                <RowErrors errors={check.errors} total={check.errorCount} label="Rows with errors" />
                {importId === null ? (
                  <Group>
                    <Button onClick={startImport} loading={start.isPending} disabled={check.validCount === 0}>
                      {check.errorCount > 0
                        ? `Import the ${check.validCount} valid rows`
                        : `Import ${check.validCount} rows`}
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
            {progress.data ? <ImportProgress job={progress.data} /> : null}
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
                        <Table.Th scope="col">Status</Table.Th>
                        <Table.Th scope="col">Rows</Table.Th>
                        <Table.Th scope="col">New</Table.Th>
                        <Table.Th scope="col">Updated</Table.Th>
                        <Table.Th scope="col">Errors</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {imports.data?.items.map((job) => (
                        <Table.Tr key={job.id}>
                          <Table.Td>{formatDateTime(job.createdAt, timeZone)}</Table.Td>
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
          </>
        )}
      </Stack>
    </Stack>
  );
}
