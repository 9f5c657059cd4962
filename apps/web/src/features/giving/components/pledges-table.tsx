import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatPledgeAmount, pledgeFrequencyLabel } from '@commons/domain';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, errorText } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { formatInZone, useViewerTimeZone } from '../../../lib/viewer-time';
import { downloadPledgesCsv, usePledges } from '../api/giving';

/** The hub's pledges for its donations admins, newest first, with the CSV export. */
export function PledgesTable({ hubIdentifier }: { hubIdentifier: string }) {
  const timeZone = useViewerTimeZone();
  const pledges = usePledges(hubIdentifier, true);
  const [isExporting, setIsExporting] = useState(false);

  const handleExport = () => {
    setIsExporting(true);
    downloadPledgesCsv(hubIdentifier)
      .catch((error: unknown) => notifications.show({ color: 'red', message: errorText(error) }))
      .finally(() => setIsExporting(false));
  };

  const items = pledges.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="pledges-heading">
      <Group justify="space-between">
        <Title order={2} id="pledges-heading">
          Pledges
        </Title>
        <Button variant="outline" onClick={handleExport} loading={isExporting} disabled={items.length === 0}>
          Export CSV
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Donors who asked to give anonymously are marked: their names are for receipts only, never for
        published donor lists.
      </Text>
      {pledges.isPending ? (
        <LoadingState label="Loading pledges…" />
      ) : pledges.isError ? (
        <ErrorState error={pledges.error} onRetry={() => void pledges.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title="No pledges yet">Pledges appear here as members make them.</EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped withTableBorder>
            <Table.Caption>Pledges, newest first</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Donor</Table.Th>
                <Table.Th scope="col">Amount</Table.Th>
                <Table.Th scope="col">Designation</Table.Th>
                <Table.Th scope="col">Frequency</Table.Th>
                <Table.Th scope="col">Note</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((pledge) => (
                <Table.Tr key={pledge.id}>
                  <Table.Td>{formatInZone(pledge.createdAt, 'medium', timeZone)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{pledge.donor.name}</Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {pledge.donor.email}
                    </Text>
                    {pledge.isAnonymous ? (
                      <Badge variant="light" color="gray" mt={4}>
                        Anonymous
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{formatPledgeAmount(pledge.amountMinor, pledge.currency)}</Table.Td>
                  <Table.Td>{pledge.designation ?? 'Where it is needed most'}</Table.Td>
                  <Table.Td>{pledgeFrequencyLabel(pledge.frequency)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-line' }}>{pledge.note ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pledges.hasNextPage ? (
        <Group justify="center">
          <Button
            variant="outline"
            onClick={() => void pledges.fetchNextPage()}
            loading={pledges.isFetchingNextPage}
          >
            Load more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
