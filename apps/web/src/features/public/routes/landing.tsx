// Landing page (/): presents the platform and leads to sign-in.
import { Link } from 'react-router';
import { Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBook, IconChartBar, IconCode, IconListCheck, IconSchool } from '@tabler/icons-react';
import { storage } from '@/lib/storage';
import { paths } from '@/config/paths';
import { texts } from '@/texts';
import { useRedirectSignedIn } from '@/session';
import { publicTexts } from '../texts';
import classes from './landing.module.css';

const t = publicTexts.landing;
const icons = [IconListCheck, IconBook, IconCode, IconChartBar];

export function LandingPage() {
  useRedirectSignedIn();
  const signedIn = Boolean(storage.getToken());
  const cta = signedIn ? { to: paths.home.path, label: t.goToSpace } : { to: paths.authLogin.path, label: t.signIn };
  return (
    <Box className={classes.page}>
      <Box component="header" className={classes.header}>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap" c="indigo.7" style={{ minWidth: 0 }}>
              <IconSchool size={28} aria-hidden="true" style={{ flexShrink: 0 }} />
              <Text fw={700} c="dark.7" className={classes.brand}>
                {texts.appName}
              </Text>
            </Group>
            <Button component={Link} to={cta.to} variant="light" style={{ flexShrink: 0 }}>
              {cta.label}
            </Button>
          </Group>
        </Container>
      </Box>

      <main>
        <Box className={classes.hero}>
          <Container size="lg" py={{ base: 48, sm: 80 }}>
            <Stack gap="lg" maw={720}>
              <Text tt="uppercase" fw={700} size="sm" c="indigo.1">
                {t.eyebrow}
              </Text>
              <Title order={1} className={classes.heroTitle}>
                {t.title}
              </Title>
              <Text size="lg" c="indigo.0">
                {t.lead}
              </Text>
              <Group>
                <Button component={Link} to={cta.to} size="lg" color="white" c="indigo.8" data-testid="landing-cta">
                  {cta.label}
                </Button>
              </Group>
            </Stack>
          </Container>
        </Box>

        <Container size="lg" py={56}>
          <Title order={2} mb="xl" ta="center">
            {t.featuresTitle}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
            {t.features.map((f, i) => {
              const Icon = icons[i];
              return (
                <Card key={f.title} withBorder radius="md" padding="lg">
                  <ThemeIcon size={44} radius="md" variant="light" mb="md">
                    <Icon size={24} aria-hidden="true" />
                  </ThemeIcon>
                  <Title order={3} size="h4" mb="xs">
                    {f.title}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {f.text}
                  </Text>
                </Card>
              );
            })}
          </SimpleGrid>
        </Container>

        <Box bg="gray.0">
          <Container size="lg" py={56}>
            <Title order={2} mb="xl" ta="center">
              {t.rolesTitle}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
              {t.roles.map((r) => (
                <Stack key={r.title} gap={6}>
                  <Title order={3} size="h4">
                    {r.title}
                  </Title>
                  <Text c="dimmed">{r.text}</Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Container>
        </Box>
      </main>

      <Box component="footer" py="lg">
        <Text ta="center" size="sm" c="dimmed">
          {t.footer}
        </Text>
      </Box>
    </Box>
  );
}

export const Component = LandingPage;
