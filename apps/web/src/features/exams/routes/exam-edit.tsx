// /dashboard/exams/{exam}/edit: the exam editor with its status and the "Publier" action (which saves first,
// the access rules still in their card included).
import { useRef } from 'react';
import { Link, useParams } from 'react-router';
import { Button, Group, Stack } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { PageHeader } from '@/components/page-header';
import { PageSkeleton } from '@/components/loading-skeleton';
import { EmptyState } from '@/components/empty-state';
import { idFrom, useBackToList } from '@/components/list-navigation';
import { paths } from '@/config/paths';
import { useExam, useSaveExam } from '../api/exams';
import { ExamForm } from '../components/exam-form';
import { ExamAccessCard, type SaveUnsavedRules } from '../components/exam-access-card';
import { allowsRetriesWithPenalty } from '../components/exam-form-values';
import { StatusBadge, useChangeStatus } from '../components/status-actions';
import { examsTexts } from '../texts';

const t = examsTexts.form;

export function ExamEditPage() {
  const id = idFrom(useParams().exam);
  const query = useExam(id);
  const save = useSaveExam(id);
  const status = useChangeStatus();
  const back = useBackToList(paths.exams.path);
  // The access card's rules typed and not saved: « Publier » saves them too (after the exam, before publishing).
  const saveRules = useRef<SaveUnsavedRules | null>(null);
  const crumbs = [{ label: examsTexts.list.title, to: paths.exams.path }, { label: query.data?.title ?? t.editTitle }];

  if (query.isLoading) return <PageSkeleton />;
  if (!query.data) {
    return (
      <>
        <PageHeader title={t.editTitle} breadcrumbs={crumbs} />
        <EmptyState
          title={t.notFound}
          actions={
            <Button component={Link} to={paths.exams.path} variant="light">
              {t.back}
            </Button>
          }
        />
      </>
    );
  }
  const exam = query.data;
  return (
    <>
      <PageHeader
        title={exam.title}
        breadcrumbs={crumbs}
        actions={
          <Group gap="xs">
            <StatusBadge status={exam.status} />
          </Group>
        }
      />
      <Stack gap="lg">
      <ExamForm
        key={`${exam.id}-${exam.version}`}
        exam={exam}
        submitLabel={t.save}
        onCancel={back}
        onSubmit={(body) => save.mutateAsync(body)}
        extraActions={(submit) =>
          exam.status === 'DRAFT' ? (
            <Button variant="light" color="teal" leftSection={<IconSend size={16} />} onClick={() => void submit(async () => (await (saveRules.current?.() ?? true)) && status.change(exam, 'PUBLISHED', { rethrow: true }))} loading={status.pending}>
              {t.publish}
            </Button>
          ) : null
        }
      />
      <ExamAccessCard examId={exam.id} hasDuration={exam.duration_minutes != null} retriesWithPenalty={allowsRetriesWithPenalty(exam)} onSaveHandle={(save) => (saveRules.current = save)} />
      </Stack>
    </>
  );
}

export const Component = ExamEditPage;
