import { Avatar, Group, Paper, Portal, Text, VisuallyHidden } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import type { TMentionStore } from './mention-store';
import classes from './rich-text-editor.module.css';

/** The people offered while typing after '@': a listbox under the caret; the editor keeps the focus. */
export function MentionList(props: { store: TMentionStore; listId: string }) {
  const state = useSyncExternalStore(props.store.subscribe, props.store.get);
  const count = state.items.length;
  return (
    <>
      <VisuallyHidden aria-live="polite">
        {state.isOpen
          ? count === 0
            ? 'Nobody found'
            : `${count} ${count === 1 ? 'person' : 'people'} found`
          : ''}
      </VisuallyHidden>
      {state.isOpen && state.rect !== null && count > 0 ? (
        <Portal>
          <Paper
            shadow="md"
            withBorder
            className={classes.mentionList}
            style={{ left: state.rect.left + window.scrollX, top: state.rect.bottom + window.scrollY + 4 }}
          >
            <ul
              role="listbox"
              id={props.listId}
              aria-label="People to mention"
              className={classes.mentionItems}
            >
              {state.items.map((item, index) => (
                <li
                  key={item.id}
                  role="option"
                  id={`${props.listId}-${index}`}
                  aria-selected={index === state.selectedIndex}
                  className={classes.mentionItem}
                  data-selected={index === state.selectedIndex || undefined}
                  onMouseDown={(event) => {
                    // Keeps the caret in the editor while choosing; the keyboard chooses with Enter.
                    event.preventDefault();
                    state.choose?.(item);
                  }}
                >
                  <Group gap="xs" wrap="nowrap">
                    <Avatar src={item.photoUrl} alt="" size="sm" radius="xl" />
                    <Text size="sm">{item.fullname}</Text>
                  </Group>
                </li>
              ))}
            </ul>
          </Paper>
        </Portal>
      ) : null}
    </>
  );
}
