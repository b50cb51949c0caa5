// Frame of an edit screen: header with breadcrumb, loading skeleton, "not found" state, then the form in a card.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Card } from '@mantine/core';
import { PageHeader } from '@/components/page-header';
import { PageSkeleton } from '@/components/loading-skeleton';
import { EmptyState } from '@/components/empty-state';

export function EditShell({
  title,
  listLabel,
  listPath,
  query,
  notFound,
  backLabel,
  children,
}: {
  title: string;
  listLabel: string;
  listPath: string;
  query: { isPending: boolean; isError: boolean };
  notFound: string;
  backLabel: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} breadcrumbs={[{ label: listLabel, to: listPath }, { label: title }]} />
      {query.isPending ? (
        <PageSkeleton />
      ) : query.isError ? (
        <EmptyState
          title={notFound}
          description=""
          actions={
            <Button component={Link} to={listPath} variant="light">
              {backLabel}
            </Button>
          }
        />
      ) : (
        <Card withBorder radius="md" padding="lg" maw={820}>
          {children}
        </Card>
      )}
    </>
  );
}
