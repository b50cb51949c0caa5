// A CLOZE question's fields in the editor: its gaps, in the order of their markers {1}, {2}… in the statement. « Ajouter
// un trou » adds one and writes its marker where the statement's cursor is; removing one takes its marker out and
// renumbers the following ones. Each gap: its kind, its right answers (and a list's wrong choices, a short answer's
// case, a number's tolerance), its weight.
import { useRef } from 'react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { ActionIcon, Button, Checkbox, Fieldset, Group, List, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { CLOZE_GAP_KIND_LABELS, CLOZE_GAP_KINDS, CLOZE_MAX_GAPS, clozeGapOf, clozeMarker, type ClozeGapKind, type Variant } from '@exam/shared';
import { rootMessage } from '../form-values';
import type { EditorFieldsProps } from '../types';
import { clozeTexts as t } from './texts';

/** The statement's rich-text editor of the same form (its ProseMirror element carries its editor). */
interface StatementEditor {
  getHTML: () => string;
  chain: () => { focus: () => { insertContent: (s: string) => { run: () => boolean } } };
  commands: { setContent: (html: string, options?: { emitUpdate?: boolean }) => boolean };
}
function statementEditor(from: HTMLElement | null): StatementEditor | null {
  const dom = from?.closest('form')?.querySelector<HTMLElement & { editor?: StatementEditor }>('.ProseMirror');
  return dom?.editor ?? null;
}

/** The statement with gap n's marker taken out and the following ones moved down by one. */
export function withoutMarker(html: string, n: number): string {
  return html.replace(/\{(\d{1,3})\}/g, (whole, d: string) => {
    const k = Number(d);
    return k === n ? '' : k > n ? clozeMarker(k - 1) : whole;
  });
}

const KIND_OPTIONS = CLOZE_GAP_KINDS.map((k) => ({ value: k, label: CLOZE_GAP_KIND_LABELS[k] }));

export function ClozeEditorFields({ control, errors, register }: EditorFieldsProps) {
  const gaps = useFieldArray({ control, name: 'clozeGaps', keyName: 'key' });
  const kinds = useWatch({ control, name: 'clozeGaps' });
  const root = useRef<HTMLDivElement>(null);

  const add = () => {
    const n = gaps.fields.length + 1;
    gaps.append({ kind: 'SHORT', answers: '', wrong: '', caseSensitive: false, tolerance: '', weight: 1 }, { shouldFocus: false });
    statementEditor(root.current)?.chain().focus().insertContent(clozeMarker(n)).run();
  };
  const remove = (i: number) => {
    gaps.remove(i);
    const editor = statementEditor(root.current);
    if (editor) editor.commands.setContent(withoutMarker(editor.getHTML(), i + 1), { emitUpdate: true });
  };

  return (
    <Stack gap="sm" ref={root}>
      <Text fw={500} size="sm">
        {t.gaps}
      </Text>
      <Text size="sm" c="dimmed">
        {t.gapsHint}
      </Text>
      {gaps.fields.map((f, i) => {
        const n = i + 1;
        const kind: ClozeGapKind = kinds?.[i]?.kind ?? f.kind;
        const e = errors.clozeGaps?.[i];
        return (
          <Fieldset key={f.key} legend={t.gapTitle(n)} variant="filled" data-testid={`cloze-gap-${n}`}>
            <Stack gap="xs">
              <Group gap="xs" align="flex-end" wrap="wrap">
                <Controller
                  control={control}
                  name={`clozeGaps.${i}.kind`}
                  render={({ field }) => (
                    <NativeSelect label={t.kind(n)} data={KIND_OPTIONS} value={field.value} onChange={(ev) => field.onChange(ev.currentTarget.value as ClozeGapKind)} error={e?.kind?.message} style={{ flex: '1 1 180px' }} />
                  )}
                />
                <TextInput label={t.weight(n)} inputMode="decimal" style={{ flex: '0 1 120px' }} {...register(`clozeGaps.${i}.weight`)} error={e?.weight?.message} />
                <ActionIcon variant="subtle" color="red" aria-label={t.removeGap(n)} onClick={() => remove(i)} mb={4}>
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: kind === 'CHOICE' ? 2 : 1 }} spacing="xs">
                <Textarea
                  label={kind === 'CHOICE' ? t.rightChoices(n) : kind === 'NUMBER' ? t.numbers(n) : t.accepted(n)}
                  autosize
                  minRows={2}
                  {...register(`clozeGaps.${i}.answers`)}
                  error={e?.answers?.message}
                />
                {kind === 'CHOICE' ? <Textarea label={t.wrongChoices(n)} autosize minRows={2} {...register(`clozeGaps.${i}.wrong`)} error={e?.wrong?.message} /> : null}
              </SimpleGrid>
              {kind === 'SHORT' ? <Checkbox label={t.caseSensitive} description={t.caseHint} {...register(`clozeGaps.${i}.caseSensitive`)} /> : null}
              {kind === 'NUMBER' ? <TextInput label={t.tolerance(n)} description={t.toleranceHint} maw={320} {...register(`clozeGaps.${i}.tolerance`)} error={e?.tolerance?.message} /> : null}
            </Stack>
          </Fieldset>
        );
      })}
      {rootMessage(errors.clozeGaps) ? (
        <Text c="var(--mantine-color-error)" size="sm" role="alert">
          {rootMessage(errors.clozeGaps)}
        </Text>
      ) : null}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} disabled={gaps.fields.length >= CLOZE_MAX_GAPS} onClick={add}>
          {t.addGap}
        </Button>
      </Group>
    </Stack>
  );
}

/** A generated variant's gaps with their right answers. */
export function ClozeVariantAnswers({ solutions }: { solutions: Variant['possible_solutions'] }) {
  return (
    <List size="xs" spacing={2}>
      {solutions.map((p, i) => {
        const g = clozeGapOf(p);
        return <List.Item key={i}>{t.variantGap(i + 1, CLOZE_GAP_KIND_LABELS[g.kind], g.answers.join(' ou '))}</List.Item>;
      })}
    </List>
  );
}
