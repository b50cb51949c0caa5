// The accepted answers of an EXACT question, once the reader may see them.
import { Code, Group, Stack, Text } from '@mantine/core';
import type { KnownSolution } from '../types';
import { exactTexts as t } from './texts';

export function ExactSolutionView({ solution }: { solution: KnownSolution }) {
  if (!solution.accepted.length) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t.accepted}
      </Text>
      <Group gap={6}>
        {solution.accepted.map((s) => (
          <Code key={s}>{s}</Code>
        ))}
      </Group>
    </Stack>
  );
}
