// The verdict of an answer (light: with ./views, for any page), the same wherever it shows (exam, practice, the staff's preview): « Validé » / « Non
// validé » as the block's title, then what the grade of the question's kind says beyond it (the kind's GradeDetails:
// a maths reading message, a program's cases).
import { Alert } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { isPendingDetails, type GradeDetails } from '@exam/shared';
import { GradeDetailsView } from './views';
import { kindTexts as t } from './texts';

export interface AnswerVerdictProps {
  /** null: no verdict (« Tester sur les exemples »: only what the cases did). */
  valid: boolean | null;
  details: GradeDetails | null;
  /** Before the verdict in the block's title (« Dernière réponse : Validé »), or the title when there is no verdict. */
  title?: string;
  /** The words of the verdict, where a screen says it its own way (« Exercice validé »). */
  labels?: { valid: string; invalid: string };
  /** Colour of a verdict that is not « Validé » (practice says it softer). */
  invalidColor?: 'red' | 'orange';
  caseHeading?: 'h3' | 'h4' | 'h5';
  testId?: string;
}

export function AnswerVerdict({ valid, details, title, labels = { valid: t.validated, invalid: t.notValidated }, invalidColor = 'red', caseHeading, testId }: AnswerVerdictProps) {
  // An answer waiting for a person (an essay not yet marked) has no verdict yet: never « Non validé ».
  const pending = isPendingDetails(details);
  const color = valid === null || pending ? 'blue' : valid ? 'teal' : invalidColor;
  const verdict = valid === null ? '' : pending ? t.pending : valid ? labels.valid : labels.invalid;
  const head = valid === null ? (title ?? '') : title ? `${title} : ${verdict}` : verdict;
  return (
    <Alert color={color} variant="light" title={head} icon={valid === null || pending ? undefined : valid ? <IconCheck size={20} aria-hidden="true" /> : <IconX size={20} aria-hidden="true" />} data-testid={testId}>
      {details ? <GradeDetailsView details={details} caseHeading={caseHeading} /> : null}
    </Alert>
  );
}
