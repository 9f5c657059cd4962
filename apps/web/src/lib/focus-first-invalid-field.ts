/** A field Mantine marks as invalid (aria-invalid on inputs, data-error on inputs and their wrappers, radio groups included). */
const INVALID_SELECTOR = '[aria-invalid="true"], [data-error]';
const FOCUSABLE_SELECTOR =
  'input:not([type="hidden"]), textarea, select, button, [contenteditable="true"], [tabindex]';
/** Frames to wait for the errors to render (a server's answer re-renders a little later than a click). */
const FRAMES_TO_WAIT = 5;

/**
 * After a failed submit, moves focus to the first field of `container` that shows an error, so keyboard
 * and screen-reader users land on what to fix (issue #16 item 17). Waits for the errors to render.
 */
export function focusFirstInvalidField(
  container: Element | null | undefined,
  framesLeft = FRAMES_TO_WAIT,
): void {
  if (container === null || container === undefined) return;
  window.requestAnimationFrame(() => {
    const invalid = container.querySelector<HTMLElement>(INVALID_SELECTOR);
    const field = invalid?.matches(FOCUSABLE_SELECTOR)
      ? invalid
      : invalid?.querySelector<HTMLElement>(FOCUSABLE_SELECTOR);
    if (field !== null && field !== undefined) {
      field.focus();
      return;
    }
    if (framesLeft > 1) focusFirstInvalidField(container, framesLeft - 1);
  });
}

/**
 * The second argument of Mantine's `form.onSubmit(handleSubmit, onInvalidSubmit)`: focus the first
 * field the validation marked.
 */
export function onInvalidSubmit(
  _errors: unknown,
  _values: unknown,
  event: { currentTarget: EventTarget | null } | undefined,
): void {
  const form = event?.currentTarget;
  focusFirstInvalidField(form instanceof Element ? form : null);
}
