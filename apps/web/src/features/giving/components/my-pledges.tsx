import { Stack, Table, Text, Title } from '@mantine/core';
import type { TPledge } from '@commons/contract';
import { formatPledgeAmount, pledgeFrequencyLabel } from '@commons/domain';
import { formatInZone, useViewerTimeZone } from '../../../lib/viewer-time';

/** The viewer's own pledges in the hub, newest first. */
export function MyPledges({ pledges }: { pledges: TPledge[] }) {
  const timeZone = useViewerTimeZone();
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-pledges-heading">
      <Title order={2} id="my-pledges-heading">
        Your pledges
      </Title>
      {pledges.length === 0 ? (
        <Text c="dimmed">Your pledges appear here once you make one.</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Amount</Table.Th>
                <Table.Th scope="col">Designation</Table.Th>
                <Table.Th scope="col">Frequency</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pledges.map((pledge) => (
                <Table.Tr key={pledge.id}>
                  <Table.Td>{formatInZone(pledge.createdAt, 'medium', timeZone)}</Table.Td>
                  <Table.Td>
                    {formatPledgeAmount(pledge.amountMinor, pledge.currency)}
                    {pledge.isAnonymous ? (
                      <Text size="xs" c="dimmed">
                        Anonymous
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{pledge.designation ?? 'Where it is needed most'}</Table.Td>
                  <Table.Td>{pledgeFrequencyLabel(pledge.frequency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
