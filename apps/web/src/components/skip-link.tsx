import type { MouseEvent } from 'react';
import classes from './skip-link.module.css';

/** Id of every page's main landmark; the skip link jumps to it. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * Moves focus to the main landmark itself (it has tabIndex -1), so the next Tab starts in the page;
 * done by hand rather than by the #fragment, which would add a history entry the router then handles.
 */
function skipToMain(event: MouseEvent<HTMLAnchorElement>): void {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (main === null) return;
  event.preventDefault();
  main.focus({ preventScroll: true });
  main.scrollIntoView({ block: 'start' });
}

/** "Skip to main content": the first focusable element of every page (WCAG 2.4.1 Bypass Blocks). */
export function SkipLink() {
  return (
    <a className={classes.skipLink} href={`#${MAIN_CONTENT_ID}`} onClick={skipToMain}>
      Skip to main content
    </a>
  );
}
