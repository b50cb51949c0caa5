// Full-page message used by the static pages (no-premium, not-access-date).
import type { ReactNode } from 'react';
import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';

export function StatusPage({ icon, title, children, color }: { icon: ReactNode; title: string; children: ReactNode; color: string }) {
  return (
    <Center mih="100vh" p="md" bg="gray.0" component="main">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} maw={520} w="100%">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color={color}>
            {icon}
          </ThemeIcon>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text component="div">{children}</Text>
        </Stack>
      </Paper>
    </Center>
  );
}
