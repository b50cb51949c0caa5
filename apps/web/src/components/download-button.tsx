// A button that downloads a file from the API with the session token (fetched as a blob, saved under the name the
// server gives in Content-Disposition) and says so once saved; errors show the usual toast.
import { useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { api } from '@/lib/api-client';
import { componentTexts } from './texts';

export interface DownloadButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  /** API path (e.g. /admin/exam-results/1/2/export). */
  path: string;
  children: ReactNode;
  'aria-label'?: string;
}

export function DownloadButton({ path, children, ...props }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { name } = await api.downloadNamed(path);
      notifications.show({ color: 'teal', title: componentTexts.download.title, message: componentTexts.download.started(name), autoClose: 3000, position: 'top-right' });
    } catch {
      // The API client has shown the error toast.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button leftSection={<IconDownload size={16} aria-hidden="true" />} {...props} loading={busy} onClick={() => void run()}>
      {children}
    </Button>
  );
}
