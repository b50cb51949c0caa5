// /dashboard/questions/create: the question editor; once saved, the edit screen opens (with the preview).
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useBackToList } from '@/components/list-navigation';
import { paths } from '@/config/paths';
import { useSaveQuestion } from '../api/questions';
import { QuestionForm } from '../components/question-form';
import { questionsTexts } from '../texts';

const t = questionsTexts.form;

export function QuestionCreatePage() {
  const navigate = useNavigate();
  const back = useBackToList(paths.questions.path);
  const save = useSaveQuestion();
  return (
    <>
      <PageHeader title={t.createTitle} breadcrumbs={[{ label: questionsTexts.list.title, to: paths.questions.path }, { label: t.createTitle }]} />
      <QuestionForm
        submitLabel={t.create}
        onCancel={back}
        onSubmit={async (body) => {
          const q = await save.mutateAsync(body);
          navigate(paths.questionsEdit.href(q.id), { replace: true });
        }}
      />
    </>
  );
}

export const Component = QuestionCreatePage;
