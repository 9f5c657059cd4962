import { EMAIL_DIGEST_FREQUENCIES, type TEmailDigestFrequency } from '@commons/contract';
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { LoadingState } from '../../../components/loading-state';
import { useMyEmailDigestFrequency, useSaveEmailDigestFrequency } from '../api/action-items';
import { LazyModal } from '../../../components/lazy-modal';

/** How each frequency reads (the same choice as the account settings). */
const FREQUENCY_LABELS: Record<TEmailDigestFrequency, string> = {
  immediately: 'Right away, one email per conversation',
  daily: 'Once a day, in one digest',
  never: 'Never',
};

function NotificationsForm(props: { initial: TEmailDigestFrequency; onDone: () => void }) {
  const save = useSaveEmailDigestFrequency();
  // Never is the one choice that does not turn anything on: start from right away then.
  const [frequency, setFrequency] = useState<TEmailDigestFrequency>(
    props.initial === 'never' ? 'immediately' : props.initial,
  );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(frequency, { onSuccess: props.onDone });
      }}
    >
      <Stack>
        <Text size="sm">
          Choose how we tell you about new messages and meeting requests you have not read.
        </Text>
        <Radio.Group
          label="Email me about unread messages"
          value={frequency}
          onChange={(value) => setFrequency(value as TEmailDigestFrequency)}
        >
          <Stack gap="xs" mt="xs">
            {EMAIL_DIGEST_FREQUENCIES.map((value) => (
              <Radio key={value} value={value} label={FREQUENCY_LABELS[value]} />
            ))}
          </Stack>
        </Radio.Group>
        <ErrorAlert error={save.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The get_notified item's dialog (click action 'modal'): how often to be emailed about unread messages,
 * the account setting; choosing anything but never completes the item on the server.
 */
export function NotificationsModal(props: { isOpen: boolean; onClose: () => void }) {
  const current = useMyEmailDigestFrequency(props.isOpen);
  return (
    <LazyModal opened={props.isOpen} onClose={props.onClose} title="Get notified">
      {current.isPending ? (
        <LoadingState label="Loading your settings…" />
      ) : current.isError ? (
        <ErrorAlert error={current.error} />
      ) : (
        <NotificationsForm initial={current.data} onDone={props.onClose} />
      )}
    </LazyModal>
  );
}
