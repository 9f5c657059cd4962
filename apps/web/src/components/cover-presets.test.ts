import { COVER_PRESETS, coverPresetUrl } from '@commons/domain';
import { describe, expect, it } from 'vitest';

/** The preset files as text, by their path under public/ (Vite reads them at test time). */
const files = import.meta.glob<string>('../../public/covers/*.svg', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Every preset the server accepts is a file the web app serves (apps/web/public/covers). */
describe('cover presets', () => {
  it.each(COVER_PRESETS.map((p) => p.id))('%s is a small SVG with no script', (id) => {
    const svg = files[`../../public${coverPresetUrl(id)}`];
    expect(svg, `apps/web/public${coverPresetUrl(id)}`).toBeDefined();
    expect(svg?.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).not.toMatch(/<script|on\w+=|href=/i);
    expect(svg?.length ?? Infinity).toBeLessThan(4096);
  });
});
