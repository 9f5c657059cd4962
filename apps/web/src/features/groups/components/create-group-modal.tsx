import { ZCreateGroupRequest, type TGroupTypeName } from '@commons/contract';
import { Button, Checkbox, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { paths } from '../../../config/paths';
import { onInvalidSubmit } from '../../../lib/focus-first-invalid-field';
import { zodFormValidator } from '../../../lib/zod-form-validator';
import { useCreateGroup } from '../api/groups-api';
import { GROUP_TYPE_LABELS } from '../group-labels';

/** A new group, program or organization; its admin page opens next to finish the settings. */
export function CreateGroupModal(props: { groupType: TGroupTypeName; isOpen: boolean; onClose: () => void }) {
  const create = useCreateGroup();
  const navigate = useNavigate();
  const form = useForm({
    initialValues: {
      groupType: props.groupType,
      name: '',
      description: '',
      joinPolicy: 'open' as 'open' | 'request' | 'invite',
      isHidden: false,
    },
    validate: zodFormValidator(ZCreateGroupRequest),
  });
  const label = GROUP_TYPE_LABELS[props.groupType].toLowerCase();
  const handleSubmit = form.onSubmit(
    (values) =>
      create.mutate(values, {
        onSuccess: (group) => {
          props.onClose();
          form.reset();
          void navigate(paths.manageGroup(group.groupType, group.identifier));
        },
      }),
    onInvalidSubmit,
  );
  return (
    <Modal opened={props.isOpen} onClose={props.onClose} title={`Create a ${label}`}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <Textarea
            label="Short description"
            description="Shown in lists, up to 300 characters"
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />
          <Select
            label="Who can join"
            allowDeselect={false}
            data={[
              { value: 'open', label: 'Anyone in the hub, at once' },
              { value: 'request', label: 'Anyone in the hub, after admin approval' },
              { value: 'invite', label: 'Invited people only' },
            ]}
            {...form.getInputProps('joinPolicy')}
          />
          <Checkbox
            label="Hidden: only members and invitees can find it"
            {...form.getInputProps('isHidden', { type: 'checkbox' })}
          />
          <ErrorAlert error={create.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
