import { Input } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { TRichTextEditorProps } from './rich-text-editor';
import classes from './rich-text-editor.module.css';

/*
 * Tiptap and ProseMirror are 440 kB of JavaScript (140 kB gzip): a page that only shows rich text, or that has a
 * form with an editor further down, must not load or run them before its first paint (issue #17, web delivery).
 * The editor's module is fetched the first time an editor renders; until then a box of the same size holds its place.
 */
const LoadedRichTextEditor = lazy(() =>
  import('./rich-text-editor').then((module) => ({ default: module.RichTextEditor })),
);

/** What stands in for the editor while its code loads: the label and an empty, busy box of the editor's size. */
function EditorPlaceholder(props: TRichTextEditorProps) {
  return (
    <Input.Wrapper
      labelElement="div"
      label={props.label}
      description={props.description}
      error={props.error}
      withAsterisk={props.isRequired}
    >
      <div className={`${classes.root} ${classes.placeholder}`} aria-busy="true" />
    </Input.Wrapper>
  );
}

/** The rich-text editor (rich-text-editor.tsx), loaded on first use. */
export function RichTextEditor(props: TRichTextEditorProps) {
  return (
    <Suspense fallback={<EditorPlaceholder {...props} />}>
      <LoadedRichTextEditor {...props} />
    </Suspense>
  );
}
