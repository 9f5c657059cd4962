/** Form fields first; a control such as 'Add a position' when an editor has no field yet. */
const FIELD_SELECTOR =
  'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled])';
const CONTROL_SELECTOR = `${FIELD_SELECTOR}, button:not([disabled]), [tabindex]:not([tabindex="-1"])`;
/** How long to wait for an editor to render (its data may still be loading). */
const WAIT_MS = 3000;

/** Where an editor opened from the profile checklist is. */
export interface TEditorLocation {
  /** The section, or the form itself, holding the editor. */
  containerId: string;
  /** The field to focus (its name attribute), else the editor's first field. */
  fieldName?: string;
  /** The photo uploader is a bare file input, not a form. */
  isForm?: boolean;
}

function findField(location: TEditorLocation): HTMLElement | null {
  const container = document.getElementById(location.containerId);
  if (container === null) return null;
  const scope =
    location.isForm === false || container.matches('form') ? container : container.querySelector('form');
  if (scope === null) return null;
  if (location.fieldName !== undefined) {
    const named = scope.querySelector<HTMLElement>(`[name="${CSS.escape(location.fieldName)}"]`);
    // A select of options (Mantine's MultiSelect) keeps its value in a hidden input right after the field
    // people type in: focus that field.
    if (named instanceof HTMLInputElement && named.type === 'hidden')
      return named.previousElementSibling?.querySelector<HTMLElement>(FIELD_SELECTOR) ?? null;
    return named;
  }
  return (
    scope.querySelector<HTMLElement>(FIELD_SELECTOR) ?? scope.querySelector<HTMLElement>(CONTROL_SELECTOR)
  );
}

/**
 * Brings an editor opened from the profile checklist into view and puts the cursor in it (issue #16
 * item 12): waits for it to render, scrolls the whole editor on screen (its top when it is taller than
 * the window) and focuses the named field, else its first one.
 */
export function revealEditor(location: TEditorLocation, deadline = performance.now() + WAIT_MS): void {
  window.requestAnimationFrame(() => {
    const field = findField(location);
    if (field === null) {
      if (performance.now() < deadline) revealEditor(location, deadline);
      return;
    }
    const editor = (location.isForm === false ? field.parentElement : field.closest('form')) ?? field;
    const fitsOnScreen = editor.getBoundingClientRect().height <= window.innerHeight;
    editor.scrollIntoView({ block: fitsOnScreen ? 'center' : 'start' });
    field.focus({ preventScroll: true });
  });
}
