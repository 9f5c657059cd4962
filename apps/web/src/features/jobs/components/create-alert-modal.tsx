import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { useCreateJobAlert } from '../api/job-board';
import { alertRequestFor, describeSearch, type TJobSearch } from '../job-search';

/**
 * "Create job alert" from the board's current search: the search in words and how often to be mailed its
 * new matches (daily or weekly). Saved, the alert lists under the Alerts tab.
 */
export function CreateAlertModal(props: {
  hubIdentifier: string;
  search: TJobSearch;
  projectsName: string;
  labelOf: (value: string) => string;
  opened: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const create = useCreateJobAlert(props.hubIdentifier);
  const [frequency, setFrequency] = useState<'daily' | 'weekly'>('weekly');
  const handleClose = () => {
    create.reset();
    props.onClose();
  };
  return (
    <Modal opened={props.opened} onClose={handleClose} title="Create job alert">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(alertRequestFor(props.search, frequency), {
            onSuccess: () => {
              notifications.show({
                color: 'green',
                message: `Job alert created: we will email you ${frequency === 'daily' ? 'every day' : 'every week'} when new posts match.`,
              });
              create.reset();
              props.onCreated();
            },
          });
        }}
      >
        <Stack gap="md">
          <div>
            <Text size="sm" fw={500}>
              Search
            </Text>
            <Text>
              {describeSearch(props.search, { projectsName: props.projectsName, labelOf: props.labelOf })}
            </Text>
          </div>
          <Radio.Group
            label="Email me new matches"
            value={frequency}
            onChange={(value) => setFrequency(value === 'daily' ? 'daily' : 'weekly')}
          >
            <Group gap="lg" mt="xs">
              <Radio value="daily" label="Daily" />
              <Radio value="weekly" label="Weekly" />
            </Group>
          </Radio.Group>
          <Text size="sm" c="dimmed">
            Every email has a link to turn the alert off in one click.
          </Text>
          <ErrorAlert error={create.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create alert
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
