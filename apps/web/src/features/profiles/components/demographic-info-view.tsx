import type { TProfile } from '@commons/contract';
import { Table, Text } from '@mantine/core';
import { demographicLabel } from '../utils/profile-labels';

/** The demographic information of a profile (spec 3), which only its owner and admins see. */
export function DemographicInfoView({
  info,
}: {
  info: NonNullable<TProfile['sections']['demographicInfo']>;
}) {
  const entries = Object.entries(info).filter(([, value]) => value.trim() !== '');
  if (entries.length === 0) return <Text c="dimmed">Nothing added yet.</Text>;
  return (
    <Table>
      <Table.Tbody>
        {entries.map(([key, value]) => (
          <Table.Tr key={key}>
            <Table.Th scope="row">{demographicLabel(key)}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
