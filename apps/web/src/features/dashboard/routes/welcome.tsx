// Staff welcome page (/dashboard): "BIENVENUE !!", the live connected count for admins, and the home view.
import { Badge, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { IconInfoCircle, IconUsers } from '@tabler/icons-react';
import { isAdmin, useCurrentUser } from '@/session';
import { useConnectedCount } from '../api/connected-count';
import { dashboardTexts as t } from '../texts';

/** Window width at which the home title switches size. */
const TITLE_BREAKPOINT = 1000;

export function WelcomePage() {
  const user = useCurrentUser();
  const admin = isAdmin(user);
  const count = useConnectedCount(admin);
  const { width } = useViewportSize();
  const wide = (width || window.innerWidth) >= TITLE_BREAKPOINT;

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="sm">
          <Text fw={800} fz={{ base: 24, sm: 28 }} c="indigo.8" data-testid="welcome">
            {t.welcome}
          </Text>
          {admin ? (
            <Group gap="xs" wrap="wrap">
              <IconUsers size={20} aria-hidden="true" />
              <Text fw={600} data-testid="connected-count" aria-live="polite">
                {t.connectedCount(count ?? '…')}
              </Text>
              <Badge variant="dot" color="teal" size="sm">
                {t.connectedLive}
              </Badge>
            </Group>
          ) : null}
        </Stack>
      </Paper>

      <Stack gap={6} py="md">
        <Title
          order={1}
          fz={wide ? 56 : 32}
          lh={1.1}
          data-size={wide ? 'large' : 'small'}
          data-testid="home-title"
          style={{
            backgroundImage: 'linear-gradient(45deg, var(--mantine-color-indigo-7), var(--mantine-color-cyan-6))',
            WebkitBackgroundClip: 'text',
            backgroundClip: 'text',
            color: 'transparent',
          }}
        >
          {t.homeTitle}
        </Title>
        <Text c="dimmed" fz={wide ? 'lg' : 'md'}>
          {t.homeSubtitle}
        </Text>
      </Stack>

      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="informations-title">
        <Group gap="xs" mb="md">
          <IconInfoCircle size={22} aria-hidden="true" color="var(--mantine-color-indigo-6)" />
          <Title order={2} size="h3" id="informations-title">
            {t.infoTitle}
          </Title>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {t.info.map((item) => (
            <Stack key={item.title} gap={4}>
              <Title order={3} size="h5">
                {item.title}
              </Title>
              <Text size="sm" c="dimmed">
                {item.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Card>
    </Stack>
  );
}

export const Component = WelcomePage;
