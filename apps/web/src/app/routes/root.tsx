// Root route: keeps the document title in step with the current screen, and catches rendering errors.
import { useEffect } from 'react';
import { Outlet, useMatches, useRouteError, isRouteErrorResponse } from 'react-router';
import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { texts } from '../texts';
import type { RouteHandle } from '../router';
import { NotFoundPage } from './not-found';

export function useScreenTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.title) return handle.title;
  }
  return undefined;
}

export function Component() {
  const title = useScreenTitle();
  useEffect(() => {
    document.title = title ? `${title} · ${texts.appName}` : texts.appName;
  }, [title]);
  return <Outlet />;
}

export function HydrateFallback() {
  return (
    <Center h="100vh" aria-busy="true">
      <Loader aria-label={texts.loading} />
    </Center>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // A new deployment replaced the chunk this page needs: reload once to get the new one.
  const message = error instanceof Error ? error.message : '';
  if (/dynamically imported module|Importing a module script failed/i.test(message) && !sessionStorage.getItem('chunk-reload')) {
    sessionStorage.setItem('chunk-reload', '1');
    window.location.reload();
    return null;
  }
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={1} size="h2" ta="center">
          {texts.routeError.title}
        </Title>
        <Text c="dimmed" ta="center">
          {texts.routeError.description}
        </Text>
        <Button onClick={() => window.location.reload()}>{texts.routeError.reload}</Button>
      </Stack>
    </Center>
  );
}
