// Mantine theme: a 900 px tablet breakpoint (`md`) and colours dark enough for WCAG AA text.
import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 6 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  breakpoints: { xs: '36em', sm: '48em', md: '56.25em', lg: '75em', xl: '88em' },
  focusRing: 'auto',
  cursorType: 'pointer',
});

/** Mantine's dimmed grey and error red are below 4.5:1 on white; use darker shades. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
