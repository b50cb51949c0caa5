// A FILE answer during an exam: « Ajouter un fichier » (a file input: on a phone it offers the camera), each file sent
// at once to the exam's upload route (checked by the server: type by content, size, count; its French message shown
// under the field), the list of files with « Retirer ». The answer is the list of the files' ids, saved as a draft
// like any answer. Outside an exam (a teacher's preview) files cannot be sent: the field says so.
import { useId, useRef, useState } from 'react';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { FILE_ANSWER_TYPE_LABELS, FILE_ANSWER_TYPE_MIMES, type AnswerFile } from '@exam/shared';
import { api, isApiError } from '@/lib/api-client';
import type { AnswerInputProps } from '../types';
import { fileIds } from './facts';
import { useAnswerFileInfo } from './file-preview';
import { fileTexts as t } from './texts';

function FileRow({ id, index, known, locked, onRemove }: { id: number; index: number; known?: AnswerFile; locked?: boolean; onRemove: () => void }) {
  const info = useAnswerFileInfo(id, known);
  const name = info.data?.name ?? `n° ${id}`;
  return (
    <li>
      <Group gap="xs" wrap="wrap" justify="space-between">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t.fileLabel(index, name)}
          {info.data ? ` (${info.data.mime === 'application/pdf' ? `PDF, ${t.pages(info.data.pages)}` : 'image'})` : ''}
        </Text>
        {!locked ? (
          <Button size="xs" variant="light" color="red" onClick={onRemove} aria-label={t.removeLabel(name)}>
            {t.remove}
          </Button>
        ) : null}
      </Group>
    </li>
  );
}

export function FileAnswerInput({ question, value, onChange, locked }: AnswerInputProps) {
  const params = useParams();
  const examId = Number(params.exam);
  const settings = question.file_answer ?? { accepted: ['PDF', 'JPEG', 'PNG', 'WEBP'] as const, max_files: 3, max_size_mb: 10 };
  const ids = fileIds(value) ?? [];
  const [known, setKnown] = useState<Record<number, AnswerFile>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resetRef = useRef<() => void>(null);
  const hintId = useId();
  const inExam = Number.isInteger(examId) && examId > 0;
  const full = ids.length >= settings.max_files;
  const accept = [...new Set(settings.accepted.map((k) => FILE_ANSWER_TYPE_MIMES[k]))].join(',');

  const send = async (file: File | null) => {
    resetRef.current?.();
    if (!file || !inExam) return;
    setError(null);
    setBusy(true);
    try {
      const r = await api.upload<AnswerFile>(`/student/exams/${examId}/questions/${question.id}/files`, file, { silent: true });
      setKnown((k) => ({ ...k, [r.data.id]: r.data }));
      onChange({ files: [...ids, r.data.id] });
    } catch (e) {
      setError(isApiError(e) ? e.message : t.unavailable);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: number) => {
    setError(null);
    try {
      await api.delete(`/student/exams/${examId}/answer-files/${id}`, { silent: true });
    } catch (e) {
      // Already gone (removed from another tab): it leaves the answer all the same.
      if (!(isApiError(e) && e.status === 404)) {
        setError(isApiError(e) ? e.message : t.unavailable);
        return;
      }
    }
    onChange({ files: ids.filter((x) => x !== id) });
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={`${hintId}-title`}>
        {t.yourFiles}
      </Text>
      {ids.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.none}
        </Text>
      ) : (
        <ol style={{ margin: 0, paddingInlineStart: 22 }} aria-labelledby={`${hintId}-title`} data-testid="file-answer-list">
          {ids.map((id, i) => (
            <FileRow key={id} id={id} index={i + 1} known={known[id]} locked={locked || !inExam} onRemove={() => void remove(id)} />
          ))}
        </ol>
      )}
      <Text size="xs" c="dimmed" id={hintId}>
        {t.count(ids.length, settings.max_files)} · {t.addHint(settings.accepted.map((k) => FILE_ANSWER_TYPE_LABELS[k]).join(', '), settings.max_files, settings.max_size_mb)}
      </Text>
      {!locked ? (
        <FileButton resetRef={resetRef} onChange={(f) => void send(f)} accept={accept} disabled={!inExam || full || busy}>
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconPaperclip size={16} aria-hidden="true" />} loading={busy} disabled={!inExam || full || busy} aria-describedby={hintId} data-testid="file-answer-add">
              {busy ? t.uploading : t.add}
            </Button>
          )}
        </FileButton>
      ) : null}
      {full && !locked ? <Text size="sm">{t.full(settings.max_files)}</Text> : null}
      {!inExam && !locked ? <Text size="sm">{t.onlyInExam}</Text> : null}
      {error ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert" data-testid="file-answer-error">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
