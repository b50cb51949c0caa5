// Mantine theme of the platform. The `md` breakpoint is 960 px: the menubars collapse below it (specification §9).
import { createTheme, darken, defaultVariantColorsResolver, Drawer, Menu, Modal, Notification, parseThemeColor, type VariantColorsResolver } from '@mantine/core';
import { texts } from './texts';

/**
 * The `light` variant (badges, light buttons and alerts) writes in the colour's darkest shade darkened further, so
 * that small text reaches WCAG AA contrast (4.5:1) on its tinted background whatever the colour (yellow included).
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor) return colors;
  return { ...colors, color: darken(input.theme.colors[parsed.color][9], 0.4), hoverColor: darken(input.theme.colors[parsed.color][9], 0.4) };
};

export const theme = createTheme({
  primaryColor: 'indigo',
  // One shade darker than the default so filled buttons and links reach WCAG AA contrast.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  defaultGradient: { from: 'indigo', to: 'cyan', deg: 45 },
  variantColorResolver,
  // Filled badges and buttons pick black or white text from their background (a yellow badge gets black text).
  autoContrast: true,
  breakpoints: { xs: '36em', sm: '48em', md: '60em', lg: '75em', xl: '88em' },
  components: {
    // Toast messages in dark gray: the default light gray is below WCAG AA on white.
    Notification: Notification.extend({ styles: { description: { color: 'var(--mantine-color-gray-8)' } } }),
    // Without the focusable placeholder Mantine puts first in each menu, role="menu" holds only menu items (WCAG 1.3.1).
    Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
    // Every dialog's close button says what it does (it is an icon only).
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': texts.close } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': texts.close } } }),
  },
});
