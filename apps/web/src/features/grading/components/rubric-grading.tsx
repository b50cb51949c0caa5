// Grading a copy with the question's rubric (docs/correction-humaine.md « Grille de critères »): per criterion a radio
// group of its levels; keyboard only: the digits 1–9 choose a level of the criterion holding the focus and move to the
// next one, arrows change the level, Tab moves between criteria, Enter saves and opens the next copy. Where the rubric
// allows it, a criterion's points may be typed instead. The mark is the rubric's total scaled to the question's points.
import type { KeyboardEvent, RefObject } from 'react';
import { Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { criterionMax, rubricMax, type GradingCopy, type GradingQueue, type RubricChoice } from '@exam/shared';
import { rubricGradingTexts as t } from '../rubric-texts';

type Rubric = NonNullable<GradingQueue['question']['rubric']>;
/** Per criterion id: a level chosen, or points typed (text as typed). */
export type RubricChoices = Record<string, { level_id: string | null; typed: string }>;

const round2 = (n: number) => Math.round(n * 100) / 100;
const typedNumber = (s: string) => Number(s.trim().replace(',', '.'));

export const choicesFrom = (copy: GradingCopy): RubricChoices =>
  Object.fromEntries((copy.mark?.levels ?? []).map((l) => [l.criterion_id, { level_id: l.level_id, typed: l.level_id === null ? String(l.points) : '' }]));

/** The choices as the API takes them, with the scaled points; or the French message of what is missing. */
export function rubricBody(rubric: Rubric, choices: RubricChoices, questionPoints: number): { rubric: RubricChoice[]; points: number; raw: number } | string {
  const missing: string[] = [];
  const out: RubricChoice[] = [];
  let raw = 0;
  for (const c of rubric.criteria) {
    const ch = choices[c.id];
    const level = ch?.level_id ? c.levels.find((l) => l.id === ch.level_id) : undefined;
    if (level) {
      out.push({ criterion_id: c.id, level_id: level.id, points: null });
      raw += level.points;
    } else if (rubric.free_points && ch && ch.typed.trim() !== '') {
      const v = typedNumber(ch.typed);
      if (!Number.isFinite(v) || v < 0 || v > criterionMax(c)) return t.typedRange(c.title, criterionMax(c));
      out.push({ criterion_id: c.id, level_id: null, points: v });
      raw += v;
    } else missing.push(c.title);
  }
  if (missing.length) return t.incomplete(missing);
  const max = rubricMax(rubric);
  return { rubric: out, raw: round2(raw), points: max > 0 ? round2((raw / max) * questionPoints) : 0 };
}

/**
 * Focus on the rubric: the first criterion's level chosen in `choices` (the copy's own), else its first level. Not the
 * level checked on screen: when another copy is shown, the screen still shows the last copy's levels until it redraws,
 * and a level that is not its group's tab stop once redrawn sends Maj + Tab to another level of the same criterion.
 */
export function focusRubric(box: RefObject<HTMLDivElement | null>, rubric: Rubric, choices: RubricChoices) {
  const group = box.current?.querySelector('[data-criterion]');
  const chosen = rubric.criteria[0] ? choices[rubric.criteria[0].id]?.level_id : null;
  const radio = (chosen ? group?.querySelector<HTMLInputElement>(`input[type=radio][value="${CSS.escape(chosen)}"]`) : null) ?? group?.querySelector<HTMLInputElement>('input[type=radio]');
  radio?.focus();
}

export function RubricGrading({
  rubric,
  choices,
  onChange,
  questionPoints,
  onEnter,
  boxRef,
  keysHint = t.rubricKeys,
}: {
  rubric: Rubric;
  choices: RubricChoices;
  onChange: (next: RubricChoices) => void;
  questionPoints: number;
  onEnter: () => void;
  boxRef: RefObject<HTMLDivElement | null>;
  /** What the keys do here (the queue: Entrée saves and opens the next copy). */
  keysHint?: string;
}) {
  const set = (id: string, v: { level_id: string | null; typed: string }) => onChange({ ...choices, [id]: v });

  const focusCriterion = (index: number) => {
    const groups = boxRef.current?.querySelectorAll('[data-criterion]');
    const group = groups?.[index];
    const radio = group?.querySelector<HTMLInputElement>('input[type=radio]:checked') ?? group?.querySelector<HTMLInputElement>('input[type=radio]');
    radio?.focus();
  };

  const onKey = (ci: number) => (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (!(target instanceof HTMLInputElement) || target.type !== 'radio') return;
    if (e.key === 'Enter') {
      e.preventDefault();
      onEnter();
      return;
    }
    if (/^[1-9]$/.test(e.key) && !e.altKey && !e.ctrlKey && !e.metaKey) {
      const c = rubric.criteria[ci]!;
      const level = c.levels[Number(e.key) - 1];
      if (!level) return;
      e.preventDefault();
      set(c.id, { level_id: level.id, typed: '' });
      // The next criterion takes the focus (on the last one, the level chosen does: Tab then leaves the rubric): a copy
      // is graded with one key per criterion. At once, not at the next frame: a deferred focus could land on the next
      // copy (same elements) after a fast Entrée, and move the grader away from where that copy put them.
      if (ci < rubric.criteria.length - 1) focusCriterion(ci + 1);
      else e.currentTarget.querySelector<HTMLInputElement>(`input[type=radio][value="${CSS.escape(level.id)}"]`)?.focus();
    }
  };

  const body = rubricBody(rubric, choices, questionPoints);
  return (
    <Paper withBorder p="sm" radius="md" ref={boxRef} data-testid="rubric-grading">
      <Stack gap="sm">
        <Title order={4} size="h5">
          {t.rubric}
        </Title>
        <Text size="xs" c="dimmed">
          {keysHint}
        </Text>
        {rubric.criteria.map((c, ci) => {
          const ch = choices[c.id];
          return (
            <div key={c.id} data-criterion={c.id} onKeyDown={onKey(ci)}>
              <Radio.Group
                label={`${ci + 1}. ${c.title} (sur ${criterionMax(c).toLocaleString('fr-FR')})`}
                description={c.description ?? undefined}
                value={ch?.level_id ?? ''}
                onChange={(v) => set(c.id, { level_id: v, typed: '' })}
              >
                <Stack gap={4} mt={6}>
                  {c.levels.map((l, li) => (
                    <Radio key={l.id} value={l.id} label={t.level(li + 1, l.label, l.points)} description={l.description ?? undefined} />
                  ))}
                </Stack>
              </Radio.Group>
              {rubric.free_points ? (
                <TextInput
                  mt={6}
                  maw={220}
                  size="xs"
                  inputMode="decimal"
                  label={t.typed(criterionMax(c))}
                  value={ch?.level_id ? '' : (ch?.typed ?? '')}
                  onChange={(e) => set(c.id, { level_id: null, typed: e.currentTarget.value })}
                />
              ) : null}
            </div>
          );
        })}
        <Text size="sm" fw={600} aria-live="polite" data-testid="rubric-total">
          {typeof body === 'string' ? body : t.total(body.raw, rubricMax(rubric), body.points, questionPoints)}
        </Text>
      </Stack>
    </Paper>
  );
}
