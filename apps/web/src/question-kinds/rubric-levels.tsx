// The rubric's levels a person chose for a graded answer, as its student reads them (written and file answers alike).
import { List, Stack, Text, Title } from '@mantine/core';
import type { RubricLevelChosen } from '@exam/shared';
import { rubricTexts as r } from './essay/texts';

export function RubricLevelsView({ levels, testId }: { levels: RubricLevelChosen[]; testId: string }) {
  if (levels.length === 0) return null;
  return (
    <Stack gap={4} data-testid={testId}>
      <Title order={4} size="h6">
        {r.levelsTitle}
      </Title>
      <List size="sm" spacing={2}>
        {levels.map((l) => (
          <List.Item key={l.criterion_id}>
            {r.levelChosen(l.criterion, l.level, l.points, l.max)}
            {l.level_description ? (
              <Text size="xs" c="dimmed" span>
                {` — ${l.level_description}`}
              </Text>
            ) : null}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
