// The 404 page for any path outside the route table.
import { Link } from 'react-router';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { storage } from '@/lib/storage';
import { paths } from '@/config/paths';
import { texts } from '@/texts';

export function NotFoundPage() {
  const home = storage.getToken() ? paths.home.path : paths.landing.path;
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" gap="sm" maw={480}>
        <Text fz={72} fw={800} variant="gradient" aria-hidden="true" lh={1}>
          {texts.notFound.code}
        </Text>
        <Title order={1} size="h2" ta="center">
          {texts.notFound.title}
        </Title>
        <Text c="dimmed" ta="center">
          {texts.notFound.description}
        </Text>
        <Button component={Link} to={home}>
          {texts.notFound.back}
        </Button>
      </Stack>
    </Center>
  );
}

export const Component = NotFoundPage;
