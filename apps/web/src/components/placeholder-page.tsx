// Stand-in for a screen a later change builds: titled with the screen's French name, inside its layout.
import { Link, useMatches } from 'react-router';
import { Button } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { texts } from '@/app/texts';
import type { RouteHandle } from '@/app/router';
import { paths } from '@/config/paths';
import { PageHeader } from './page-header';
import { EmptyState } from './empty-state';

export function PlaceholderPage() {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  const title = handle?.title ?? '';
  const student = matches.some((m) => m.id === 'student-layout');
  const home = student ? paths.studentCourses.path : paths.home.path;
  return (
    <>
      <PageHeader title={title} breadcrumbs={[{ label: title }]} homeTo={home} />
      <EmptyState
        title={title}
        description={texts.placeholder.description}
        icon={<IconLayoutDashboard size={28} aria-hidden="true" />}
        actions={
          <Button component={Link} to={home} variant="light">
            {texts.placeholder.back}
          </Button>
        }
      />
    </>
  );
}

export const Component = PlaceholderPage;
