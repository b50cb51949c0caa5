// /dashboard/questions/{question}/edit: the question editor filled with the stored question, and its student
// preview (the saved version) in a dialog; for a question of an exam already started, a word on what an edit changes.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Button, Modal } from '@mantine/core';
import { IconEye, IconInfoCircle } from '@tabler/icons-react';
import { PageHeader } from '@/components/page-header';
import { PageSkeleton } from '@/components/loading-skeleton';
import { EmptyState } from '@/components/empty-state';
import { idFrom, useBackToList } from '@/components/list-navigation';
import { paths } from '@/config/paths';
import { useQuestion, useSaveQuestion } from '../api/questions';
import { QuestionForm } from '../components/question-form';
import { QuestionPreview } from '../components/question-preview';
import { questionsTexts } from '../texts';

const t = questionsTexts.form;

export function QuestionEditPage() {
  const id = idFrom(useParams().question);
  const query = useQuestion(id);
  const save = useSaveQuestion(id);
  const back = useBackToList(paths.questions.path);
  const [previewing, setPreviewing] = useState(false);
  const crumbs = [{ label: questionsTexts.list.title, to: paths.questions.path }, { label: t.editTitle }];

  if (query.isLoading) return <PageSkeleton />;
  if (!query.data) {
    return (
      <>
        <PageHeader title={t.editTitle} breadcrumbs={crumbs} />
        <EmptyState
          title={t.notFound}
          actions={
            <Button component={Link} to={paths.questions.path} variant="light">
              {t.back}
            </Button>
          }
        />
      </>
    );
  }
  const question = query.data;
  const previewButton = (
    <Button variant="light" leftSection={<IconEye size={16} />} onClick={() => setPreviewing(true)}>
      {t.preview}
    </Button>
  );
  return (
    <>
      <PageHeader title={t.editTitle} breadcrumbs={crumbs} actions={previewButton} />
      {question.started_exam_count > 0 ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden="true" />} title={t.startedTitle(question.started_exam_count)} mb="md" data-testid="started-exams-notice">
          {t.startedHelp}
        </Alert>
      ) : null}
      <QuestionForm
        // A saved question comes back with new ids and version: the form starts again from it.
        key={`${question.id}-${question.version}`}
        question={question}
        submitLabel={t.save}
        onCancel={back}
        onSubmit={(body) => save.mutateAsync(body)}
      />
      <Modal opened={previewing} onClose={() => setPreviewing(false)} title={questionsTexts.preview.title} size="xl">
        {previewing ? <QuestionPreview id={question.id} parameterised={Boolean(question.generator)} /> : null}
      </Modal>
    </>
  );
}

export const Component = QuestionEditPage;
