import { DIRECTORY_PATHS, IMAGE_FETCH_ERROR, ZMentionsResponse } from '@commons/contract';
import { Input } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Image } from '@tiptap/extension-image';
import { Mention } from '@tiptap/extension-mention';
import { Placeholder } from '@tiptap/extensions';
import type { TiptapEditorHTMLElement } from '@tiptap/core';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import type { EditorView } from '@tiptap/pm/view';
import { StarterKit } from '@tiptap/starter-kit';
import { useEffect, useId, useState } from 'react';
import { apiRequest } from '../../lib/api-client';
import { uploadImage } from '../../lib/upload-image';
import { createDebouncedMentionSearch, type TMentionCandidate } from './debounced-mention-search';
import { EditorToolbar } from './editor-toolbar';
import { MentionList } from './mention-list';
import { createMentionStore, type TMentionStore } from './mention-store';
import classes from './rich-text-editor.module.css';

/** Inserts uploaded images at the caret; a failure shows the spec 8 image message. */
async function insertImages(editor: Editor, files: File[]): Promise<void> {
  for (const file of files) {
    try {
      const src = await uploadImage(file);
      editor
        .chain()
        .focus()
        .setImage({ src, alt: file.name.replace(/\.[^.]+$/, '') })
        .run();
    } catch {
      notifications.show({
        color: 'red',
        title: IMAGE_FETCH_ERROR.title,
        message: IMAGE_FETCH_ERROR.message,
      });
    }
  }
}

function imageFiles(list: FileList | null | undefined): File[] {
  return Array.from(list ?? []).filter((file) => file.type.startsWith('image/'));
}

/** Pasted or dropped image files are uploaded and inserted; false lets the editor handle the event. */
function handleImageTransfer(view: EditorView, list: FileList | null | undefined): boolean {
  const files = imageFiles(list);
  const editor = (view.dom as TiptapEditorHTMLElement).editor;
  if (files.length === 0 || editor === undefined) return false;
  void insertImages(editor, files);
  return true;
}

/** The mention lookup (spec 7 user search for mentions) in the current hub, debounced 300 ms. */
function createMentionSearch() {
  return createDebouncedMentionSearch(async (term) => {
    const result = await apiRequest(DIRECTORY_PATHS.mentions, {
      query: { q: term },
      schema: ZMentionsResponse,
      isErrorToastSuppressed: true,
    });
    return result.items;
  });
}

/** Only images uploaded through the server are read back into the editor. */
const UploadedImage = Image.extend({
  parseHTML() {
    return [{ tag: 'img[src^="/api/rich-text/images/"]' }];
  },
});

/**
 * A mention is written as a link to the profile, `<a class="mention" href="/profile/{identifier}/">`,
 * which stays inside the spec 5 allowlist; the server reads the identifiers back from it.
 */
function mentionExtension(store: TMentionStore, search: (query: string) => Promise<TMentionCandidate[]>) {
  return Mention.extend({
    parseHTML() {
      return [
        {
          tag: 'a.mention[href^="/profile/"]',
          priority: 1001,
          getAttrs: (element) => {
            const href = element.getAttribute('href') ?? '';
            const identifier = decodeURIComponent(href.replace(/^\/profile\//, '').replace(/\/$/, ''));
            return { id: identifier, label: (element.textContent ?? '').replace(/^@/, '') };
          },
        },
      ];
    },
  }).configure({
    renderHTML: ({ node }) => [
      'a',
      { class: 'mention', href: `/profile/${encodeURIComponent(String(node.attrs.id))}/` },
      `@${String(node.attrs.label ?? node.attrs.id)}`,
    ],
    renderText: ({ node }) => `@${String(node.attrs.label ?? node.attrs.id)}`,
    suggestion: {
      char: '@',
      allowSpaces: true,
      items: ({ query }) => search(query),
      render: () => {
        const show = (props: {
          items: TMentionCandidate[];
          clientRect?: (() => DOMRect | null) | null;
          command: (attrs: { id: string; label: string }) => void;
        }) => {
          const rect = props.clientRect?.() ?? null;
          store.open({
            items: props.items,
            rect: rect === null ? null : { left: rect.left, bottom: rect.bottom },
            choose: (item) => props.command({ id: item.identifier, label: item.fullname }),
          });
        };
        return {
          onStart: show,
          onUpdate: show,
          onKeyDown: ({ event }) => {
            if (!store.get().isOpen) return false;
            if (event.key === 'ArrowDown') store.move(1);
            else if (event.key === 'ArrowUp') store.move(-1);
            else if (event.key === 'Enter' || event.key === 'Tab') return store.chooseSelected();
            else if (event.key === 'Escape') store.close();
            else return false;
            return true;
          },
          onExit: () => store.close(),
        };
      },
    },
  });
}

/** Props of the rich-text editor. */
export interface TRichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  description?: string;
  error?: string | null;
  placeholder?: string;
  isRequired?: boolean;
  isMentionEnabled?: boolean;
}

/**
 * The rich-text editor of questions, answers, comments, posts, event descriptions and messages
 * (Tiptap; spec 5 Rich text): only the allowlisted formatting, links, mentions with the 300 ms
 * debounced lookup, and images uploaded through the server. The toolbar is one tab stop with arrow
 * keys inside (WAI-ARIA toolbar); the editable area is a labelled multi-line textbox.
 */
export function RichTextEditor(props: TRichTextEditorProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const [store] = useState(createMentionStore);
  const [search] = useState(createMentionSearch);
  const describedBy = [props.description ? descriptionId : null, props.error ? errorId : null]
    .filter(Boolean)
    .join(' ');

  const editor = useEditor({
    immediatelyRender: true,
    extensions: [
      StarterKit.configure({
        heading: false,
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ['mailto'], defaultProtocol: 'https' },
      }),
      UploadedImage.configure({ inline: false, allowBase64: false }),
      Placeholder.configure({ placeholder: props.placeholder ?? '' }),
      ...(props.isMentionEnabled === false ? [] : [mentionExtension(store, search)]),
    ],
    content: props.value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy === '' ? {} : { 'aria-describedby': describedBy }),
        ...(props.error ? { 'aria-invalid': 'true' } : {}),
        ...(props.isRequired ? { 'aria-required': 'true' } : {}),
      },
      handlePaste: (view, event) => handleImageTransfer(view, event.clipboardData?.files),
      handleDrop: (view, event) => handleImageTransfer(view, (event as DragEvent).dataTransfer?.files),
    },
    onUpdate: ({ editor: current }) => props.onChange(current.isEmpty ? '' : current.getHTML()),
  });

  // A value set from outside (a reset after posting) replaces the content. An editor that React's hidden
  // subtree (Suspense, Activity) destroyed has no schema left; useEditor replaces it and this runs again.
  useEffect(() => {
    if (editor === null || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (props.value !== current) editor.commands.setContent(props.value, { emitUpdate: false });
  }, [editor, props.value]);

  return (
    <Input.Wrapper
      labelElement="div"
      labelProps={{ id: labelId }}
      label={props.label}
      description={props.description}
      descriptionProps={{ id: descriptionId }}
      error={props.error}
      errorProps={{ id: errorId }}
      withAsterisk={props.isRequired}
    >
      <div className={classes.root} data-error={props.error ? true : undefined}>
        {editor === null ? null : (
          <EditorToolbar
            editor={editor}
            label={`${props.label} formatting`}
            onImages={(files) => insertImages(editor, files)}
          />
        )}
        <EditorContent editor={editor} className={classes.content} />
      </div>
      <MentionList store={store} listId={`${id}-mentions`} />
    </Input.Wrapper>
  );
}
