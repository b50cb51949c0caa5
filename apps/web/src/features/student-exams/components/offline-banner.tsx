// The network is gone (the browser says so, or a call to the server failed): a banner says so and how many
// answers wait in this browser; it is announced once when it appears.
import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { studentExamsTexts } from '../texts';

const t = studentExamsTexts.offline;

export function OfflineBanner({ online, pending }: { online: boolean; pending: number }) {
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <Alert color="orange" variant="light" icon={<IconWifiOff size={20} aria-hidden="true" />} title={t.title} data-testid="offline-banner">
          {t.message}
          {pending > 0 ? ` ${t.pending(pending)}.` : ''}
        </Alert>
      )}
    </div>
  );
}
