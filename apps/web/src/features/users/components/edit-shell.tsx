// Frame of an edit screen: header with breadcrumb, loading skeleton, "not found" state, then the form in a card.
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
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

/** Route parameter as a positive integer (NaN otherwise, which the API answers 404/422 for). */
export const idFrom = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : NaN);

/** State given to links from a list to its create/edit screens, so that "back" keeps the search, filters and page. */
export function useListLinkState(): { list: string } {
  const location = useLocation();
  return { list: location.pathname + location.search };
}

/** Back to the list the user came from (with its search, filters and page), else to the list's path. */
export function useBackToList(listPath: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { list?: string } | null)?.list;
  return () => navigate(from ?? listPath);
}
