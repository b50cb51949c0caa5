// /dashboard/exam-results/{exam}/similarity: similar programs of an exam, per program question. Its comparison (run on
// demand or at the end of the exam, its progress while it runs), a threshold the teacher moves, the distribution of
// the question's pairs, the pairs and clusters at or above the threshold, two programs side by side, and the case
// files. The question and the pair shown are in the address (?question=&left=&right=), so the view can be shared.
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert, Button, Group, Paper, Progress, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SIMILARITY_DEFAULT_THRESHOLD, type SimilarityQuestion } from '@exam/shared';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { PageSkeleton } from '@/components/loading-skeleton';
import { formatDateTime } from '@/components/format';
import { idFrom } from '@/components/list-navigation';
import { paths } from '@/config/paths';
import { useRunSimilarity, useSimilarityPair, useSimilarityQuestions, useSimilarityResult } from '../api/similarity';
import { CaseFiles, NewCase, type CaseDraft } from '../components/case-files';
import { DistributionSection } from '../components/histogram';
import { ClusterList, PairsTable } from '../components/pairs';
import { SideBySide } from '../components/side-by-side';
import { similarityTexts as t } from '../texts';


function AnalysisState({ examId, q }: { examId: number; q: SimilarityQuestion }) {
  const run = useRunSimilarity(examId);
  const a = q.analysis;
  const busy = a?.status === 'QUEUED' || a?.status === 'RUNNING';
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap={6}>
        {!a && <Text size="sm">{t.notRun}</Text>}
        {a?.status === 'QUEUED' && <Text size="sm">{t.queued}</Text>}
        {a?.status === 'RUNNING' && (
          <>
            <Text size="sm" id="similarity-progress">
              {t.progress(a.progress)}
            </Text>
            <Progress value={a.progress} aria-labelledby="similarity-progress" />
          </>
        )}
        {a?.status === 'FAILED' && (
          <Text size="sm" c="red.9">
            {t.failed(a.error)}
          </Text>
        )}
        {a?.status === 'DONE' && <Text size="sm">{t.summary(a.programs, a.pair_count, a.trigger, formatDateTime(a.finished_at))}</Text>}
        <Group>
          <Button size="sm" loading={run.isPending} disabled={busy} onClick={() => run.mutate(q.question_id)}>
            {a ? t.rerun : t.run}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function ExamSimilarityPage() {
  const examId = idFrom(useParams().exam);
  const [params, setParams] = useSearchParams();
  const questions = useSimilarityQuestions(examId);
  const [threshold, setThreshold] = useState(SIMILARITY_DEFAULT_THRESHOLD);
  const [debounced] = useDebouncedValue(threshold, 250);
  const [draft, setDraft] = useState<CaseDraft | null>(null);
  const sideHeading = useRef<HTMLHeadingElement | null>(null);

  const list = questions.data ?? [];
  const asked = Number(params.get('question'));
  const current = list.find((q) => q.question_id === asked) ?? list[0] ?? null;
  const doneAt = current?.analysis?.status === 'DONE' ? current.analysis.finished_at : null;
  const result = useSimilarityResult(examId, current && doneAt ? current.question_id : null, debounced, doneAt);
  const left = Number(params.get('left'));
  const right = Number(params.get('right'));
  const pairAsked = current && left > 0 && right > 0 ? { left, right } : null;
  const pair = useSimilarityPair(examId, current?.question_id ?? 0, pairAsked, doneAt);

  // The side-by-side view takes the focus when it opens (a screen reader hears its title).
  useEffect(() => {
    if (pair.data) sideHeading.current?.focus();
  }, [pair.data]);

  const resultsCrumb = { label: paths.examResultsShow.title, to: paths.examResultsShow.href(examId) };
  const crumbs = [{ label: paths.examResults.title, to: paths.examResults.path }, resultsCrumb, { label: t.title }];
  if (questions.isPending) {
    return (
      <>
        <PageHeader title={t.title} breadcrumbs={crumbs} />
        <PageSkeleton />
      </>
    );
  }
  const select = (next: Record<string, string | null>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null) p.delete(k);
      else p.set(k, v);
    }
    setParams(p, { replace: false });
  };
  const data = result.data;
  const shown = (data?.pairs ?? []).filter((p) => p.similarity >= debounced);
  const numberOf = (id: number) => list.find((q) => q.question_id === id)?.position ?? null;

  return (
    <>
      <PageHeader
        title={t.title}
        description={t.description}
        breadcrumbs={crumbs}
        actions={
          <Button variant="default" component={Link} to={paths.examResultsShow.href(examId)}>
            {paths.examResultsShow.title}
          </Button>
        }
      />
      <Stack gap="xl">
        <Alert color="blue" variant="light" title={t.title}>
          {t.warning}
        </Alert>
        {questions.isError || list.length === 0 ? (
          <EmptyState title={t.noQuestion} description="" />
        ) : (
          <>
            <section aria-labelledby="similarity-questions">
              <Title order={2} size="h3" id="similarity-questions" mb="sm">
                {t.questions}
              </Title>
              {list.length > 1 && (
                <SegmentedControl
                  mb="sm"
                  aria-label={t.questions}
                  value={String(current?.question_id ?? '')}
                  onChange={(v) => select({ question: v, left: null, right: null })}
                  data={list.map((q) => ({ value: String(q.question_id), label: `${t.question(q.position)} · ${q.language === 'R' ? 'R' : 'Python'}` }))}
                />
              )}
              {current && (
                <Stack gap="sm">
                  <Text size="sm">
                    <strong>{t.question(current.position)}</strong> — {current.title}
                  </Text>
                  <AnalysisState examId={examId} q={current} />
                </Stack>
              )}
            </section>

            {current && doneAt && data && (
              <>
                {current.analysis && current.analysis.programs < 2 ? (
                  <Text size="sm">{t.tooFew}</Text>
                ) : (
                  <>
                    <DistributionSection histogram={data.histogram} median={data.median} threshold={threshold} onThreshold={setThreshold} drawn={debounced} />

                    <section aria-labelledby="similarity-clusters">
                      <Title order={2} size="h3" id="similarity-clusters" mb="sm">
                        {t.clusters}
                      </Title>
                      {data.clusters.length === 0 ? (
                        <Text size="sm">{t.noCluster}</Text>
                      ) : (
                        <ClusterList clusters={data.clusters} onOpenCase={(members) => setDraft({ question_id: current.question_id, members })} />
                      )}
                    </section>

                    {draft && <NewCase examId={examId} draft={draft} onDone={() => setDraft(null)} />}

                    <section aria-labelledby="similarity-pairs-title">
                      <Title order={2} size="h3" id="similarity-pairs-title" mb="sm">
                        {t.pairs}
                      </Title>
                      <PairsTable pairs={shown} onCompare={(p) => select({ left: String(p.left.attempt_id), right: String(p.right.attempt_id) })} />
                    </section>

                    {pair.data && (
                      <>
                        <SideBySide comparison={pair.data} headingRef={sideHeading} onClose={() => select({ left: null, right: null })} />
                        <Group>
                          <Button variant="light" onClick={() => setDraft({ question_id: current.question_id, members: [pair.data.left.student, pair.data.right.student] })}>
                            {t.openCase}
                          </Button>
                        </Group>
                      </>
                    )}
                  </>
                )}
              </>
            )}
          </>
        )}
        <CaseFiles examId={examId} questionNumber={numberOf} />
      </Stack>
    </>
  );
}

export const Component = ExamSimilarityPage;
