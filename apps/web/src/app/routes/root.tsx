// Root route: keeps the document title in step with the current screen, and catches rendering errors.
import { useEffect } from 'react';
import { Outlet, useMatches, useRouteError, isRouteErrorResponse } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { RouteErrorContent } from '@/components/route-error';
import { SiteFooter } from '@/components/site-footer';
import { conformityState } from '@/config/accessibility-state';
import { texts } from '@/texts';
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
  return (
    <>
      <Outlet />
      <SiteFooter conformity={conformityState} appName={texts.appName} />
    </>
  );
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
  return (
    <>
      {isRouteErrorResponse(error) && error.status === 404 ? <NotFoundPage /> : <RouteErrorContent fullPage homeTo="/" />}
      <SiteFooter conformity={conformityState} appName={texts.appName} />
    </>
  );
}
