// A reusable confirmation dialog (header "Confirmation", buttons Annuler / Confirmer), promise-based.
import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { texts } from '@/texts';

export interface ConfirmOptions {
  message: ReactNode;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button, for deletions. */
  danger?: boolean;
  /** The dialog opens with the focus on its confirm button (its main action) rather than on Annuler. */
  focusConfirm?: boolean;
}

/** Opens the dialog; resolves true on Confirmer, false on Annuler or close. */
export function confirmDialog({ message, title = texts.confirmTitle, confirmLabel = texts.confirm, cancelLabel = texts.cancel, danger, focusConfirm }: ConfirmOptions) {
  return new Promise<boolean>((resolve) => {
    let settled = false;
    const done = (v: boolean) => {
      if (!settled) {
        settled = true;
        resolve(v);
      }
    };
    modals.openConfirmModal({
      title,
      centered: true,
      children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      confirmProps: { ...(danger ? { color: 'red' } : {}), ...(focusConfirm ? { 'data-autofocus': true } : {}) },
      onConfirm: () => done(true),
      onCancel: () => done(false),
      onClose: () => done(false),
    });
  });
}
