// /dashboard/practice/exercises/{question}/similarity: similar programs of a practice exercise, on the teacher's
// demand (from the course's practice panel). The same screen as an exam's, without case files (practice counts for
// nothing): its comparison and progress, the threshold, the distribution, pairs and clusters, two last tries side by
// side. The pair shown is in the address (?left=&right=).
import { useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SIMILARITY_DEFAULT_THRESHOLD, type SimilarityQuestion } from '@exam/shared';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { PageSkeleton } from '@/components/loading-skeleton';
import { formatDateTime } from '@/components/format';
import { idFrom } from '@/components/list-navigation';
import { paths } from '@/config/paths';
import { usePracticePair, usePracticeSimilarity, useRunPracticeSimilarity } from '../api/practice-similarity';
import { DistributionSection } from '../components/histogram';
import { ClusterList, PairsTable } from '../components/pairs';
import { SideBySide } from '../components/side-by-side';
import { similarityTexts as t } from '../texts';


function AnalysisState({ q }: { q: SimilarityQuestion }) {
  const run = useRunPracticeSimilarity(q.question_id);
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
        {a?.status === 'DONE' && <Text size="sm">{t.practice.summary(a.programs, a.pair_count, formatDateTime(a.finished_at))}</Text>}
        <Group>
          <Button size="sm" loading={run.isPending} disabled={busy} onClick={() => run.mutate()}>
            {a ? t.rerun : t.run}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function PracticeSimilarityPage() {
  const questionId = idFrom(useParams().question);
  const [params, setParams] = useSearchParams();
  const [threshold, setThreshold] = useState(SIMILARITY_DEFAULT_THRESHOLD);
  const [debounced] = useDebouncedValue(threshold, 250);
  const result = usePracticeSimilarity(questionId, debounced);
  const sideHeading = useRef<HTMLHeadingElement | null>(null);
  const data = result.data;
  const a = data?.question.analysis ?? null;
  const doneAt = a?.status === 'DONE' ? a.finished_at : null;
  const left = Number(params.get('left'));
  const right = Number(params.get('right'));
  const pair = usePracticePair(questionId, doneAt && left > 0 && right > 0 ? { left, right } : null, doneAt);

  useEffect(() => {
    if (pair.data) sideHeading.current?.focus();
  }, [pair.data]);

  const crumbs = [{ label: t.practice.courses, to: paths.courses.path }, { label: t.practice.title }];
  if (result.isPending) {
    return (
      <>
        <PageHeader title={t.practice.title} breadcrumbs={crumbs} />
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
  const shown = (data?.pairs ?? []).filter((p) => p.similarity >= debounced);

  return (
    <>
      <PageHeader title={t.practice.title} description={t.practice.description} breadcrumbs={crumbs} />
      <Stack gap="xl">
        <Alert color="blue" variant="light" title={t.practice.title}>
          {t.practice.warning}
        </Alert>
        {result.isError || !data ? (
          <EmptyState title={t.practice.notFound} description="" />
        ) : (
          <>
            <section aria-labelledby="similarity-exercise">
              <Title order={2} size="h3" id="similarity-exercise" mb="sm">
                {t.practice.exercise}
              </Title>
              <Stack gap="sm">
                <Text size="sm">
                  {data.question.title} ({data.question.language === 'R' ? 'R' : 'Python'})
                </Text>
                <AnalysisState q={data.question} />
              </Stack>
            </section>

            {doneAt &&
              (a && a.programs < 2 ? (
                <Text size="sm">{t.practice.tooFew}</Text>
              ) : (
                <>
                  <DistributionSection histogram={data.histogram} median={data.median} threshold={threshold} onThreshold={setThreshold} drawn={debounced} />

                  <section aria-labelledby="similarity-clusters">
                    <Title order={2} size="h3" id="similarity-clusters" mb="sm">
                      {t.clusters}
                    </Title>
                    {data.clusters.length === 0 ? <Text size="sm">{t.noCluster}</Text> : <ClusterList clusters={data.clusters} />}
                  </section>

                  <section aria-labelledby="similarity-pairs-title">
                    <Title order={2} size="h3" id="similarity-pairs-title" mb="sm">
                      {t.pairs}
                    </Title>
                    <PairsTable pairs={shown} onCompare={(p) => select({ left: String(p.left.attempt_id), right: String(p.right.attempt_id) })} />
                  </section>

                  {pair.data && <SideBySide comparison={pair.data} headingRef={sideHeading} onClose={() => select({ left: null, right: null })} />}
                </>
              ))}
          </>
        )}
      </Stack>
    </>
  );
}

export const Component = PracticeSimilarityPage;
