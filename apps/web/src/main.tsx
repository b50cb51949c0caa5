// Entry point: styles, providers and the router.
// First: zod's settings (French messages; no eval under the Content-Security-Policy) before any schema is used.
import '@exam/shared/zod-fr';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/global.css';
import { AppProvider } from './app/provider';
import { router } from './app/router';
import { queryClient } from './app/query-client';
import { configureApiClient } from './lib/api-client';

configureApiClient({
  navigate: (to) => void router.navigate(to, { replace: true }),
  onSessionEnd: () => queryClient.clear(),
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
