// /dashboard/exams/create: the exam editor; a new exam is a draft, then the edit screen opens.
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useBackToList } from '@/components/list-navigation';
import { paths } from '@/config/paths';
import { useSaveExam } from '../api/exams';
import { ExamForm } from '../components/exam-form';
import { examsTexts } from '../texts';

const t = examsTexts.form;

export function ExamCreatePage() {
  const navigate = useNavigate();
  const back = useBackToList(paths.exams.path);
  const save = useSaveExam();
  return (
    <>
      <PageHeader title={t.createTitle} breadcrumbs={[{ label: examsTexts.list.title, to: paths.exams.path }, { label: t.createTitle }]} />
      <ExamForm
        submitLabel={t.create}
        onCancel={back}
        onSubmit={async (body) => {
          const exam = await save.mutateAsync(body);
          navigate(paths.examsEdit.href(exam.id), { replace: true });
        }}
      />
    </>
  );
}

export const Component = ExamCreatePage;
