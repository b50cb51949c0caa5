// Mantine theme of the platform. The `md` breakpoint is 960 px: the menubars collapse below it (specification §9).
import { createTheme, Notification } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // One shade darker than the default so filled buttons and links reach WCAG AA contrast.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  defaultGradient: { from: 'indigo', to: 'cyan', deg: 45 },
  breakpoints: { xs: '36em', sm: '48em', md: '60em', lg: '75em', xl: '88em' },
  components: {
    // Toast messages in dark gray: the default light gray is below WCAG AA on white.
    Notification: Notification.extend({ styles: { description: { color: 'var(--mantine-color-gray-8)' } } }),
  },
});
