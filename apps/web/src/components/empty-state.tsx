// Empty state of a list or a screen without content.
import type { ReactNode } from 'react';
import { EmptyState as MantineEmptyState } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { texts } from '@/texts';

export interface EmptyStateProps {
  title?: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** Buttons (e.g. "Créer"). */
  actions?: ReactNode;
}

export function EmptyState({ title = texts.empty.title, description = texts.empty.description, icon, actions }: EmptyStateProps) {
  return (
    <MantineEmptyState
      py="xl"
      variant="light"
      title={title}
      description={description}
      icon={icon ?? <IconInbox size={28} aria-hidden="true" />}
    >
      {actions ? <MantineEmptyState.Actions>{actions}</MantineEmptyState.Actions> : null}
    </MantineEmptyState>
  );
}
