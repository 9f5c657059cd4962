import { EXPORT_DATASET_LABELS, EXPORT_DATASETS, type TExportDataset } from '@commons/contract';
import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { errorText } from '../../../components/error-state';
import { usePageTitle } from '../../../components/use-page-title';
import { UsersImport } from '../../../components/users-import';
import { downloadExport, hubImportTarget } from '../api/admin-data';

/**
 * {hubPath}/site-admin/data (issue #22 item 5): CSV exports of the hub's users, memberships, mentorships, meetings
 * and events (export-data), and the users CSV import (import-data, components/users-import): a check that tells what
 * each row would do and writes nothing, then the import in the background with its progress.
 */
export function DataPage() {
  const { identifier = '' } = useParams();
  usePageTitle('Import and export');
  const [exporting, setExporting] = useState<TExportDataset | null>(null);
  const importTarget = useMemo(() => hubImportTarget(identifier), [identifier]);

  const exportCsv = (dataset: TExportDataset) => {
    setExporting(dataset);
    downloadExport(identifier, dataset)
      .catch((error: unknown) => notifications.show({ color: 'red', message: errorText(error) }))
      .finally(() => setExporting(null));
  };
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
        <UsersImport target={importTarget} />
      </Stack>
    </Stack>
  );
}
