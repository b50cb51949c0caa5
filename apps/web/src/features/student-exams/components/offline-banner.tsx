// The network is gone (the browser says so, or a call to the server failed): a banner says so and how many
// answers wait in this browser; it is announced once when it appears.
import type { ReactNode } from 'react';
import { Alert, Stack } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { studentExamsTexts } from '../texts';

const t = studentExamsTexts.offline;

/** `action`: shown while answers wait (the emergency copy). */
export function OfflineBanner({ online, pending, action }: { online: boolean; pending: number; action?: ReactNode }) {
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <Alert color="orange" variant="light" icon={<IconWifiOff size={20} aria-hidden="true" />} title={t.title} data-testid="offline-banner">
          <Stack gap="xs" align="flex-start">
            <span>
              {t.message}
              {pending > 0 ? ` ${t.pending(pending)}.` : ''}
            </span>
            {pending > 0 ? action : null}
          </Stack>
        </Alert>
      )}
    </div>
  );
}
