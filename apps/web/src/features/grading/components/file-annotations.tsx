// The files of a copy of a FILE question in the grading queue, with their annotations (docs/correction-humaine.md
// « Réponses par fichier »): each file drawn (images as they are, a PDF page by page, rendered by the server), the
// annotations numbered on the pages and listed with their comment and « Supprimer »; « Ajouter une annotation » is a
// form (file, page, point or box, position in % of the page's width and height, size of a box, comment): no drag
// needed, every field reachable by keyboard. A click on a page (a point) or a drag (a box) fills the form's place and
// takes the focus to the comment; the place the form holds is drawn dashed on its page. The student reads the
// annotations with their mark, once published.
import { useRef, useState } from 'react';
import { Button, Group, NumberInput, Paper, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FileAnnotation, FileAnnotationInput, GradingCopy } from '@exam/shared';
import { api, isApiError } from '@/lib/api-client';
import { AnswerFileView, type PagePlace } from '@/question-kinds/file/file-preview';
import { gradingKeys } from '../api/grading';
import { fileAnnotationTexts as t } from '../file-annotation-texts';

export function FileCopyAnnotations({ examId, questionId, copy }: { examId: number; questionId: number; copy: GradingCopy }) {
  const files = copy.files ?? [];
  const notes = copy.file_annotations ?? [];
  const client = useQueryClient();
  const base = `/admin/exams/${examId}/grading/questions/${questionId}/copies/${copy.copy}/file-annotations`;
  const [fileId, setFileId] = useState<string | null>(files[0] ? String(files[0].id) : null);
  const [page, setPage] = useState<number | string>(1);
  const [shape, setShape] = useState<'POINT' | 'BOX'>('POINT');
  const [x, setX] = useState<number | string>(50);
  const [y, setY] = useState<number | string>(50);
  const [w, setW] = useState<number | string>(20);
  const [h, setH] = useState<number | string>(10);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: gradingKeys.queue(examId, questionId) });
  const add = useMutation({ mutationFn: (body: FileAnnotationInput) => api.post<FileAnnotation[]>(base, body, { silent: true }), onSuccess: refresh });
  const remove = useMutation({ mutationFn: (id: number) => api.delete<FileAnnotation[]>(`${base}/${id}`, { silent: true }), onSuccess: refresh });
  const chosen = files.find((f) => String(f.id) === fileId);
  const commentField = useRef<HTMLTextAreaElement>(null);
  // The place the form holds, drawn on its page; a click or a drag on a page sets it.
  const pending: PagePlace | null = chosen
    ? { file_id: chosen.id, page: Number(page) || 1, shape, x: Number(x), y: Number(y), width: shape === 'BOX' ? Number(w) : null, height: shape === 'BOX' ? Number(h) : null }
    : null;
  const place = (p: PagePlace) => {
    setFileId(String(p.file_id));
    setPage(p.page);
    setShape(p.shape);
    setX(p.x);
    setY(p.y);
    if (p.shape === 'BOX') {
      setW(p.width ?? 20);
      setH(p.height ?? 10);
    }
    commentField.current?.focus();
  };

  const submit = () => {
    if (!chosen) return;
    setError(null);
    add.mutate(
      { file_id: chosen.id, page: Number(page) || 1, shape, x: Number(x), y: Number(y), width: shape === 'BOX' ? Number(w) : null, height: shape === 'BOX' ? Number(h) : null, comment },
      {
        onSuccess: () => setComment(''),
        onError: (e) => setError(isApiError(e) ? e.message : String(e)),
      },
    );
  };

  if (files.length === 0) return <Text size="sm">{t.noFiles}</Text>;
  return (
    <Stack gap="sm" data-testid="grading-files">
      <Text size="sm" fw={600}>
        {t.files(files.length)}
      </Text>
      {files.map((f, i) => (
        <AnswerFileView key={f.id} id={f.id} index={i + 1} known={f} notes={notes} numberOf={(n) => notes.indexOf(n) + 1} picking={{ onPlace: place, pending }} />
      ))}
      {notes.length > 0 ? (
        <Stack gap={4} data-testid="grading-file-annotations">
          <Text size="sm" fw={600}>
            {t.listTitle}
          </Text>
          <ol style={{ margin: 0, paddingInlineStart: 22 }}>
            {notes.map((n) => (
              <li key={n.id}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" span>
                    {n.comment} <Text size="xs" c="dimmed" span>({n.by ? `${n.by}, ` : ''}{t.where(n)})</Text>
                  </Text>
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => remove.mutate(n.id)} aria-label={t.removeLabel(n.comment)}>
                    {t.remove}
                  </Button>
                </Group>
              </li>
            ))}
          </ol>
        </Stack>
      ) : null}
      <Paper withBorder p="sm" radius="sm" component="section" aria-labelledby={`add-annotation-${copy.copy}`}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="xs">
            <Text size="sm" fw={600} id={`add-annotation-${copy.copy}`}>
              {t.addTitle}
            </Text>
            <Text size="xs" c="dimmed">
              {t.addHint}
            </Text>
            <Group gap="sm" align="flex-end" wrap="wrap">
              <Select label={t.file} data={files.map((f, i) => ({ value: String(f.id), label: `${i + 1}. ${f.name}` }))} value={fileId} onChange={setFileId} allowDeselect={false} maw={260} data-testid="file-annotation-file" />
              <NumberInput label={t.page(chosen?.pages ?? 1)} min={1} max={chosen?.pages ?? 1} value={page} onChange={setPage} maw={120} data-testid="file-annotation-page" />
              <SegmentedControl
                aria-label={t.shape}
                value={shape}
                onChange={(v) => setShape(v as 'POINT' | 'BOX')}
                data={[
                  { value: 'POINT', label: t.point },
                  { value: 'BOX', label: t.box },
                ]}
              />
            </Group>
            <Group gap="sm" wrap="wrap">
              <NumberInput label={t.x} min={0} max={100} decimalScale={1} value={x} onChange={setX} maw={150} data-testid="file-annotation-x" />
              <NumberInput label={t.y} min={0} max={100} decimalScale={1} value={y} onChange={setY} maw={150} data-testid="file-annotation-y" />
              {shape === 'BOX' ? (
                <>
                  <NumberInput label={t.width} min={1} max={100} decimalScale={1} value={w} onChange={setW} maw={150} />
                  <NumberInput label={t.height} min={1} max={100} decimalScale={1} value={h} onChange={setH} maw={150} />
                </>
              ) : null}
            </Group>
            <Textarea ref={commentField} label={t.comment} autosize minRows={2} value={comment} onChange={(e) => setComment(e.currentTarget.value)} data-testid="file-annotation-comment" />
            {error ? (
              <Text size="sm" c="var(--mantine-color-error)" role="alert">
                {error}
              </Text>
            ) : null}
            <Group>
              <Button type="submit" variant="light" loading={add.isPending} data-testid="file-annotation-add">
                {t.add}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
