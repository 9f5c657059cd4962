import classes from './rich-text-editor.module.css';

/**
 * Shows rich text that the server has sanitised (spec 5 Rich text allowlist, lib/rich-text.ts on
 * the server); nothing else may be passed here.
 */
export function RichTextView(props: { html: string; className?: string }) {
  return (
    <div
      className={props.className === undefined ? classes.view : `${classes.view} ${props.className}`}
      // The HTML was sanitised by the server with the spec allowlist before it was stored.
      dangerouslySetInnerHTML={{ __html: props.html }}
    />
  );
}
