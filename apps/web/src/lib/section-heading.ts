/**
 * The heading of the section `element` is in (section[aria-labelledby]), made focusable by script: where focus
 * goes when the thing that held it is removed (a deleted post), instead of falling to the page body.
 */
export function sectionHeading(element: HTMLElement | null): HTMLElement | null {
  const id = element?.closest('section[aria-labelledby]')?.getAttribute('aria-labelledby');
  const heading = id ? document.getElementById(id) : null;
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return heading;
}
