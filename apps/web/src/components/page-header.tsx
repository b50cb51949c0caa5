// Screen header: breadcrumb starting with "Accueil" (→ /dashboard), the title and optional actions.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { paths } from '@/config/paths';
import { texts } from '@/texts';

export interface Crumb {
  label: string;
  /** Omit for the current page. */
  to?: string;
}

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Items after "Accueil"; the last one is usually the current page. */
  breadcrumbs?: Crumb[];
  /** Where "Accueil" points: /dashboard for staff (default), the student's home otherwise. */
  homeTo?: string;
  actions?: ReactNode;
  /** An id for the title, which can then take the focus (tabIndex -1) when a screen moves it there. */
  titleId?: string;
}

export function PageHeader({ title, description, breadcrumbs = [], homeTo = paths.home.path, actions, titleId }: PageHeaderProps) {
  const items = [{ label: texts.breadcrumbHome, to: homeTo }, ...breadcrumbs];
  return (
    <Stack gap="xs" mb="lg">
      <nav aria-label="Fil d’Ariane">
        {/* A long name (an exam's title) wraps instead of widening the page on a phone. */}
        <Breadcrumbs separatorMargin={6} styles={{ root: { flexWrap: 'wrap' }, breadcrumb: { whiteSpace: 'normal', overflowWrap: 'anywhere', minWidth: 0 } }}>
          {items.map((c, i) =>
            c.to && i < items.length - 1 ? (
              <Anchor key={i} component={Link} to={c.to} size="sm">
                {c.label}
              </Anchor>
            ) : (
              <Text key={i} size="sm" c="dimmed" aria-current={i === items.length - 1 ? 'page' : undefined}>
                {c.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      </nav>
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={1} size="h2" id={titleId} tabIndex={titleId ? -1 : undefined}>
            {title}
          </Title>
          {description ? <Text c="dimmed">{description}</Text> : null}
        </Stack>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
    </Stack>
  );
}
