import { readFileSync } from 'node:fs';
import { COVER_PRESETS, coverPresetUrl } from '@commons/domain';
import { describe, expect, it } from 'vitest';

/** Every preset the server accepts is a file the web app serves (apps/web/public/covers). */
describe('cover presets', () => {
  it.each(COVER_PRESETS.map((p) => p.id))('%s is a small SVG with no script', (id) => {
    const file = new URL(`../../public${coverPresetUrl(id)}`, import.meta.url);
    const svg = readFileSync(file, 'utf8');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).not.toMatch(/<script|on\w+=|href=/i);
    expect(svg.length).toBeLessThan(4096);
  });
});
