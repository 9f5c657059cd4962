import { Button, Fieldset, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TItemErrors } from '../lib/profile-drafts';

/** The first server or browser message for item `index` among `fields` (errors are keyed `items.{i}.{field}`). */
export function itemError(errors: TItemErrors, index: number, ...fields: string[]): string | undefined {
  return fields.map((field) => errors[`items.${index}.${field}`]).find((message) => message !== undefined);
}

/**
 * Rows of a repeatable profile item (schools, work history): one fieldset per item named `{itemName} {n}`,
 * its fields from `renderItem`, a remove button per row and an add button, for the profile editor and signup.
 */
export function ListEditor<T extends { key: string }>(props: {
  items: T[];
  onChange: (items: T[]) => void;
  /** 'School', 'Position': the legend and the remove button's name. */
  itemName: string;
  addLabel: string;
  createItem: () => T;
  renderItem: (item: T, index: number, update: (patch: Partial<T>) => void) => ReactNode;
}) {
  const update = (index: number, patch: Partial<T>) =>
    props.onChange(props.items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  return (
    <Stack gap="md">
      {props.items.map((item, index) => (
        <Fieldset key={item.key} legend={`${props.itemName} ${index + 1}`}>
          <Stack gap="sm">
            {props.renderItem(item, index, (patch) => update(index, patch))}
            <Group justify="flex-end">
              <Button
                variant="outline"
                color="red.9"
                onClick={() => props.onChange(props.items.filter((_, i) => i !== index))}
              >
                Remove {props.itemName.toLowerCase()} {index + 1}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      ))}
      <Group>
        <Button variant="outline" onClick={() => props.onChange([...props.items, props.createItem()])}>
          {props.addLabel}
        </Button>
      </Group>
    </Stack>
  );
}
