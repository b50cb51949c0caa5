// The buttons at the end of a list row (duplicate when offered, edit, delete), labelled with the row's name for
// screen readers.
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { texts } from '@/texts';

export interface RowActionsProps {
  /** Name of the row, read after "Modifier" / "Supprimer". */
  name: string;
  editTo: string;
  /** Router state carried to the edit screen (so it can come back to the same list page). */
  linkState?: unknown;
  onDelete: () => void;
  deleteDisabled?: boolean;
  /** When given, a « Dupliquer » button comes first. */
  onDuplicate?: () => void;
  /** The copy is being made (spinner on the duplicate button). */
  duplicating?: boolean;
}

export function RowActions({ name, editTo, linkState, onDelete, deleteDisabled, onDuplicate, duplicating }: RowActionsProps) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {onDuplicate ? (
        <Tooltip label={texts.duplicate}>
          <ActionIcon variant="subtle" aria-label={`${texts.duplicate} ${name}`} onClick={onDuplicate} loading={duplicating}>
            <IconCopy size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      <ActionIcon variant="subtle" component={Link} to={editTo} state={linkState} aria-label={`${texts.edit} ${name}`}>
        <IconPencil size={18} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" onClick={onDelete} disabled={deleteDisabled} aria-label={`${texts.delete} ${name}`}>
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}
