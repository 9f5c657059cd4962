import { Button, Group, Stack, TagsInput, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { LoadingState } from '../../../components/loading-state';
import { isApiError } from '../../../lib/api-error';
import { useMyHelpTopics, useSaveHelpTopics } from '../api/action-items';
import { LazyModal } from '../../../components/lazy-modal';

/** At most this many help topics (the profile's limit, contract ZPatchProfileRequest). */
const MAX_HELP_TOPICS = 30;

function HelpTopicsForm(props: { hubIdentifier: string; initialTopics: string[]; onDone: () => void }) {
  const save = useSaveHelpTopics(props.hubIdentifier);
  const [topics, setTopics] = useState(props.initialTopics);
  const fieldError = isApiError(save.error) ? save.error.fields['helpTopics'] : undefined;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(topics, { onSuccess: props.onDone });
      }}
    >
      <Stack>
        <Text size="sm">
          Name what you can help with, for example “Resume review” or “Careers in finance”. They show on your
          profile, so people know what to ask you.
        </Text>
        <TagsInput
          label="Topics you can help with"
          description="Press Enter after each topic."
          value={topics}
          onChange={setTopics}
          maxTags={MAX_HELP_TOPICS}
          error={fieldError}
          data-autofocus
        />
        {fieldError === undefined ? <ErrorAlert error={save.error} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={topics.length === 0}>
            Save topics
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The offer_expertise item's dialog (click action 'modal'): the topics the viewer can help others with,
 * saved to their profile; saving at least one completes the item on the server.
 */
export function OfferHelpModal(props: { hubIdentifier: string; isOpen: boolean; onClose: () => void }) {
  const current = useMyHelpTopics(props.hubIdentifier, props.isOpen);
  return (
    <LazyModal opened={props.isOpen} onClose={props.onClose} title="Offer your expertise">
      {current.isPending ? (
        <LoadingState label="Loading your topics…" />
      ) : current.isError ? (
        <ErrorAlert error={current.error} />
      ) : (
        <HelpTopicsForm
          hubIdentifier={props.hubIdentifier}
          initialTopics={current.data}
          onDone={props.onClose}
        />
      )}
    </LazyModal>
  );
}
