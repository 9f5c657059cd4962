import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * The Mantine theme. Colours meet WCAG 2.2 AA (4.5:1 for text): indigo shade 8 on white is 5.7:1,
 * dimmed text uses gray 7 (8.2:1) instead of gray 6 (3.3:1), errors use red 9 (5.5:1) instead of
 * red 6 (3.3:1). Breakpoints follow spec 9 Layout (576, 768, 992, 1200, 1600 px).
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 4 },
  focusRing: 'auto',
  // Transitions are skipped for users who ask their system for reduced motion (WCAG 2.3.3).
  respectReducedMotion: true,
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '100em' },
  components: {
    Anchor: { defaultProps: { underline: 'always' } },
    // Toasts' close buttons have no text of their own (axe button-name); their description text is dimmed
    // (3.3:1) by default, dark 7 keeps 4.5:1.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-dark-7)' } },
    },
    // Dialogs' close buttons likewise (every modal, one place).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
  },
});

/** Overrides of Mantine's CSS variables whose defaults fall below 4.5:1 contrast. */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': current.colors.gray[7],
    '--mantine-color-error': current.colors.red[9],
    '--mantine-color-placeholder': current.colors.gray[7],
    '--mantine-color-anchor': current.colors.indigo[8],
  },
  dark: {
    '--mantine-color-dimmed': current.colors.dark[1],
    '--mantine-color-error': current.colors.red[4],
  },
});
