import type { THubBranding } from '@commons/contract';
import { brandColorProblem } from '@commons/domain';
import { darken, lighten, rgba } from '@mantine/core';
import { useEffect } from 'react';

/** The theme's primary colour name (app/theme.ts); a hub's brand colour takes its CSS variables' place. */
const PRIMARY = 'indigo';

/**
 * The Mantine CSS variables that draw the primary colour (buttons, tabs, links, focus), set from a hub's brand
 * (issue #22 item 1): the primary colour fills, its tints and shades make the palette, the secondary colour
 * (else the primary) colours links. Empty without a usable primary colour, so the theme's own stays. Colours
 * that fail the 4.5:1 rule are never used (the server refuses them; an old row may still hold one).
 */
export function brandColorVariables(
  branding: Pick<THubBranding, 'primaryColor' | 'secondaryColor'> | undefined,
): Record<string, string> {
  const primary = branding?.primaryColor ?? null;
  if (primary === null || brandColorProblem(primary) !== null) return {};
  const secondary = branding?.secondaryColor ?? null;
  const link = secondary !== null && brandColorProblem(secondary) === null ? secondary : primary;
  const shades = [
    lighten(primary, 0.92),
    lighten(primary, 0.84),
    lighten(primary, 0.7),
    lighten(primary, 0.55),
    lighten(primary, 0.4),
    lighten(primary, 0.25),
    lighten(primary, 0.12),
    lighten(primary, 0.05),
    primary,
    darken(primary, 0.15),
  ];
  return {
    ...Object.fromEntries(shades.map((shade, index) => [`--mantine-color-${PRIMARY}-${index}`, shade])),
    [`--mantine-color-${PRIMARY}-filled`]: primary,
    [`--mantine-color-${PRIMARY}-filled-hover`]: darken(primary, 0.12),
    [`--mantine-color-${PRIMARY}-light`]: rgba(primary, 0.1),
    [`--mantine-color-${PRIMARY}-light-hover`]: rgba(primary, 0.14),
    [`--mantine-color-${PRIMARY}-light-color`]: primary,
    [`--mantine-color-${PRIMARY}-outline`]: primary,
    [`--mantine-color-${PRIMARY}-outline-hover`]: rgba(primary, 0.06),
    [`--mantine-color-${PRIMARY}-text`]: primary,
    '--mantine-primary-color-filled': primary,
    '--mantine-primary-color-filled-hover': darken(primary, 0.12),
    '--mantine-primary-color-light': rgba(primary, 0.1),
    '--mantine-primary-color-light-hover': rgba(primary, 0.14),
    '--mantine-primary-color-light-color': primary,
    '--mantine-color-anchor': link,
  };
}

/**
 * Applies a hub's brand colours to the whole page (the document's root, so menus, dialogs and toasts drawn
 * outside the page's tree take them too) while the hub is open; the theme's own return after.
 */
export function useHubBrandColors(branding: THubBranding | undefined): void {
  const primary = branding?.primaryColor ?? null;
  const secondary = branding?.secondaryColor ?? null;
  useEffect(() => {
    const variables = brandColorVariables({ primaryColor: primary, secondaryColor: secondary });
    const root = document.documentElement;
    for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
    return () => {
      for (const name of Object.keys(variables)) root.style.removeProperty(name);
    };
  }, [primary, secondary]);
}
