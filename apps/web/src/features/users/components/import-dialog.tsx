// The student import dialog: choose an .xlsx, send it as multipart, list every bad row the server reports,
// and on success offer the first passwords once as a CSV download; closing before that download asks first, since
// the passwords are shown nowhere else.
import { useState } from 'react';
import { Alert, Button, FileInput, Group, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { STUDENT_IMPORT_MAX_BYTES, type ImportedCredential, type StudentImportResult } from '@exam/shared';
import { confirmDialog } from '@/components/confirm-dialog';
import { isApiError } from '@/lib/api-client';
import { useImportStudents } from '../api/users';
import { peopleTexts } from '../texts';
import { credentialsCsv } from './credentials';

const t = peopleTexts.import;

function saveCsv(rows: ImportedCredential[]) {
  const url = URL.createObjectURL(new Blob([credentialsCsv(rows)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = t.credentialsFile;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function ImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [lineErrors, setLineErrors] = useState<string[]>([]);
  const [lineCount, setLineCount] = useState(0);
  const [result, setResult] = useState<StudentImportResult | null>(null);
  const [downloaded, setDownloaded] = useState(false);
  const mutation = useImportStudents();

  const close = async () => {
    if (result && result.credentials.length > 0 && !downloaded) {
      const leave = await confirmDialog({ title: t.closeTitle, message: t.closeConfirm(result.credentials.length), confirmLabel: t.closeAnyway, cancelLabel: t.stay, danger: true });
      if (!leave) return;
    }
    setDownloaded(false);
    setFile(null);
    setFileError(null);
    setLineErrors([]);
    setResult(null);
    onClose();
  };

  const submit = async () => {
    setLineErrors([]);
    setFileError(null);
    if (!file) {
      setFileError(t.chooseFile);
      return;
    }
    // Checked again by the server; caught here to spare the upload.
    if (!/\.xlsx$/i.test(file.name)) {
      setFileError(t.notXlsx);
      return;
    }
    if (file.size > STUDENT_IMPORT_MAX_BYTES) {
      setFileError(t.tooLarge(STUDENT_IMPORT_MAX_BYTES / 1024 / 1024));
      return;
    }
    try {
      const r = await mutation.mutateAsync(file);
      setResult(r.data);
    } catch (e) {
      if (!isApiError(e)) return;
      const { file: fileMessages, ...rows } = e.errors;
      if (fileMessages?.length) setFileError(fileMessages.join(' '));
      const byLine = Object.entries(rows).sort((a, b) => Number(a[0].replace(/\D/g, '')) - Number(b[0].replace(/\D/g, '')));
      setLineErrors(byLine.flatMap(([, m]) => m));
      setLineCount(byLine.length);
    }
  };

  return (
    <Modal opened={opened} onClose={() => void close()} title={t.title} size="lg" closeButtonProps={{ 'aria-label': t.closeDialog }}>
      {result ? (
        <Stack gap="md">
          <Alert color="teal" icon={<IconCheck size={18} />} title={t.doneTitle(result.imported)}>
            {t.credentialsIntro}
          </Alert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void close()}>
              {t.close}
            </Button>
            <Button
              leftSection={<IconDownload size={16} aria-hidden="true" />}
              onClick={() => {
                saveCsv(result.credentials);
                setDownloaded(true);
              }}
            >
              {t.downloadCredentials}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm">{t.intro}</Text>
          <FileInput
            label={t.file}
            placeholder={t.filePlaceholder}
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            leftSection={<IconFileSpreadsheet size={16} aria-hidden="true" />}
            value={file}
            onChange={(f) => {
              setFile(f);
              setFileError(null);
              setLineErrors([]);
            }}
            clearable
            clearButtonProps={{ 'aria-label': t.clearFile }}
            // The placeholder is read as the field's text: it keeps the contrast of a text (4.5:1), not Mantine's pale grey.
            styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
            error={fileError}
          />
          {lineErrors.length ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t.errorsTitle(lineCount)} data-testid="import-errors">
              <ScrollArea.Autosize mah={260} type="auto">
                <List size="sm" spacing={2}>
                  {lineErrors.map((m, i) => (
                    <List.Item key={i}>{m}</List.Item>
                  ))}
                </List>
              </ScrollArea.Autosize>
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void close()}>
              {t.close}
            </Button>
            <Button onClick={submit} loading={mutation.isPending}>
              {t.submit}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
