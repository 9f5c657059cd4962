import { isValidMailto, isValidUrl } from '@commons/domain';
import { Button, Group, Popover, Stack, TextInput, UnstyledButton } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconAt,
  IconBold,
  IconItalic,
  IconLink,
  IconList,
  IconListNumbers,
  IconPhoto,
  IconStrikethrough,
  IconUnderline,
} from '@tabler/icons-react';
import { useEditorState, type Editor } from '@tiptap/react';
import { useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import classes from './editor-toolbar.module.css';

/**
 * Toolbar icons from Tabler (issue #16 item 18): the Unicode glyphs they replace ('•≡', '🖼', '↶') rendered as
 * empty boxes where the system font lacks them. Decorative: each button is named by its aria-label.
 */
const ICON = { size: 18, stroke: 1.75, 'aria-hidden': true } as const;

interface TToolbarAction {
  key: string;
  label: string;
  content: ReactNode;
  isActive?: boolean;
  isDisabled?: boolean;
  run: (event: MouseEvent<HTMLButtonElement>) => void;
}

/** The toolbar's buttons in order, read from the DOM at key press (no refs during render). */
function toolbarButtons(from: HTMLElement): HTMLButtonElement[] {
  return Array.from(
    from.closest('[role="toolbar"]')?.querySelectorAll<HTMLButtonElement>('button[data-toolbar-item]') ?? [],
  );
}

/** A link target the editor accepts: an http(s) URL by the spec 5 URL rule, or a valid mailto link. */
export function linkError(href: string): string | null {
  const value = href.trim();
  if (value === '') return null;
  if (value.toLowerCase().startsWith('mailto:'))
    return isValidMailto(value) ? null : 'Enter a valid email link.';
  return isValidUrl(value) ? null : 'Enter a web address starting with http:// or https://.';
}

/** The link popover: edit, apply or remove the link of the selection. */
function LinkControl(props: {
  editor: Editor;
  isActive: boolean;
  tabIndex: number;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onFocus: () => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [href, setHref] = useState('');
  const [error, setError] = useState<string | null>(null);
  const open = () => {
    setHref(String(props.editor.getAttributes('link').href ?? ''));
    setError(null);
    setIsOpen(true);
  };
  const apply = () => {
    const value = href.trim();
    if (value === '') {
      props.editor.chain().focus().extendMarkRange('link').unsetLink().run();
      setIsOpen(false);
      return;
    }
    const problem = linkError(value);
    if (problem !== null) {
      setError(problem);
      return;
    }
    props.editor.chain().focus().extendMarkRange('link').setLink({ href: value }).run();
    setIsOpen(false);
  };
  return (
    <Popover opened={isOpen} onChange={setIsOpen} trapFocus returnFocus position="bottom-start" withArrow>
      <Popover.Target>
        <UnstyledButton
          data-toolbar-item
          className={classes.button}
          aria-label="Link"
          aria-pressed={props.isActive}
          aria-haspopup="dialog"
          aria-expanded={isOpen}
          tabIndex={props.tabIndex}
          onKeyDown={props.onKeyDown}
          onFocus={props.onFocus}
          onClick={() => (isOpen ? setIsOpen(false) : open())}
        >
          <span aria-hidden="true">
            <IconLink {...ICON} />
          </span>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
        >
          <Stack gap="xs">
            <TextInput
              label="Link address"
              value={href}
              onChange={(event) => setHref(event.currentTarget.value)}
              error={error}
              placeholder="https://"
              data-autofocus
            />
            <Group gap="xs" justify="flex-end">
              {props.isActive ? (
                <Button
                  variant="outline"
                  color="red.9"
                  onClick={() => {
                    props.editor.chain().focus().extendMarkRange('link').unsetLink().run();
                    setIsOpen(false);
                  }}
                >
                  Remove link
                </Button>
              ) : null}
              <Button type="submit">Apply</Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * The editor's formatting toolbar (WAI-ARIA toolbar pattern): one tab stop, arrow keys, Home and End
 * move between buttons; toggles say whether they are on with aria-pressed.
 */
export function EditorToolbar(props: {
  editor: Editor;
  label: string;
  onImages: (files: File[]) => Promise<void>;
}) {
  const { editor } = props;
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      isBold: current.isActive('bold'),
      isItalic: current.isActive('italic'),
      isUnderline: current.isActive('underline'),
      isStrike: current.isActive('strike'),
      isBulletList: current.isActive('bulletList'),
      isOrderedList: current.isActive('orderedList'),
      isLink: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const [focusIndex, setFocusIndex] = useState(0);

  const actions: TToolbarAction[] = [
    {
      key: 'bold',
      label: 'Bold',
      content: <IconBold {...ICON} />,
      isActive: state.isBold,
      run: () => editor.chain().focus().toggleBold().run(),
    },
    {
      key: 'italic',
      label: 'Italic',
      content: <IconItalic {...ICON} />,
      isActive: state.isItalic,
      run: () => editor.chain().focus().toggleItalic().run(),
    },
    {
      key: 'underline',
      label: 'Underline',
      content: <IconUnderline {...ICON} />,
      isActive: state.isUnderline,
      run: () => editor.chain().focus().toggleUnderline().run(),
    },
    {
      key: 'strike',
      label: 'Strikethrough',
      content: <IconStrikethrough {...ICON} />,
      isActive: state.isStrike,
      run: () => editor.chain().focus().toggleStrike().run(),
    },
    {
      key: 'bullets',
      label: 'Bulleted list',
      content: <IconList {...ICON} />,
      isActive: state.isBulletList,
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      key: 'numbers',
      label: 'Numbered list',
      content: <IconListNumbers {...ICON} />,
      isActive: state.isOrderedList,
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
  ];
  const trailing: TToolbarAction[] = [
    {
      key: 'image',
      label: 'Insert image',
      content: <IconPhoto {...ICON} />,
      run: (event) =>
        event.currentTarget
          .closest('[role="toolbar"]')
          ?.querySelector<HTMLInputElement>('input[type="file"]')
          ?.click(),
    },
    {
      key: 'mention',
      label: 'Mention someone',
      content: <IconAt {...ICON} />,
      run: () => editor.chain().focus().insertContent(' @').run(),
    },
    {
      key: 'undo',
      label: 'Undo',
      content: <IconArrowBackUp {...ICON} />,
      isDisabled: !state.canUndo,
      run: () => editor.chain().focus().undo().run(),
    },
    {
      key: 'redo',
      label: 'Redo',
      content: <IconArrowForwardUp {...ICON} />,
      isDisabled: !state.canRedo,
      run: () => editor.chain().focus().redo().run(),
    },
  ];
  const count = actions.length + 1 + trailing.length;

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (focusIndex + 1) % count;
    else if (event.key === 'ArrowLeft') next = (focusIndex - 1 + count) % count;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = count - 1;
    if (next === null) return;
    event.preventDefault();
    setFocusIndex(next);
    toolbarButtons(event.currentTarget)[next]?.focus();
  };
  const renderButton = (action: TToolbarAction, index: number) => (
    <UnstyledButton
      key={action.key}
      data-toolbar-item
      className={classes.button}
      aria-label={action.label}
      title={action.label}
      {...(action.isActive === undefined ? {} : { 'aria-pressed': action.isActive })}
      aria-disabled={action.isDisabled || undefined}
      tabIndex={index === focusIndex ? 0 : -1}
      onFocus={() => setFocusIndex(index)}
      onKeyDown={handleKeyDown}
      onClick={(event) => {
        if (!action.isDisabled) action.run(event);
      }}
    >
      <span aria-hidden="true">{action.content}</span>
    </UnstyledButton>
  );

  return (
    <div role="toolbar" aria-label={props.label} className={classes.toolbar}>
      {actions.map((action, index) => renderButton(action, index))}
      <LinkControl
        editor={editor}
        isActive={state.isLink}
        tabIndex={focusIndex === actions.length ? 0 : -1}
        onKeyDown={handleKeyDown}
        onFocus={() => setFocusIndex(actions.length)}
      />
      {trailing.map((action, index) => renderButton(action, actions.length + 1 + index))}
      <input
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        hidden
        aria-hidden="true"
        tabIndex={-1}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          void props.onImages(files);
        }}
      />
    </div>
  );
}
