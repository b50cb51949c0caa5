// The edit and delete buttons at the end of a list row, labelled with the row's name for screen readers.
import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { texts } from '@/app/texts';

export interface RowActionsProps {
  /** Name of the row, read after "Modifier" / "Supprimer". */
  name: string;
  editTo: string;
  /** Router state carried to the edit screen (so it can come back to the same list page). */
  linkState?: unknown;
  onDelete: () => void;
  deleteDisabled?: boolean;
}

export function RowActions({ name, editTo, linkState, onDelete, deleteDisabled }: RowActionsProps) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <ActionIcon variant="subtle" component={Link} to={editTo} state={linkState} aria-label={`${texts.edit} ${name}`}>
        <IconPencil size={18} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" onClick={onDelete} disabled={deleteDisabled} aria-label={`${texts.delete} ${name}`}>
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}
