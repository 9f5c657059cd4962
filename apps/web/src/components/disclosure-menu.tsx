import { Button, Popover, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * A button that shows and hides a small panel of links and actions (the disclosure pattern). The
 * panel follows the button in the DOM, so Tab moves into it; Escape closes it and returns focus.
 * It closes on navigation.
 */
export function DisclosureMenu(props: {
  /** Accessible name of the button when its visible content is not enough. */
  buttonLabel: string;
  buttonContent: ReactNode;
  buttonLeftSection?: ReactNode;
  /** Heading of the panel, also its accessible name. */
  title: string;
  position?: 'bottom-start' | 'bottom-end';
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  // Remembering where it was opened closes the panel on navigation without an effect.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const isOpen = openedAt === pathname;
  const setIsOpen = (value: boolean) => setOpenedAt(value ? pathname : null);
  return (
    <Popover
      opened={isOpen}
      onChange={setIsOpen}
      position={props.position ?? 'bottom-start'}
      withinPortal={false}
      trapFocus={false}
      returnFocus
      shadow="md"
      transitionProps={{ duration: 0 }}
      width={260}
    >
      <Popover.Target>
        <Button
          variant="default"
          aria-label={props.buttonLabel}
          leftSection={props.buttonLeftSection}
          rightSection={<span aria-hidden="true">▾</span>}
          onClick={() => setIsOpen(!isOpen)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setIsOpen(false);
          }}
        >
          {props.buttonContent}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={props.title}>
        <Text size="sm" fw={600} c="gray.8" mb="xs">
          {props.title}
        </Text>
        <Stack gap={4}>{props.children}</Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
