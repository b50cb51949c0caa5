// The browser side of "nothing typed is lost": drafts per user, exam and question; the newer of the browser's and
// the server's draft wins; the queue keeps submissions until the server answers; the countdown's announcements
// and the output diff.
import { describe, expect, it } from 'vitest';
import { createExamStore, draftKey, initialAnswer, isBlank, queueKey, type KeyValueStore } from './local-store';
import { crossedThreshold, formatRemaining } from '../components/countdown';
import { diffLines } from '@/components/grade/output-diff';
import { newSubmissionId } from './use-exam-session';
import { durationLabel } from '../texts';

function memory(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

const q = (over: Partial<Parameters<typeof initialAnswer>[0]> = {}) => ({
  type: 'ALGORITHM' as const,
  starter_code: 'print()',
  draft: null,
  draft_updated_at: null,
  last_answer: null,
  ...over,
});

describe('drafts', () => {
  it('are keyed by user, exam and question', () => {
    const m = memory();
    createExamStore(7, 3, m).writeDraft(12, { value: 'x = 1', at: 1000 });
    expect([...m.data.keys()]).toEqual([draftKey(7, 3, 12)]);
    expect(createExamStore(8, 3, m).readDraft(12)).toBeNull();
    expect(createExamStore(7, 4, m).readDraft(12)).toBeNull();
    expect(createExamStore(7, 3, m).readDraft(12)).toEqual({ value: 'x = 1', at: 1000 });
  });

  it('stay pending until the server has the very value typed', () => {
    const m = memory();
    const s = createExamStore(7, 3, m);
    s.writeDraft(12, { value: 'Paris', at: 1000, pending: true });
    // Saved an older value meanwhile: still to send.
    s.settleDraft(12, 'Pari');
    expect(s.readDraft(12)).toEqual({ value: 'Paris', at: 1000, pending: true });
    s.settleDraft(12, 'Paris');
    expect(s.readDraft(12)).toEqual({ value: 'Paris', at: 1000 });
  });

  it('opens on the newer of the browser draft and the server draft, else the last answer, else the starter', () => {
    const server = { draft: 'serveur', draft_updated_at: new Date(5000).toISOString() };
    expect(initialAnswer(q(server), { value: 'navigateur', at: 6000 })).toBe('navigateur');
    expect(initialAnswer(q(server), { value: 'navigateur', at: 4000 })).toBe('serveur');
    expect(initialAnswer(q(server), null)).toBe('serveur');
    expect(initialAnswer(q({ last_answer: 'envoyé' }), null)).toBe('envoyé');
    expect(initialAnswer(q(), null)).toBe('print()');
    expect(initialAnswer(q({ type: 'QCM', last_answer: [3, 'x', 4] }), null)).toEqual([3, 4]);
    // A draft of the wrong shape (another type) is ignored.
    expect(initialAnswer(q({ type: 'QCM' }), { value: 'texte', at: 1 })).toEqual([]);
    expect(isBlank([])).toBe(true);
    expect(isBlank('  ')).toBe(true);
    expect(isBlank([1])).toBe(false);
  });
});

describe('submission queue', () => {
  it('keeps submissions in order until answered, once per submission id, across two tabs', () => {
    const m = memory();
    const tab1 = createExamStore(1, 2, m);
    const tab2 = createExamStore(1, 2, m);
    const a = { submission_id: newSubmissionId(), question_id: 5, answer: '12.5', queued_at: 1 };
    const b = { submission_id: newSubmissionId(), question_id: 6, answer: [1], queued_at: 2 };
    tab1.enqueue(a);
    tab2.enqueue(b);
    tab2.enqueue(a);
    expect(tab1.readQueue().map((s) => s.question_id)).toEqual([5, 6]);
    tab1.dequeue([a.submission_id]);
    expect(tab2.readQueue()).toEqual([b]);
    tab2.dequeue([b.submission_id]);
    expect(m.data.has(queueKey(1, 2))).toBe(false);
    expect(a.submission_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('survives a broken storage (private mode): nothing throws', () => {
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {},
    };
    const s = createExamStore(1, 1, broken);
    expect(s.writeDraft(1, { value: 'x', at: 1 })).toBe(false);
    expect(s.readDraft(1)).toBeNull();
    s.enqueue({ submission_id: 'a', question_id: 1, answer: 'x', queued_at: 1 });
    expect(s.readQueue()).toEqual([]);
  });
});

describe('countdown', () => {
  it('formats the time left and announces 10, 5 and 1 minute(s) once each', () => {
    expect(formatRemaining(3_725_000)).toBe('1:02:05');
    expect(formatRemaining(299_001)).toBe('05:00');
    expect(formatRemaining(-5)).toBe('00:00');
    expect(crossedThreshold(1_800_500, 1_799_500)).toBe(30);
    expect(crossedThreshold(1_799_500, 1_798_500)).toBeNull();
    // A page asleep across two thresholds says the nearer end only.
    expect(crossedThreshold(1_900_000, 290_000)).toBe(5);
    expect(crossedThreshold(600_500, 599_500)).toBe(10);
    expect(crossedThreshold(599_500, 598_500)).toBeNull();
    expect(crossedThreshold(300_200, 299_200)).toBe(5);
    expect(crossedThreshold(60_100, 59_100)).toBe(1);
    expect(crossedThreshold(59_100, 58_100)).toBeNull();
    expect(durationLabel(60)).toBe('1 h');
    expect(durationLabel(79.8)).toBe('1 h 19 min 48 s');
    // A tiers-temps: 2 min × 4/3 is 2 min 40 s, not « 3 min » (more than the student gets).
    expect(durationLabel((2 * 4) / 3)).toBe('2 min 40 s');
    expect(durationLabel(90)).toBe('1 h 30 min');
    expect(durationLabel(0.5)).toBe('30 s');
    expect(durationLabel(45)).toBe('45 min');
  });
});

describe('output diff', () => {
  it('marks the differing, missing and extra lines; trailing spaces do not count', () => {
    expect(diffLines('12.50\n', '12.50  \n').every((r) => r.same)).toBe(true);
    const rows = diffLines('a\nb\n', 'a\nc\nd\n');
    expect(rows.map((r) => r.same)).toEqual([true, false, false]);
    expect(rows[2]).toMatchObject({ expected: null, got: 'd' });
    expect(diffLines('a\nb', 'a')[1]).toMatchObject({ expected: 'b', got: null, same: false });
  });
});
