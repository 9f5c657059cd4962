/**
 * Cover images of groups and events (issue #16 item 18): a preset shipped with the web app (so every demo
 * group and a new one look finished without an upload) or an image uploaded to the hub through the
 * rich-text image endpoint. Any other URL is refused, so no member's browser is sent to a hot-linked host.
 */
export const COVER_PRESETS = [
  { id: 'aurora', label: 'Aurora' },
  { id: 'campus', label: 'Campus' },
  { id: 'horizon', label: 'Horizon' },
  { id: 'network', label: 'Network' },
  { id: 'waves', label: 'Waves' },
  { id: 'spark', label: 'Spark' },
] as const;
export type TCoverPresetId = (typeof COVER_PRESETS)[number]['id'];

/** Where the web app serves a preset (apps/web/public/covers). */
export function coverPresetUrl(id: TCoverPresetId): string {
  return `/covers/${id}.svg`;
}

const PRESET_URL = /^\/covers\/([a-z0-9-]+)\.svg$/;
const UPLOADED_URL = /^\/api\/rich-text\/images\/([a-f0-9]{32})$/;

export type TCoverImage = { kind: 'preset'; id: TCoverPresetId } | { kind: 'uploaded'; key: string };

/** What a cover URL points at, or null when it is neither a known preset nor an uploaded image. */
export function parseCoverImageUrl(url: string): TCoverImage | null {
  const preset = PRESET_URL.exec(url)?.[1];
  if (preset !== undefined) {
    const found = COVER_PRESETS.find((p) => p.id === preset);
    return found ? { kind: 'preset', id: found.id } : null;
  }
  const key = UPLOADED_URL.exec(url)?.[1];
  return key === undefined ? null : { kind: 'uploaded', key };
}

export const COVER_IMAGE_INVALID_MESSAGE = 'Choose one of the covers or upload an image.';
