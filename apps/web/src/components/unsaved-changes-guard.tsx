import { Button, Group, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { LazyModal } from './lazy-modal';

/** The question asked when leaving an editor with unsaved changes (issue #4 item 2). */
export const UNSAVED_CHANGES_MESSAGE = 'If you leave before saving, your changes will be lost.';

/**
 * While `isDirty`, asks before leaving: in-app navigation is held by react-router's blocker and a
 * dialog; closing or reloading the tab gets the browser's own beforeunload prompt.
 */
export function UnsavedChangesGuard({ isDirty }: { isDirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!isDirty) return undefined;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only with a returnValue.
      event.returnValue = UNSAVED_CHANGES_MESSAGE;
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [isDirty]);

  const isOpen = blocker.state === 'blocked';
  return (
    <LazyModal
      opened={isOpen}
      onClose={() => blocker.reset?.()}
      title="Leave without saving?"
      centered
      transitionProps={{ duration: 0 }}
    >
      <Text>{UNSAVED_CHANGES_MESSAGE}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          Stay
        </Button>
        <Button color="red.9" onClick={() => blocker.proceed?.()}>
          Leave
        </Button>
      </Group>
    </LazyModal>
  );
}
