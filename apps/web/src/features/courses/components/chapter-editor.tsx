// Writing one chapter: title, rich text (headings, lists, tables, links, images, code blocks for
// Python and R, LaTeX formulas) and attached files. The server sanitises what is saved.
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { chapterInputSchema, type Chapter, type ChapterInput, type FileInfo } from '@exam/shared';
import { applyApiErrors } from '@/components/form-errors';
import { confirmDiscard, useUnsavedChanges } from '@/components/unsaved-changes';
import { RichTextField } from '@/components/rich-text/rich-text-editor';
import { useSaveChapter } from '../api/chapters';
import { coursesTexts } from '../texts';
import { Attachments } from './attachments';

const t = coursesTexts.chapters;

export interface ChapterEditorProps {
  courseId: number;
  chapter?: Chapter;
  onDone: () => void;
}

export function ChapterEditor({ courseId, chapter, onDone }: ChapterEditorProps) {
  const save = useSaveChapter(courseId);
  const card = useRef<HTMLDivElement>(null);
  // On a phone the editor opens below the course form: bring it into view.
  useEffect(() => {
    card.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, []);
  const [files, setFiles] = useState<FileInfo[]>(chapter?.files ?? []);
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ChapterInput>({
    resolver: zodResolver(chapterInputSchema),
    defaultValues: { course_id: courseId, title: chapter?.title ?? '', content: chapter?.content ?? '', file_ids: [] },
  });

  const onSubmit = handleSubmit(async (values) => {
    const body: ChapterInput = { ...values, course_id: courseId, file_ids: files.map((f) => f.id) };
    try {
      await save.mutateAsync({ id: chapter?.id, body });
      onDone();
    } catch (err) {
      applyApiErrors(err, setError, ['title', 'content', 'position']);
    }
  });

  const initialFiles = useRef((chapter?.files ?? []).map((f) => f.id).join(','));
  const changed = isDirty || files.map((f) => f.id).join(',') !== initialFiles.current;
  useUnsavedChanges(changed && !isSubmitting);
  // Annuler asks the same question as leaving the page.
  const cancel = async () => {
    if (!changed || (await confirmDiscard())) onDone();
  };

  return (
    <Card ref={card} withBorder radius="md" padding="lg" component="section" aria-label={chapter ? t.editTitle : t.newTitle} style={{ scrollMarginTop: 72 }}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4">
            {chapter ? t.editTitle : t.newTitle}
          </Title>
          <Controller
            control={control}
            name="title"
            render={({ field }) => <TextInput label={t.chapterTitle} required error={errors.title?.message} {...field} />}
          />
          <RichTextField
            label={t.content}
            required
            placeholder={t.placeholder}
            initialContent={chapter?.content ?? ''}
            onChange={(html) => setValue('content', html, { shouldDirty: true })}
            error={errors.content?.message}
          />
          <Attachments files={files} onChange={setFiles} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void cancel()}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={isSubmitting || save.isPending}>
              {t.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
