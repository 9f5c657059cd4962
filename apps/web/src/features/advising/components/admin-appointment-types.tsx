import type { TAdminAppointmentType } from '@commons/contract';
import { Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useAdminAppointmentTypes, useDeleteAppointmentType } from '../api/advising-admin';
import { appointmentTypeRules } from '../appointment-type-values';
import { AppointmentTypeForm } from './appointment-type-form';
import { EditRemoveButtons, RemoveDialog } from './remove-dialog';

/** The appointment types section of the advising admin screens: add, edit with every setting, remove. */
export function AdminAppointmentTypes({ hubIdentifier }: { hubIdentifier: string }) {
  const types = useAdminAppointmentTypes(hubIdentifier);
  const remove = useDeleteAppointmentType(hubIdentifier);
  const [editing, setEditing] = useState<TAdminAppointmentType | 'new' | null>(null);
  const [removing, setRemoving] = useState<TAdminAppointmentType | null>(null);
  return (
    <Stack gap="sm" component="section" aria-labelledby="types-heading">
      <Group justify="space-between">
        <Title order={2} size="h4" id="types-heading">
          Appointment types
        </Title>
        <Button onClick={() => setEditing('new')}>Add an appointment type</Button>
      </Group>
      <Text size="sm" c="gray.7">
        What students book: its length, how it takes place and the rules of booking it. Advisers offer some of
        them.
      </Text>
      {types.isPending ? (
        <LoadingState label="Loading the appointment types…" />
      ) : types.isError ? (
        <ErrorState error={types.error} onRetry={() => void types.refetch()} />
      ) : types.data.length === 0 ? (
        <EmptyState title="No appointment types yet">
          Add one, then choose which advisers offer it.
        </EmptyState>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {types.data.map((type) => (
            <Paper component="li" key={type.id} withBorder p="md" radius="md">
              <Group justify="space-between" align="flex-start" gap="sm">
                <Stack gap={2} miw={0} style={{ flex: 1 }}>
                  <Group gap="xs">
                    <Text fw={700}>{type.name}</Text>
                    {type.isActive ? null : (
                      <Badge color="gray.8" variant="filled" radius="sm" tt="none">
                        Off
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm">
                    {type.durationText} · {type.mediumLabel}
                    {type.location ? ` · ${type.location}` : ''}
                    {type.phone ? ` · ${type.phone}` : ''}
                  </Text>
                  <Text size="sm" c="gray.7">
                    {appointmentTypeRules(type)}
                  </Text>
                </Stack>
                <EditRemoveButtons
                  name={type.name}
                  onEdit={() => setEditing(type)}
                  onRemove={() => {
                    remove.reset();
                    setRemoving(type);
                  }}
                />
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {editing === null ? null : (
        <Modal
          opened
          onClose={() => setEditing(null)}
          title={editing === 'new' ? 'Add an appointment type' : `Edit ${editing.name}`}
          size="xl"
        >
          <AppointmentTypeForm
            hubIdentifier={hubIdentifier}
            type={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        </Modal>
      )}
      {removing === null ? null : (
        <RemoveDialog
          title={`Remove “${removing.name}”?`}
          message="Students can no longer book it. A type that appointments used cannot be removed: turn it off instead."
          confirmLabel="Remove appointment type"
          isPending={remove.isPending}
          error={remove.error}
          onCancel={() => setRemoving(null)}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: () => {
                notifications.show({ color: 'green', message: `“${removing.name}” removed.` });
                setRemoving(null);
              },
            })
          }
        />
      )}
    </Stack>
  );
}
