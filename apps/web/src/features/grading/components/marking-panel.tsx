// The exam-level part of « Correction » (docs/correction-humaine.md): the marks' publication (« Publier les notes »,
// confirmed with how many copies still wait), the lifting of anonymity once every copy has its final mark, the
// double-marking setup (two blind markers, a third, the rule chosen before marking), the disagreements to settle and
// the agreement report. A marker sees only their role. Native selects and plain tables: keyboard and 375 px.
import { useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Modal, NativeSelect, Paper, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { AgreementReport, Annotation, MarkingState, RubricChoice } from '@exam/shared';
import { confirmDialog } from '@/components/confirm-dialog';
import { useAgreement, useDisagreements, useLiftAnonymity, useMarkingState, usePublish, useSettle, useSetupMarking } from '../api/marking';
import { markingTexts as t } from '../marking-texts';
import { rubricGradingTexts } from '../rubric-texts';
import { RubricGrading, rubricBody, type RubricChoices } from './rubric-grading';
import { TextAnnotations } from './text-annotations';

interface QuestionRef {
  question_id: number;
  position: number;
}

function SetupForm({ examId, state, questions }: { examId: number; state: MarkingState; questions: QuestionRef[] }) {
  const setup = useSetupMarking(examId);
  const [scope, setScope] = useState('');
  const current = state.scopes.find((s) => String(s.question_id ?? '') === scope);
  const [first, setFirst] = useState(current ? String(current.first.id) : '');
  const [second, setSecond] = useState(current ? String(current.second.id) : '');
  const [third, setThird] = useState(current?.third ? String(current.third.id) : '');
  const [rule, setRule] = useState<string>(state.rule);
  const [threshold, setThreshold] = useState(state.threshold === null ? '' : String(state.threshold));
  const [settleBy, setSettleBy] = useState<string>(state.settle_by);
  const staff = [{ value: '', label: t.none }, ...state.staff.map((s) => ({ value: String(s.id), label: s.name }))];
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onScope = (v: string) => {
    setScope(v);
    const s = state.scopes.find((x) => String(x.question_id ?? '') === v);
    setFirst(s ? String(s.first.id) : '');
    setSecond(s ? String(s.second.id) : '');
    setThird(s?.third ? String(s.third.id) : '');
  };
  const submit = () => {
    setErrors({});
    const markers = [first, second].filter(Boolean).map(Number);
    setup.mutate(
      {
        rule: rule as 'MEAN' | 'SETTLE',
        threshold: rule === 'SETTLE' && threshold.trim() !== '' ? Number(threshold.replace(',', '.')) : null,
        settle_by: settleBy as 'TEACHER' | 'THIRD_MARKER',
        question_id: scope === '' ? null : Number(scope),
        markers,
        third: third === '' ? null : Number(third),
      },
      {
        onError: (e) => {
          const errs = (e as { errors?: Record<string, string[]> }).errors ?? {};
          setErrors(Object.fromEntries(Object.entries(errs).map(([k, v]) => [k, v[0] ?? ''])));
        },
      },
    );
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="marking-setup"
    >
      <Stack gap="xs">
        <Group grow wrap="wrap" align="flex-start" gap="sm">
          <NativeSelect label={t.scope} value={scope} onChange={(e) => onScope(e.currentTarget.value)} data={[{ value: '', label: t.allQuestions }, ...questions.map((q) => ({ value: String(q.question_id), label: t.question(q.position) }))]} miw={180} />
          <NativeSelect label={t.first} value={first} onChange={(e) => setFirst(e.currentTarget.value)} data={staff} error={errors.markers} miw={180} data-testid="marker-first" />
          <NativeSelect label={t.second} value={second} onChange={(e) => setSecond(e.currentTarget.value)} data={staff} miw={180} data-testid="marker-second" />
        </Group>
        <Group grow wrap="wrap" align="flex-start" gap="sm">
          <NativeSelect label={t.rule} value={rule} onChange={(e) => setRule(e.currentTarget.value)} data={Object.entries(t.rules).map(([value, label]) => ({ value, label }))} miw={180} data-testid="marking-rule" />
          {rule === 'SETTLE' ? (
            <>
              <TextInput label={t.threshold} inputMode="decimal" value={threshold} onChange={(e) => setThreshold(e.currentTarget.value)} error={errors.threshold} miw={140} data-testid="marking-threshold" />
              <NativeSelect label={t.settleBy} value={settleBy} onChange={(e) => setSettleBy(e.currentTarget.value)} data={Object.entries(t.settlers).map(([value, label]) => ({ value, label }))} miw={180} data-testid="marking-settle-by" />
              {settleBy === 'THIRD_MARKER' ? <NativeSelect label={t.third} value={third} onChange={(e) => setThird(e.currentTarget.value)} data={staff} error={errors.third} miw={180} data-testid="marker-third" /> : null}
            </>
          ) : null}
        </Group>
        <Group>
          <Button type="submit" loading={setup.isPending} data-testid="marking-save">
            {t.saveSetup}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type DisagreementItem = NonNullable<ReturnType<typeof useDisagreements>['data']>['items'][number];

/**
 * « Trancher avec la grille » (or « Trancher en détail » without one): the final mark chosen level by level (keyboard as
 * in the queue) or typed, a comment, and the settling person's own annotations on the copy's text (the student reads
 * them with the markers', each saying who made it).
 */
function SettleInDetail({ examId, item, onClose }: { examId: number; item: DisagreementItem; onClose: () => void }) {
  const settle = useSettle(examId);
  const rubric = item.rubric;
  const [choices, setChoices] = useState<RubricChoices>({});
  const [points, setPoints] = useState('');
  const [comment, setComment] = useState('');
  const [annotations, setAnnotations] = useState<Annotation[]>([]);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const submit = () => {
    let final: { points: number; rubric?: RubricChoice[] };
    if (rubric) {
      const body = rubricBody(rubric, choices, item.points);
      if (typeof body === 'string') return setError(body);
      final = body;
    } else {
      const value = Number(points.trim().replace(',', '.'));
      if (points.trim() === '' || !Number.isFinite(value) || value < 0 || value > item.points) return setError(t.pointsRange(item.points));
      final = { points: value };
    }
    setError(null);
    settle.mutate(
      { questionId: item.question_id, copy: item.copy, body: { ...final, comment: comment.trim() || null, version: item.version, ...(annotations.length ? { annotations } : {}) } },
      { onSuccess: onClose, onError: (e) => setError(e.message) },
    );
  };
  return (
    <Modal opened onClose={onClose} title={rubric ? t.settleWithRubricTitle(item.copy) : t.settleInDetailTitle(item.copy)} size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        data-testid="settle-rubric"
      >
        <Stack gap="sm">
          <Text size="sm">{rubric ? t.settleWithRubricHint : t.settleInDetailHint}</Text>
          {rubric ? (
            <RubricGrading rubric={rubric} choices={choices} onChange={setChoices} questionPoints={item.points} onEnter={submit} boxRef={box} keysHint={rubricGradingTexts.settleKeys} />
          ) : (
            // A mark out of range is said on its field (and the dialog, with what was typed, stays open).
            <TextInput label={t.finalPoints(item.points)} inputMode="decimal" value={points} onChange={(e) => setPoints(e.currentTarget.value)} error={error ?? undefined} maw={220} data-testid="settle-detail-points" />
          )}
          <Textarea label={t.settleComment} autosize minRows={2} value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
          {error && rubric ? (
            <Text size="sm" c="var(--mantine-color-error)" role="alert">
              {error}
            </Text>
          ) : null}
          {item.text ? <TextAnnotations text={item.text} annotations={annotations} onChange={setAnnotations} /> : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={settle.isPending}>
              {t.settle}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function SettleRow({ examId, item }: { examId: number; item: DisagreementItem }) {
  const settle = useSettle(examId);
  const [inDetail, setInDetail] = useState(false);
  const [points, setPoints] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const value = Number(points.trim().replace(',', '.'));
    if (points.trim() === '' || !Number.isFinite(value) || value < 0 || value > item.points) return setError(t.pointsRange(item.points));
    setError(null);
    settle.mutate({ questionId: item.question_id, copy: item.copy, body: { points: value, comment: null, version: item.version } }, { onError: (e) => setError(e.message) });
  };
  return (
    <Table.Tr data-testid="disagreement" data-copy={item.copy}>
      <Table.Td>{t.question(item.position)}</Table.Td>
      <Table.Td>{item.copy}</Table.Td>
      {[item.first, item.second].map((m, i) => (
        <Table.Td key={i}>
          {t.pts(m.points)} <Text span size="xs" c="dimmed">({m.by})</Text>
          {/* The rubric's levels each marker chose, for the one who settles. */}
          {m.levels?.length ? (
            <Text size="xs" c="dimmed" data-testid="disagreement-levels">
              {t.levelsLine(m.levels)}
            </Text>
          ) : null}
        </Table.Td>
      ))}
      <Table.Td>{t.pts(item.difference)}</Table.Td>
      <Table.Td>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Group gap={6} wrap="nowrap" align="flex-start">
            <TextInput aria-label={t.finalLabel(item.copy, item.points)} inputMode="decimal" value={points} onChange={(e) => setPoints(e.currentTarget.value)} error={error ?? undefined} w={90} data-testid="settle-points" />
            <Button type="submit" size="sm" loading={settle.isPending}>
              {t.settle}
            </Button>
          </Group>
        </form>
        <Button
          variant="subtle"
          size="compact-sm"
          mt={4}
          onClick={() => setInDetail(true)}
          aria-label={item.rubric ? t.settleWithRubricLabel(item.copy) : t.settleInDetailLabel(item.copy)}
          data-testid={item.rubric ? 'settle-with-rubric' : 'settle-in-detail'}
        >
          {item.rubric ? t.settleWithRubric : t.settleInDetail}
        </Button>
        {inDetail ? <SettleInDetail examId={examId} item={item} onClose={() => setInDetail(false)} /> : null}
      </Table.Td>
    </Table.Tr>
  );
}

function Disagreements({ examId }: { examId: number }) {
  const list = useDisagreements(examId, true);
  const items = list.data?.items ?? [];
  return (
    <Stack gap="xs" data-testid="disagreements">
      <Title order={3} size="h5">
        {t.disagreements} {items.length > 0 ? <Badge color="orange" variant="light">{items.length}</Badge> : null}
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.noDisagreement}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640} type="native" tabIndex={0} role="region" aria-label={t.disagreements}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t.questionCol}</Table.Th>
                <Table.Th scope="col">{t.copy}</Table.Th>
                <Table.Th scope="col">{t.markOf(1)}</Table.Th>
                <Table.Th scope="col">{t.markOf(2)}</Table.Th>
                <Table.Th scope="col">{t.difference}</Table.Th>
                <Table.Th scope="col">{t.finalMark}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <SettleRow key={`${item.question_id}-${item.copy}`} examId={examId} item={item} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function Report({ examId }: { examId: number }) {
  const report = useAgreement(examId, true).data;
  if (!report) return null;
  return (
    <Stack gap="xs" data-testid="agreement-report">
      <Title order={3} size="h5">
        {t.report}
      </Title>
      <Text size="xs" c="dimmed">
        {t.reportHelp}
      </Text>
      {report.questions.every((q) => q.pairs === 0) ? (
        <Text size="sm" c="dimmed">
          {t.noReport}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} role="region" aria-label={t.report}>
            <Table striped verticalSpacing="xs" aria-label={t.report}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t.questionCol}</Table.Th>
                  <Table.Th scope="col">{t.pairs}</Table.Th>
                  <Table.Th scope="col">{t.meanDiff}</Table.Th>
                  <Table.Th scope="col">{t.maxDiff}</Table.Th>
                  <Table.Th scope="col">{t.agreed}</Table.Th>
                  <Table.Th scope="col">{t.disagreements}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.questions.map((q) => (
                  <Table.Tr key={q.question_id}>
                    <Table.Td>{t.question(q.position)}</Table.Td>
                    <Table.Td>{q.pairs}</Table.Td>
                    <Table.Td>{t.pts(q.mean_difference)}</Table.Td>
                    <Table.Td>{t.pts(q.max_difference)}</Table.Td>
                    <Table.Td>{q.agreed}</Table.Td>
                    <Table.Td>{t.settledOf(q.disagreements, q.settled)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Table.ScrollContainer minWidth={480} type="native" tabIndex={0} role="region" aria-label={t.byMarker}>
            <Table striped verticalSpacing="xs" aria-label={t.byMarker}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t.marker}</Table.Th>
                  <Table.Th scope="col">{t.questionCol}</Table.Th>
                  <Table.Th scope="col">{t.graded}</Table.Th>
                  <Table.Th scope="col">{t.meanPoints}</Table.Th>
                  <Table.Th scope="col">{t.meanDiff}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.markers.map((m) => (
                  <Table.Tr key={`${m.question_id}-${m.name}`} data-testid="report-marker">
                    <Table.Td>{m.name}</Table.Td>
                    <Table.Td>{t.question(m.position)}</Table.Td>
                    <Table.Td>{m.graded}</Table.Td>
                    <Table.Td>{t.pts(m.mean_points)}</Table.Td>
                    <Table.Td>{m.mean_difference === null ? '—' : `${m.mean_difference > 0 ? '+' : ''}${t.pts(m.mean_difference)}`}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <CriteriaReport report={report} />
        </>
      )}
    </Stack>
  );
}

/** Questions marked with a rubric: per criterion, each marker's mean points and the mean absolute difference. */
function CriteriaReport({ report }: { report: AgreementReport }) {
  const rows = report.questions.flatMap((q) => q.criteria.map((c) => ({ q, c })));
  if (rows.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={4} size="h6" id="agreement-criteria">
        {t.byCriterion}
      </Title>
      <Text size="xs" c="dimmed">
        {t.byCriterionHelp}
      </Text>
      <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} role="region" aria-labelledby="agreement-criteria">
        <Table striped verticalSpacing="xs" aria-labelledby="agreement-criteria">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t.questionCol}</Table.Th>
              <Table.Th scope="col">{t.criterion}</Table.Th>
              <Table.Th scope="col">{t.pairs}</Table.Th>
              <Table.Th scope="col">{t.firstMarker}</Table.Th>
              <Table.Th scope="col">{t.secondMarker}</Table.Th>
              <Table.Th scope="col">{t.meanDiff}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ q, c }) => (
              <Table.Tr key={`${q.question_id}-${c.criterion_id}`} data-testid="report-criterion">
                <Table.Td>{t.question(q.position)}</Table.Td>
                <Table.Td>{t.criterionOf(c.criterion, c.max)}</Table.Td>
                <Table.Td>{c.pairs}</Table.Td>
                {c.means.map((m, i) => (
                  <Table.Td key={i}>{t.markerMean(m.name, m.mean_points)}</Table.Td>
                ))}
                <Table.Td>{t.pts(c.mean_difference)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

export function MarkingPanel({ examId, questions }: { examId: number; questions: QuestionRef[] }) {
  const state = useMarkingState(examId).data;
  const publish = usePublish(examId);
  const lift = useLiftAnonymity(examId);
  if (!state) return null;
  const roles = [...new Set(state.roles.map((r) => r.role))].filter((r) => r === 'MARKER' || r === 'THIRD');
  if (!state.manager) {
    return (
      <Alert color="blue" variant="light" data-testid="marking-role">
        <Stack gap={4}>
          {roles.map((r) => (
            <Text size="sm" key={r}>
              {t.role[r]}
            </Text>
          ))}
          <Text size="sm">{t.notManager}</Text>
          {state.anonymity_lifted ? <Text size="sm">{t.lifted(state.anonymity_lifted.at, state.anonymity_lifted.by)}</Text> : null}
        </Stack>
      </Alert>
    );
  }
  const onPublish = async () => {
    if (await confirmDialog({ title: t.publishConfirmTitle, message: t.publishConfirm(state.pending), confirmLabel: t.publish, focusConfirm: true })) publish.mutate();
  };
  const onLift = async () => {
    if (await confirmDialog({ title: t.lift, message: t.liftConfirm, confirmLabel: t.lift, focusConfirm: true })) lift.mutate();
  };
  const scopeName = (qid: number | null) => (qid === null ? t.allQuestions : t.question(questions.find((q) => q.question_id === qid)?.position ?? 0));
  return (
    <Paper withBorder p="md" radius="md" data-testid="marking-panel">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t.title}
        </Title>
        <Stack gap={4}>
          <Text size="sm" data-testid="marking-published">
            {state.published ? t.published(state.published.at, state.published.by) : t.notPublished}
          </Text>
          <Text size="sm" data-testid="marking-anonymity">
            {state.anonymity_lifted ? t.lifted(state.anonymity_lifted.at, state.anonymity_lifted.by) : t.anonymous}
          </Text>
          <Text size="sm" data-testid="marking-pending">
            {t.pending(state.pending)}
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          {!state.published ? (
            <Button onClick={() => void onPublish()} loading={publish.isPending} data-testid="publish-marks">
              {t.publish}
            </Button>
          ) : null}
          {!state.anonymity_lifted ? (
            <Button variant="default" onClick={() => void onLift()} loading={lift.isPending} disabled={state.pending > 0} aria-describedby={state.pending > 0 ? 'lift-blocked' : undefined} data-testid="lift-anonymity">
              {t.lift}
            </Button>
          ) : null}
        </Group>
        {!state.anonymity_lifted && state.pending > 0 ? (
          <Text size="xs" c="dimmed" id="lift-blocked">
            {t.liftBlocked(state.pending)}
          </Text>
        ) : null}
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t.setup}
          </Title>
          <Text size="xs" c="dimmed">
            {t.setupHelp}
          </Text>
          {state.scopes.length > 0 ? (
            <Text size="xs" c="dimmed">
              {t.managerQueue}
            </Text>
          ) : null}
          {state.scopes.length === 0 ? (
            <Text size="sm">{t.noScope}</Text>
          ) : (
            state.scopes.map((s) => (
              <Text size="sm" key={s.question_id ?? 0} data-testid="marking-scope">
                {t.current(scopeName(s.question_id), s.first.name, s.second.name, s.third?.name ?? null)} {t.rules[state.rule]}
                {state.rule === 'SETTLE' ? ` (${t.threshold.toLowerCase()} : ${t.pts(state.threshold)} ; ${t.settlers[state.settle_by]!.toLowerCase()})` : ''}
              </Text>
            ))
          )}
          {state.locked ? (
            <Text size="sm" c="dimmed">
              {t.locked}
            </Text>
          ) : (
            <SetupForm examId={examId} state={state} questions={questions} />
          )}
        </Stack>
        {state.scopes.length > 0 ? (
          <>
            <Disagreements examId={examId} />
            <Report examId={examId} />
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
