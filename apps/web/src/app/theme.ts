// Mantine theme of the platform. The `md` breakpoint is 960 px: the menubars collapse below it.
import { createTheme, darken, defaultVariantColorsResolver, Drawer, luminance, Menu, Modal, Notification, parseThemeColor, PasswordInput, type VariantColorsResolver } from '@mantine/core';
import { texts } from '@/texts';
import dates from './dates.module.css';

/**
 * Filled colours keep white text at WCAG AA contrast (see below). The `light` variant (badges, light buttons and alerts) writes in the colour's darkest shade darkened further, so
 * that small text reaches WCAG AA contrast (4.5:1) on its tinted background whatever the colour (yellow included).
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor) return colors;
  if (input.variant === 'filled' && input.color && !input.color.includes('.')) {
    // White text on a filled colour (a red "Confirmer") needs 4.5:1: take the first shade from 7 on that gives it;
    // colours too light even at 9 (yellow) keep theirs and get dark text from autoContrast.
    const shades = input.theme.colors[parsed.color];
    const shade = [7, 8, 9].find((i) => 1.05 / (luminance(shades[i]) + 0.05) >= 4.5);
    if (shade !== undefined && shade > 7) return { ...colors, background: shades[shade], hover: darken(shades[shade], 0.1), color: 'var(--mantine-color-white)' };
    return colors;
  }
  if (input.variant !== 'light') return colors;
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
  // A user who asked the system for less motion gets dialogs, menus, drawers and toasts without their transitions.
  respectReducedMotion: true,
  components: {
    // Toast messages in dark gray: the default light gray is below WCAG AA on white.
    // Its close button (an icon) says what it does.
    Notification: Notification.extend({
      styles: { description: { color: 'var(--mantine-color-gray-8)' } },
      defaultProps: { closeButtonProps: { 'aria-label': texts.closeMessage } },
    }),
    // The eye button of password fields says what it does, in French.
    PasswordInput: PasswordInput.extend({ defaultProps: { visibilityToggleButtonProps: { 'aria-label': texts.passwordVisibility } } }),
    // Without the focusable placeholder Mantine puts first in each menu, role="menu" holds only menu items (WCAG 1.3.1).
    Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
    // Every dialog's close button says what it does (it is an icon only).
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': texts.close } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': texts.close } } }),
    // The clear (×) button of selects and date pickers is an icon too. Plain objects for the date pickers, so that
    // this theme does not pull @mantine/dates into every page.
    Select: { defaultProps: { clearButtonProps: { 'aria-label': texts.clear } } },
    MultiSelect: { defaultProps: { clearButtonProps: { 'aria-label': texts.clear } } },
    // Their calendars' previous / next buttons and the date-time picker's confirm button are icons as well.
    // Their day cells (weekend, other months) at AA contrast: dates.module.css.
    DateTimePicker: {
      classNames: { day: dates.day },
      defaultProps: {
        clearButtonProps: { 'aria-label': texts.clear },
        previousLabel: texts.previousPeriod,
        nextLabel: texts.nextPeriod,
        submitButtonProps: { 'aria-label': texts.confirmDate },
      },
    },
    DatePickerInput: { classNames: { day: dates.day }, defaultProps: { clearButtonProps: { 'aria-label': texts.clear }, previousLabel: texts.previousPeriod, nextLabel: texts.nextPeriod } },
    DateInput: { classNames: { day: dates.day }, defaultProps: { clearButtonProps: { 'aria-label': texts.clear }, previousLabel: texts.previousPeriod, nextLabel: texts.nextPeriod } },
    DatePicker: { classNames: { day: dates.day } },
  },
});
