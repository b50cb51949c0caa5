// The status of an exam (badge) and the moves the lifecycle allows from it (publish, back to draft, close,
// archive), each confirmed; a refusal (409) comes back as the server's French message.
import { Badge, Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { EXAM_STATUS_LABELS, EXAM_TRANSITIONS, type ExamListItem, type ExamStatus } from '@exam/shared';
import { confirmDialog } from '@/components/confirm-dialog';
import { useExamStatus } from '../api/exams';
import { examsTexts } from '../texts';

export const STATUS_COLORS: Record<ExamStatus, string> = { DRAFT: 'gray', PUBLISHED: 'teal', CLOSED: 'orange', ARCHIVED: 'dark' };

export function StatusBadge({ status }: { status: ExamStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" size="sm">
      {EXAM_STATUS_LABELS[status]}
    </Badge>
  );
}

/**
 * Asks, then moves the exam to `status`; resolves true when it moved. `rethrow`: a refusal is thrown on (after its
 * toast), for the editor to put its per-question messages on the rows.
 */
export function useChangeStatus() {
  const mutation = useExamStatus();
  const change = async (exam: Pick<ExamListItem, 'id' | 'title'>, status: ExamStatus, { rethrow = false } = {}) => {
    if (!(await confirmDialog({ message: examsTexts.confirmStatus[status](exam.title), confirmLabel: examsTexts.actions[status] }))) return false;
    return mutation
      .mutateAsync({ id: exam.id, status })
      .then(() => true)
      .catch((err: unknown) => {
        if (rethrow) throw err;
        return false;
      });
  };
  return { change, pending: mutation.isPending };
}

export function StatusMenu({ exam }: { exam: ExamListItem }) {
  const { change, pending } = useChangeStatus();
  const moves = EXAM_TRANSITIONS[exam.status];
  if (!moves.length) return <StatusBadge status={exam.status} />;
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          size="compact-xs"
          variant="light"
          color={STATUS_COLORS[exam.status]}
          rightSection={<IconChevronDown size={12} />}
          loading={pending}
          aria-label={`${EXAM_STATUS_LABELS[exam.status]} — ${examsTexts.list.statusMenu(exam.title)}`}
        >
          {EXAM_STATUS_LABELS[exam.status]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {moves.map((s) => (
          <Menu.Item key={s} onClick={() => void change(exam, s)}>
            {examsTexts.actions[s]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
