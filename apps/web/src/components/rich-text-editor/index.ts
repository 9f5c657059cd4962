export { RichTextEditor, uploadEditorImage, type TRichTextEditorProps } from './rich-text-editor';
export { RichTextView } from './rich-text-view';
