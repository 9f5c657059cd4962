import {
  DATA_REGION_LABELS,
  formatWholeNumber,
  isDataRegion,
  TENANT_ERASURE_GRACE_DAYS,
} from '@commons/domain';
import { Alert, Card, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime, useViewerTimeZone } from '../../../lib/viewer-time';
import { useErasurePreview } from '../api/tenant-erasure';

const regionLabel = (region: string) => (isDataRegion(region) ? DATA_REGION_LABELS[region] : region);

/**
 * The dry run of a tenant's erasure (issue #23 item 1): when it happens, then how many rows of each table and how
 * many stored files per data region would go. Nothing is deleted here. For super admins (the caller checks).
 */
export function ErasurePreview(props: { clusterId: string }) {
  const timeZone = useViewerTimeZone();
  const preview = useErasurePreview(props.clusterId, true);
  if (preview.isPending) return <LoadingState label="Counting the tenant's rows and files…" />;
  if (preview.isError)
    return isApiError(preview.error) && preview.error.status === 404 ? (
      <EmptyState title="No such cluster">It may have been erased already.</EmptyState>
    ) : (
      <ErrorState error={preview.error} onRetry={() => void preview.refetch()} />
    );
  const data = preview.data;
  return (
    <Stack gap="lg">
      <Text>
        Tenant:{' '}
        <Text span fw={700}>
          {data.clusterName}
        </Text>
      </Text>
      {data.erasureDueAt && data.deleteRequestedAt ? (
        <Alert color="red.9" variant="outline" title="Erasure scheduled">
          <Text size="sm">
            Deletion was requested on {formatDateTime(data.deleteRequestedAt, timeZone)}. Everything below is
            erased for good at the first hourly run after {formatDateTime(data.erasureDueAt, timeZone)} (
            {TENANT_ERASURE_GRACE_DAYS} days later).
          </Text>
        </Alert>
      ) : (
        <Alert color="blue.8" variant="outline" title="No deletion requested">
          <Text size="sm">
            Nothing is erased. This is what a deletion request would erase {TENANT_ERASURE_GRACE_DAYS} days
            after it is made.
          </Text>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Card withBorder>
          <Text size="sm" c="gray.7">
            Rows
          </Text>
          <Text fw={700} size="xl" data-testid="erasure-total-rows">
            {formatWholeNumber(data.totalRows)}
          </Text>
          <Text size="sm" c="gray.7">
            in {data.tables.length} of {data.tableCount} tables
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="gray.7">
            Stored files
          </Text>
          <Text fw={700} size="xl">
            {formatWholeNumber(data.files.total)}
          </Text>
          <Text size="sm" c="gray.7">
            {data.files.byRegion.length === 0
              ? 'none in any region'
              : data.files.byRegion
                  .map((r) => `${formatWholeNumber(r.count)} in ${regionLabel(r.region)}`)
                  .join(', ')}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="gray.7">
            Hubs
          </Text>
          <Text fw={700} size="xl">
            {data.hubs.length}
          </Text>
          <Text size="sm" c="gray.7">
            their files live in their data region
          </Text>
        </Card>
      </SimpleGrid>
      {data.hubs.length > 0 ? (
        <Stack gap="xs" component="section" aria-labelledby="erasure-hubs-title">
          <Title order={2} size="h3" id="erasure-hubs-title">
            Hubs
          </Title>
          <List spacing={4}>
            {data.hubs.map((hub) => (
              <List.Item key={hub.id}>
                {hub.name}{' '}
                <Text span c="gray.7">
                  (hub {hub.id}, {regionLabel(hub.region)})
                </Text>
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
      <Stack gap="xs" component="section" aria-labelledby="erasure-tables-title">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h3" id="erasure-tables-title">
            Rows per table
          </Title>
          <Text size="sm" c="gray.7">
            Tables with no rows of this tenant are left out.
          </Text>
        </Group>
        <Table striped withTableBorder verticalSpacing={4} style={{ maxWidth: 560 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Table</Table.Th>
              <Table.Th scope="col" style={{ textAlign: 'right' }}>
                Rows
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.tables.map((row) => (
              <Table.Tr key={row.table}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.table}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{formatWholeNumber(row.rows)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Stack>
  );
}
