// The editor is loaded on first use (lazy-rich-text-editor.tsx); the view costs nothing.
export { RichTextEditor } from './lazy-rich-text-editor';
export type { TRichTextEditorProps } from './rich-text-editor';
export { RichTextView } from './rich-text-view';
