import { Drawer, Modal, type DrawerProps, type ModalProps } from '@mantine/core';
import { useLayoutEffect, useState } from 'react';

/**
 * Whether a dialog that is `opened` now or was before is mounted (issue #17 item 7). A closed Mantine Modal or
 * Drawer still mounts its portal and transitions, which set state as they mount and so render again within the
 * page's first commit; a feed's cards, a home's action items and the phone header each carry some. The first
 * opening mounts the dialog closed and then opens it, so it records the focused element (its focus return) and
 * plays its transition as a dialog that was always there; from then on it stays mounted.
 */
function useMountedOnceOpened(opened: boolean): { isMounted: boolean; isOpen: boolean } {
  const [isMounted, setIsMounted] = useState(false);
  useLayoutEffect(() => {
    // The second render is the point: Mantine records the focused element only when `opened` changes after mounting.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (opened) setIsMounted(true);
  }, [opened]);
  return { isMounted: isMounted || opened, isOpen: opened && isMounted };
}

/** Mantine's Modal, mounted from the first time it opens (useMountedOnceOpened). */
export function LazyModal(props: ModalProps) {
  const { isMounted, isOpen } = useMountedOnceOpened(props.opened);
  return isMounted ? <Modal {...props} opened={isOpen} /> : null;
}

/** Mantine's Drawer, mounted from the first time it opens (useMountedOnceOpened). */
export function LazyDrawer(props: DrawerProps) {
  const { isMounted, isOpen } = useMountedOnceOpened(props.opened);
  return isMounted ? <Drawer {...props} opened={isOpen} /> : null;
}
