// Every provider the screens rely on: Mantine (theme, notifications top-right 3000 ms, modals) and TanStack Query.
import type { ReactNode } from 'react';
import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { theme } from './theme';
import { queryClient } from './query-client';
import { texts } from './texts';

// Dimmed text one step darker than Mantine's default, for WCAG AA contrast on white and gray-0 backgrounds.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: texts.confirm, cancel: texts.cancel }}>
          <Notifications position="top-right" autoClose={3000} zIndex={1000} />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
