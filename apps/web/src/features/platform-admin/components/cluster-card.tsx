import type { TPlatformCluster } from '@commons/contract';
import { DATA_REGION_LABELS, formatWholeNumber } from '@commons/domain';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { tenantErasurePaths } from '../../../config/tenant-erasure-paths';
import { formatInZone, useViewerTimeZone } from '../../../lib/viewer-time';
import { useClusterDeletion } from '../api/platform-admin';
import { CreateHubModal, EditClusterModal } from './cluster-forms';

const UNITS = ['bytes', 'kB', 'MB', 'GB', 'TB'] as const;

/** 1234567 → "1.2 MB". */
function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}

function Usage(props: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="gray.7">
        {props.label}
      </Text>
      <Text fw={600}>{props.value}</Text>
    </div>
  );
}

/** One cluster: its tenant fields, usage, hubs with their data regions, and what a super admin can do with it. */
export function ClusterCard(props: { cluster: TPlatformCluster }) {
  const { cluster } = props;
  const timeZone = useViewerTimeZone();
  const deletion = useClusterDeletion();
  const [dialog, setDialog] = useState<'edit' | 'hub' | 'delete' | 'cancel' | null>(null);
  const titleId = `cluster-${cluster.id}-title`;
  const date = (iso: string) => formatInZone(iso, 'medium', timeZone);
  const canRequestDeletion = !cluster.isDefault && !cluster.isCurrent;
  const changeDeletion = (isRequest: boolean) =>
    deletion.mutate(
      { id: cluster.id, isRequest },
      {
        onSuccess: (saved) => {
          setDialog(null);
          notifications.show({
            message: saved.erasureAt
              ? `${saved.name} will be erased on ${date(saved.erasureAt)}.`
              : `The deletion of ${saved.name} was cancelled.`,
          });
        },
      },
    );
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} size="h3" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {cluster.name}
            </Title>
            <Group gap={6} wrap="wrap">
              {cluster.isProduction ? (
                <Badge color="teal.9">Production</Badge>
              ) : (
                <Badge variant="outline" color="gray.8">
                  Not production
                </Badge>
              )}
              {cluster.isDefault ? (
                <Badge variant="outline" color="indigo.9">
                  Default
                </Badge>
              ) : null}
              {cluster.isCurrent ? (
                <Badge variant="outline" color="indigo.9">
                  Your cluster
                </Badge>
              ) : null}
              {cluster.erasureAt ? (
                <Badge color="red.9">Deletion requested: erased {date(cluster.erasureAt)}</Badge>
              ) : null}
            </Group>
          </Stack>
          <Group gap="xs" wrap="wrap">
            <Button size="xs" variant="default" onClick={() => setDialog('hub')}>
              Add hub
            </Button>
            <Button size="xs" variant="default" onClick={() => setDialog('edit')}>
              Edit
            </Button>
            {cluster.deleteRequestedAt ? (
              <Button size="xs" variant="default" onClick={() => setDialog('cancel')}>
                Cancel deletion
              </Button>
            ) : canRequestDeletion ? (
              <Button size="xs" variant="default" c="red.9" onClick={() => setDialog('delete')}>
                Request deletion
              </Button>
            ) : null}
          </Group>
        </Group>
        {cluster.erasureAt ? (
          <Anchor component={Link} to={tenantErasurePaths.erasurePreview(cluster.id)} size="sm">
            What will be erased<VisuallyHidden> from {cluster.name}</VisuallyHidden>
          </Anchor>
        ) : null}
        <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          {cluster.defaultSettingLabel ?? 'No tenant type'} · CRM account {cluster.sfAccountId ?? 'not set'}
          {cluster.hostnames.length ? ` · ${cluster.hostnames.join(', ')}` : ''}
        </Text>
        <Group gap="xl" wrap="wrap" aria-label={`Usage of ${cluster.name}`} role="group">
          <Usage label="Members" value={formatWholeNumber(cluster.usage.members)} />
          <Usage label="Hubs" value={formatWholeNumber(cluster.usage.hubs)} />
          <Usage label="Messages, last 30 days" value={formatWholeNumber(cluster.usage.messagesLast30Days)} />
          <Usage label="Stored files" value={formatBytes(cluster.usage.storedFileBytes)} />
        </Group>
        {cluster.hubs.length === 0 ? (
          <Text c="gray.7">No hubs yet. Add the first one from a tenant type.</Text>
        ) : (
          <Table verticalSpacing={6} horizontalSpacing={6} fz="sm">
            <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
              Hubs of {cluster.name}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Hub</Table.Th>
                <Table.Th scope="col">Hub id</Table.Th>
                <Table.Th scope="col">Data region</Table.Th>
                <Table.Th scope="col">Members</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cluster.hubs.map((hub) => (
                <Table.Tr key={hub.id}>
                  <Table.Td style={{ overflowWrap: 'break-word' }}>
                    <Text size="sm" fw={500} span>
                      {hub.name}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {hub.identifier}
                      {hub.isElOnly ? ' · EL only' : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>{hub.id}</Table.Td>
                  <Table.Td>{DATA_REGION_LABELS[hub.region]}</Table.Td>
                  <Table.Td>{formatWholeNumber(hub.members)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <EditClusterModal
        key={`edit-${dialog === 'edit' ? 'open' : 'closed'}`}
        cluster={cluster}
        opened={dialog === 'edit'}
        onClose={() => setDialog(null)}
      />
      <CreateHubModal cluster={cluster} opened={dialog === 'hub'} onClose={() => setDialog(null)} />
      <Modal
        opened={dialog === 'delete' || dialog === 'cancel'}
        onClose={() => setDialog(null)}
        title={dialog === 'cancel' ? `Keep ${cluster.name}?` : `Delete ${cluster.name}?`}
      >
        <Stack>
          {dialog === 'cancel' ? (
            <Text>
              The deletion request is withdrawn and nothing is erased
              {cluster.erasureAt ? ` on ${date(cluster.erasureAt)}` : ''}.
            </Text>
          ) : (
            <Text>
              Every member, hub, message and file of this cluster will be erased 30 days from now. Until then
              you can cancel the request here.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>
              {dialog === 'cancel' ? 'Back' : 'Keep it'}
            </Button>
            <Button
              color={dialog === 'cancel' ? undefined : 'red.9'}
              loading={deletion.isPending}
              onClick={() => changeDeletion(dialog !== 'cancel')}
            >
              {dialog === 'cancel' ? 'Cancel deletion' : 'Request deletion'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
