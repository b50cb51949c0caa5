// Loading placeholders: a page skeleton (title + lines) and a table skeleton.
import { Skeleton, Stack } from '@mantine/core';
import { texts } from '@/texts';

export function PageSkeleton({ lines = 6 }: { lines?: number }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={texts.loading} role="status">
      <Skeleton h={14} w={160} />
      <Skeleton h={32} w="60%" mb="md" />
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} h={18} w={i % 3 === 2 ? '70%' : '100%'} />
      ))}
    </Stack>
  );
}

export function TableSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <Stack gap={8} aria-busy="true" aria-label={texts.loading} role="status">
      <Skeleton h={36} />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} h={28} />
      ))}
    </Stack>
  );
}
