// What a route shows when its screen fails to load or to render: a French message and a way out.
import { useRouteError, isRouteErrorResponse } from 'react-router';
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { texts } from '@/texts';

const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|Failed to fetch dynamically/i;

/** True once the page has been reloaded for a missing chunk (a new version was deployed meanwhile). */
function reloadForNewVersion(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  if (!CHUNK_ERROR.test(message) || sessionStorage.getItem('chunk-reload')) return false;
  sessionStorage.setItem('chunk-reload', '1');
  window.location.reload();
  return true;
}

export function RouteErrorContent({ fullPage = false, homeTo }: { fullPage?: boolean; homeTo?: string }) {
  const error = useRouteError();
  if (reloadForNewVersion(error)) return null;
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  const content = (
    <Stack align="center" gap="sm" maw={480} role="alert">
      <IconAlertTriangle size={40} color="var(--mantine-color-orange-6)" aria-hidden="true" />
      <Title order={1} size="h2" ta="center">
        {status === 404 ? texts.notFound.title : texts.routeError.title}
      </Title>
      <Text c="dimmed" ta="center">
        {status === 404 ? texts.notFound.description : texts.routeError.description}
      </Text>
      <Group justify="center">
        <Button onClick={() => window.location.reload()}>{texts.routeError.reload}</Button>
        {homeTo ? (
          <Button variant="default" component="a" href={homeTo}>
            {texts.notFound.back}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
  return fullPage ? (
    <Center mih="100vh" p="md">
      {content}
    </Center>
  ) : (
    <Center py="xl">{content}</Center>
  );
}
