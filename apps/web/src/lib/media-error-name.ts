/** The DOMException name of a getUserMedia or MediaRecorder failure ('' when it has none), to explain it in plain words. */
export function mediaErrorName(error: unknown): string {
  return typeof error === 'object' && error !== null && 'name' in error
    ? String((error as { name: unknown }).name)
    : '';
}
