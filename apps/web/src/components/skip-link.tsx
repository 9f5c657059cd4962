import classes from './skip-link.module.css';

/** Id of every page's main landmark; the skip link jumps to it. */
export const MAIN_CONTENT_ID = 'main-content';

/** "Skip to main content": the first focusable element of every page (WCAG 2.4.1 Bypass Blocks). */
export function SkipLink() {
  return (
    <a className={classes.skipLink} href={`#${MAIN_CONTENT_ID}`}>
      Skip to main content
    </a>
  );
}
