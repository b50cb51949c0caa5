// Every provider the screens rely on: Mantine (theme, notifications top-right 3000 ms) and TanStack Query.
// The modals provider lives in the signed-in layouts, so that the login page does not download the modal code.
import type { ReactNode } from 'react';
import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { theme } from './theme';
import { queryClient } from './query-client';

// Dimmed text one step darker than Mantine's default, for WCAG AA contrast on white and gray-0 backgrounds; the same
// for the error colour (a field's message and text, required asterisks): Mantine's red.6 is 3.3:1 on white, red.9 is
// 5.5:1 (and 4.5:1 on the light red of alerts).
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        {/* Below the 60 px header (styles/global.css), so that toasts never cover the avatar and the account menu. */}
        <Notifications position="top-right" autoClose={3000} zIndex={1000} containerWidth={380} />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
