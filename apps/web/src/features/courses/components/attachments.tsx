// Files attached to a chapter: a drop zone that uploads at once, and the list (download, remove).
import { useState } from 'react';
import { ActionIcon, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconDownload, IconUpload, IconX } from '@tabler/icons-react';
import type { FileInfo } from '@exam/shared';
import { notifyError } from '@/lib/api-client';
import { downloadFile, uploadFile } from '@/lib/files';
import { coursesTexts, formatSize } from '../texts';
import { fileIcon } from './file-icon';
import '@mantine/dropzone/styles.css';

const t = coursesTexts.files;
const MAX_BYTES = 50 * 1024 * 1024;

export function Attachments({ files, onChange }: { files: FileInfo[]; onChange: (files: FileInfo[]) => void }) {
  const [busy, setBusy] = useState(0);

  const onDrop = async (dropped: File[]) => {
    setBusy((n) => n + dropped.length);
    let next = files;
    for (const file of dropped) {
      try {
        const info = await uploadFile(file);
        next = [...next, info];
        onChange(next);
      } catch {
        // The API client already showed the server's message.
      } finally {
        setBusy((n) => n - 1);
      }
    }
  };

  const onReject = (rejections: FileRejection[]) => rejections.forEach((r) => notifyError(t.rejected(r.file.name)));

  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        {t.title}
      </Text>
      <Dropzone onDrop={onDrop} onReject={onReject} maxSize={MAX_BYTES} multiple aria-label={t.drop} data-testid="chapter-dropzone" loading={busy > 0}>
        <Group justify="center" gap="md" mih={70} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={32} aria-hidden="true" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={32} aria-hidden="true" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconUpload size={32} aria-hidden="true" />
          </Dropzone.Idle>
          <div>
            <Text size="sm">{t.drop}</Text>
            <Text size="xs" c="dimmed">
              {t.hint('50 Mo')}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {busy > 0 ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">{t.uploading}</Text>
        </Group>
      ) : null}
      {files.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.none}
        </Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.title}>
          {files.map((f) => (
            <Paper key={f.id} component="li" withBorder p="xs" radius="sm">
              <Group gap="sm" wrap="nowrap" justify="space-between">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  {fileIcon(f.mime)}
                  <Text size="sm" truncate="end" title={f.name}>
                    {f.name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatSize(f.size)}
                  </Text>
                </Group>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={t.download(f.name)} onClick={() => void downloadFile(f).catch(() => undefined)}>
                    <IconDownload size={18} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" aria-label={t.remove(f.name)} onClick={() => onChange(files.filter((x) => x.id !== f.id))}>
                    <IconX size={18} />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
