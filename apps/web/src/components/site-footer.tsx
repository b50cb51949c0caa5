// The footer of every page (public, signed in, exam page): the RGAA's mention « Accessibilité : … » with the
// conformity state, linking to the accessibility statement.
import { Link } from 'react-router';
import { Anchor, Box, Group, Text } from '@mantine/core';
import { paths } from '@/config/paths';

export function SiteFooter({ conformity, appName }: { conformity: string; appName: string }) {
  return (
    <Box component="footer" py="md" px="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-body)' }} data-testid="site-footer">
      <Group justify="center" gap="lg" wrap="wrap">
        <Anchor component={Link} to={paths.accessibility.path} size="sm" c="indigo.8">
          {`Accessibilité : ${conformity}`}
        </Anchor>
        <Text size="sm" c="dimmed" component="span">
          {appName}
        </Text>
      </Group>
    </Box>
  );
}
