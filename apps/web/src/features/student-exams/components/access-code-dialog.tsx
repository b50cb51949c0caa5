// The dialog that asks for the exam's access code at start (shown by the invigilator in the room); a refusal
// from the server is shown in place: under the field for a wrong code, as an alert for another rule.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { isApiError } from '@/lib/api-client';
import { studentExamsTexts } from '../texts';

const t = studentExamsTexts.rules;

export function AccessCodeDialog({ opened, onClose, onSubmit }: { opened: boolean; onClose: () => void; onSubmit: (code: string) => Promise<unknown> }) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFieldError(null);
    setError(null);
    setBusy(true);
    try {
      await onSubmit(code);
    } catch (err) {
      const message = isApiError(err) ? err.message : String(err);
      const onField = isApiError(err) ? err.errors.access_code?.join(' ') : undefined;
      if (onField) setFieldError(onField);
      else setError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t.codeTitle} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          <TextInput
            label={t.codeLabel}
            description={t.codeHint}
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            data-autofocus
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={fieldError}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t.codeCancel}
            </Button>
            <Button type="submit" loading={busy}>
              {t.start}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
