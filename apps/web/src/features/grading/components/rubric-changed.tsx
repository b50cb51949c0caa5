// The rubric of the question changed since the exam's was pinned: « Appliquer le barème modifié » re-scores the graded
// copies and says how many changed (docs/correction-humaine.md « Grille modifiée après le début de la correction »).
import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { rubricAppliedMessage } from '@exam/shared';
import { useApplyRubric } from '../api/rubric';
import { rubricGradingTexts as t } from '../rubric-texts';

export function RubricChanged({ examId, questionId, changed }: { examId: number; questionId: number; changed: boolean }) {
  const apply = useApplyRubric(examId, questionId);
  const [done, setDone] = useState<string | null>(null);
  return (
    <div aria-live="polite">
      {changed ? (
        <Alert color="orange" variant="light" title={t.changedTitle} data-testid="rubric-changed">
          <Stack gap="xs">
            <Text size="sm">{t.changedText}</Text>
            <div>
              <Button
                size="xs"
                loading={apply.isPending}
                onClick={() =>
                  apply.mutate(undefined, {
                    onSuccess: (r) => setDone(rubricAppliedMessage(r)),
                  })
                }
              >
                {t.apply}
              </Button>
            </div>
          </Stack>
        </Alert>
      ) : null}
      {done ? (
        <Alert color="teal" variant="light" data-testid="rubric-applied">
          {done}
        </Alert>
      ) : null}
    </div>
  );
}
