import type { TCsvInviteResponse, TGroupDetail, TProgramRole } from '@commons/contract';
import { Badge, Button, FileInput, Group, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { useCsvInvite } from '../api/group-admin-api';

/** The dry-run or apply report: each row, its email and why it fails. */
function InviteReport({ report }: { report: TCsvInviteResponse }) {
  return (
    <Stack gap="xs">
      <Text role="status">
        {report.dryRun
          ? `Check: ${report.rows.length - report.errorCount} ${report.rows.length - report.errorCount === 1 ? 'row' : 'rows'} would be invited, ${report.errorCount} would fail.`
          : `${report.invitedCount} invited, ${report.errorCount} failed.`}
      </Text>
      <Table.ScrollContainer minWidth={500}>
        <Table aria-label={report.dryRun ? 'Dry-run report' : 'Invitation report'}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Row</Table.Th>
              <Table.Th scope="col">Email</Table.Th>
              <Table.Th scope="col">Result</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.rows.map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>{row.email || '—'}</Table.Td>
                <Table.Td>
                  {row.status === 'invite' ? (
                    <Badge variant="outline" color="teal.9">
                      {report.dryRun ? 'Would be invited' : 'Invited'}
                    </Badge>
                  ) : (
                    <Text size="sm" c="red.9">
                      {row.reason}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** Bulk invite by CSV (issue #6): check the file first (dry run with the reasons rows fail), then invite. */
export function ManageInvite({ group }: { group: TGroupDetail }) {
  const invite = useCsvInvite(group.identifier);
  const [csv, setCsv] = useState('');
  const [role, setRole] = useState<TProgramRole | null>(
    group.groupType === 'mentorshipProgram' ? 'mentee' : null,
  );
  const [report, setReport] = useState<TCsvInviteResponse | null>(null);
  if (!group.can.inviteMembers) return <Text>Only admins who may import members can invite by CSV.</Text>;
  const handleFile = (file: File | null) => {
    setReport(null);
    if (file === null) return;
    void file.text().then(setCsv);
  };
  const run = (dryRun: boolean) =>
    invite.mutate(
      { csv, role, dryRun },
      {
        onSuccess: (result) => {
          setReport(result);
          if (!dryRun)
            notifications.show({
              message: `${result.invitedCount} ${result.invitedCount === 1 ? 'person' : 'people'} invited.`,
            });
        },
      },
    );
  return (
    <Stack gap="md">
      <Text>
        Upload a CSV with an email column (or one email per line). Check it first: nothing is sent until you
        invite.
      </Text>
      <FileInput label="CSV file" accept=".csv,text/csv" clearable onChange={handleFile} />
      <Textarea
        label="Emails (CSV)"
        autosize
        minRows={4}
        value={csv}
        onChange={(e) => {
          setCsv(e.currentTarget.value);
          setReport(null);
        }}
      />
      {group.groupType === 'mentorshipProgram' ? (
        <Select
          label="Role the invitations give"
          allowDeselect={false}
          value={role}
          onChange={(value) => setRole(value as TProgramRole)}
          data={[
            { value: 'mentee', label: group.roleLabels.mentee },
            { value: 'mentor', label: group.roleLabels.mentor },
            { value: 'both', label: 'Both' },
          ]}
        />
      ) : null}
      <ErrorAlert error={invite.error} />
      <Group>
        <Button
          variant="outline"
          onClick={() => run(true)}
          loading={invite.isPending && invite.variables.dryRun !== false}
          disabled={csv.trim() === ''}
        >
          Check file
        </Button>
        <Button
          onClick={() => run(false)}
          loading={invite.isPending && invite.variables.dryRun === false}
          disabled={report === null || !report.dryRun || report.rows.length === report.errorCount}
        >
          Invite valid rows
        </Button>
      </Group>
      {report === null ? null : <InviteReport report={report} />}
    </Stack>
  );
}
