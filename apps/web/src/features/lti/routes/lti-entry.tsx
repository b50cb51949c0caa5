// /lti/entree: where a launch from a course platform lands. The one-use code in the address's fragment (never sent
// to a server log) is exchanged for a session; the page then opens the exam, the practice or the home page.
import { useEffect, useRef, useState } from 'react';
import { Anchor, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { exchangeCode } from '../api/lti';
import { ltiTexts } from '../texts';

const t = ltiTexts.entry;

export function LtiEntryPage() {
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = /(?:^#|&)code=([A-Za-z0-9_-]{20,100})/.exec(window.location.hash)?.[1];
    // The code leaves the address bar and the history at once.
    window.history.replaceState(null, '', window.location.pathname);
    if (!code) {
      setError(t.noCode);
      return;
    }
    exchangeCode(code)
      .then(({ user, target }) => {
        storage.clear();
        storage.setToken(user.token);
        window.location.replace(target.startsWith('/') && !target.startsWith('//') ? target : '/');
      })
      .catch((e: unknown) => setError(isApiError(e) ? e.message : t.failed));
  }, []);

  return (
    <Center mih="100vh" p="md" bg="gray.0" component="main">
      <Paper withBorder p="xl" radius="md" maw={480} w="100%">
        <Stack gap="md">
          <Title order={1} size="h3">
            {t.title}
          </Title>
          {error ? (
            <>
              <Text role="alert" c="red.8">
                {error}
              </Text>
              <Anchor href={paths.login.path}>{t.login}</Anchor>
            </>
          ) : (
            <Stack align="center" gap="sm" aria-live="polite">
              <Loader aria-hidden="true" />
              <Text>{t.pending}</Text>
            </Stack>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

export const Component = LtiEntryPage;
