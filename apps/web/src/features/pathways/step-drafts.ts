/**
 * Text answers kept in this browser until the server has them (issue #20 item 1: nothing typed is lost): an
 * answer too short to save under spec 5, or one whose save failed, comes back when the step opens again.
 */
const PREFIX = 'commons.pathway-draft';

function key(options: { hubIdentifier: string; slug: string; stepId: string }): string {
  return `${PREFIX}:${options.hubIdentifier}:${options.slug}:${options.stepId}`;
}

/** The kept text of a step, or null. */
export function readStepDraft(options: {
  hubIdentifier: string;
  slug: string;
  stepId: string;
}): string | null {
  try {
    return window.localStorage.getItem(key(options));
  } catch {
    return null;
  }
}

/** Keeps a step's text (null forgets it, once the server has the answer). */
export function writeStepDraft(
  options: { hubIdentifier: string; slug: string; stepId: string },
  text: string | null,
): void {
  try {
    if (text === null) window.localStorage.removeItem(key(options));
    else window.localStorage.setItem(key(options), text);
  } catch {
    // Storage full or blocked: the field still holds the text while the page is open.
  }
}
