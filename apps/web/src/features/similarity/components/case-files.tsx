// Case files of the exam: opening one on a pair or a cluster, then its steps (note, message to a student, their
// reply, decision). Every step goes into the journal of each copy of the case; students see nothing of it here.
import { useState } from 'react';
import { Badge, Button, Group, NumberInput, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { SIMILARITY_DECISIONS, type SimilarityCase, type SimilarityCaseStepInput, type SimilarityDecision, type SimilarityStudent } from '@exam/shared';
import { formatDateTime, fullName } from '@/components/format';
import { useAddCaseStep, useCreateCase, useSimilarityCases } from '../api/similarity';
import { similarityTexts } from '../texts';

const t = similarityTexts.cases;
const STEP_TYPES = ['NOTE', 'MESSAGE', 'REPLY', 'DECISION'] as const;

export interface CaseDraft {
  question_id: number;
  members: SimilarityStudent[];
}

export function NewCase({ examId, draft, onDone }: { examId: number; draft: CaseDraft; onDone: () => void }) {
  const [note, setNote] = useState('');
  const create = useCreateCase(examId);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="similarity-new-case">
      <Title order={3} size="h4" id="similarity-new-case" mb="xs">
        {t.openTitle}
      </Title>
      <Text size="sm" mb="xs">
        {t.members} : {draft.members.map(fullName).join(', ')}
      </Text>
      <Textarea label={t.note} placeholder={t.notePlaceholder} value={note} onChange={(e) => setNote(e.currentTarget.value)} autosize minRows={2} maxLength={5000} />
      <Text size="xs" mt={4}>
        {t.journalNote}
      </Text>
      <Group mt="sm" gap="xs">
        <Button loading={create.isPending} onClick={() => create.mutate({ question_id: draft.question_id, attempt_ids: draft.members.map((m) => m.attempt_id), note }, { onSuccess: onDone })}>
          {t.create}
        </Button>
        <Button variant="default" onClick={onDone}>
          {t.cancel}
        </Button>
      </Group>
    </Paper>
  );
}

function StepForm({ examId, c }: { examId: number; c: SimilarityCase }) {
  const add = useAddCaseStep(examId, c.id);
  const [type, setType] = useState<(typeof STEP_TYPES)[number]>('NOTE');
  const [attempt, setAttempt] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [decision, setDecision] = useState<SimilarityDecision>('NO_ACTION');
  const [points, setPoints] = useState<number | string>('');
  const needsStudent = type === 'MESSAGE' || type === 'REPLY' || (type === 'DECISION' && decision === 'MARK_CHANGED');
  const submit = () => {
    const body: SimilarityCaseStepInput = { type, text, ...(needsStudent && attempt ? { attempt_id: Number(attempt) } : {}) };
    if (type === 'DECISION') {
      body.decision = decision;
      if (decision === 'MARK_CHANGED' && points !== '') body.new_points = Number(points);
    }
    add.mutate(body, { onSuccess: () => setText('') });
  };
  return (
    <Stack gap="xs" mt="sm">
      <Title order={4} size="h5">
        {t.addStep}
      </Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select label={t.stepType} data={STEP_TYPES.map((s) => ({ value: s, label: t.steps[s] }))} value={type} onChange={(v) => v && setType(v as (typeof STEP_TYPES)[number])} allowDeselect={false} w={220} />
        {type === 'DECISION' && (
          <Select label={t.decision} data={SIMILARITY_DECISIONS.map((d) => ({ value: d, label: t.decisions[d] }))} value={decision} onChange={(v) => v && setDecision(v as SimilarityDecision)} allowDeselect={false} w={200} />
        )}
        {needsStudent && <Select label={t.student} data={c.members.map((m) => ({ value: String(m.attempt_id), label: fullName(m) }))} value={attempt} onChange={setAttempt} w={240} />}
        {type === 'DECISION' && decision === 'MARK_CHANGED' && <NumberInput label={t.newPoints} value={points} onChange={setPoints} min={0} decimalScale={2} w={240} />}
      </Group>
      <Textarea label={t.text} value={text} onChange={(e) => setText(e.currentTarget.value)} autosize minRows={2} maxLength={5000} required />
      <Group>
        <Button onClick={submit} loading={add.isPending} disabled={text.trim() === ''}>
          {t.save}
        </Button>
      </Group>
    </Stack>
  );
}

function CaseCard({ examId, c, questionNumber }: { examId: number; c: SimilarityCase; questionNumber: (id: number) => number | null }) {
  const nameOf = (id: number | null) => (id === null ? null : c.members.find((m) => m.attempt_id === id));
  return (
    <Paper withBorder p="md" radius="md" component="li" data-testid="similarity-case">
      <Group justify="space-between" mb={4}>
        <Title order={3} size="h5">
          {t.caseTitle(c.id, questionNumber(c.question_id))}
        </Title>
        <Badge variant="light" color={c.status === 'DECIDED' ? 'gray' : 'orange'} style={{ textTransform: 'none' }}>
          {t.status[c.status]}
          {c.decision ? ` · ${t.decisions[c.decision]}` : ''}
        </Badge>
      </Group>
      <Text size="sm" mb="xs">
        {t.members} : {c.members.map(fullName).join(', ')}
      </Text>
      <Stack component="ol" gap={6} style={{ paddingLeft: 20, margin: 0 }}>
        {c.steps.map((s) => {
          const who = nameOf(s.attempt_id);
          return (
            <li key={s.id}>
              <Text size="sm" fw={600} component="span">
                {t.steps[s.type]}
                {who ? ` (${fullName(who)})` : ''}
                {s.decision ? ` : ${t.decisions[s.decision]}` : ''}
                {s.new_points !== null ? `, ${t.points(s.new_points)}` : ''}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {s.text}
              </Text>
              <Text size="xs" c="dimmed">
                {t.by(s.author, formatDateTime(s.at))}
              </Text>
            </li>
          );
        })}
      </Stack>
      {c.status === 'OPEN' ? <StepForm examId={examId} c={c} /> : <Text size="sm" mt="sm">{t.decided}</Text>}
    </Paper>
  );
}

export function CaseFiles({ examId, questionNumber }: { examId: number; questionNumber: (id: number) => number | null }) {
  const cases = useSimilarityCases(examId);
  return (
    <section aria-labelledby="similarity-cases">
      <Title order={2} size="h3" id="similarity-cases" mb="sm">
        {t.title}
      </Title>
      {cases.data && cases.data.length === 0 && <Text size="sm">{t.none}</Text>}
      <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {(cases.data ?? []).map((c) => (
          <CaseCard key={c.id} examId={examId} c={c} questionNumber={questionNumber} />
        ))}
      </Stack>
    </section>
  );
}
