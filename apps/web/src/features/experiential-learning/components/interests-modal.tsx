import type { TElInterestsResponse } from '@commons/contract';
import { EL_INTERESTS_MAX, type TElInterestKind } from '@commons/domain';
import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useElInterests, useUpdateElInterests } from '../api/experiential-learning';
import { interestKey, interestsFromKeys } from '../interests';

/** The groups of choices, in the order the dialog shows them. */
const GROUPS: readonly { kind: TElInterestKind; label: string }[] = [
  { kind: 'opportunityType', label: 'Kinds of opportunity' },
  { kind: 'industry', label: 'Industries' },
  { kind: 'jobFunction', label: 'Job functions' },
];

function InterestsForm(props: { hubIdentifier: string; data: TElInterestsResponse; onClose: () => void }) {
  const update = useUpdateElInterests(props.hubIdentifier);
  const [chosen, setChosen] = useState<string[]>(() => props.data.interests.map(interestKey));
  const isOverLimit = chosen.length > EL_INTERESTS_MAX;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (isOverLimit) return;
        update.mutate(
          { interests: interestsFromKeys(chosen) },
          {
            onSuccess: () => {
              notifications.show({ color: 'green', message: 'Your interests were saved.' });
              props.onClose();
            },
          },
        );
      }}
    >
      <Stack gap="md">
        <Text size="sm">Choose what you would like to do; recommendations follow your choices.</Text>
        {GROUPS.map((group) => {
          const options = props.data.options[group.kind];
          if (options.length === 0) return null;
          const keys = options.map((option) => interestKey({ kind: group.kind, value: option.value }));
          return (
            <Checkbox.Group
              key={group.kind}
              label={group.label}
              value={chosen.filter((key) => keys.includes(key))}
              onChange={(values) => setChosen([...chosen.filter((key) => !keys.includes(key)), ...values])}
            >
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} mt="xs">
                {options.map((option) => (
                  <Checkbox
                    key={option.value}
                    value={interestKey({ kind: group.kind, value: option.value })}
                    label={option.label}
                  />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          );
        })}
        {isOverLimit ? (
          <Text c="red.9" size="sm" role="alert">
            Choose up to {EL_INTERESTS_MAX} interests.
          </Text>
        ) : null}
        <ErrorAlert error={update.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending} disabled={isOverLimit}>
            Save interests
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Add interests" (spec 2 showInterests=true; completes el_add_interest): industries, functions, kinds. */
export function InterestsModal(props: { hubIdentifier: string; opened: boolean; onClose: () => void }) {
  const interests = useElInterests(props.hubIdentifier, props.opened);
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Add interests" size="lg">
      {interests.isPending ? (
        <LoadingState label="Loading the choices…" />
      ) : interests.isError ? (
        <ErrorState error={interests.error} onRetry={() => void interests.refetch()} />
      ) : (
        <InterestsForm hubIdentifier={props.hubIdentifier} data={interests.data} onClose={props.onClose} />
      )}
    </Modal>
  );
}
