// Shows once the first password the server generated for a new account.
import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { UserCreated } from '@exam/shared';
import { peopleTexts } from '../texts';
import { fullName } from '@/components/format';

const t = peopleTexts.generated;

export function showGeneratedPassword(user: UserCreated) {
  if (!user.generated_password) return;
  const password = user.generated_password;
  const id = modals.open({
    title: t.title,
    centered: true,
    closeOnClickOutside: false,
    children: (
      <Stack gap="md">
        <Text size="sm">{t.intro(fullName(user))}</Text>
        <Group gap="sm" wrap="nowrap">
          <Code fz="lg" data-testid="generated-password" style={{ userSelect: 'all' }}>
            {password}
          </Code>
          <CopyButton value={password}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? t.copied : t.copy}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button onClick={() => modals.close(id)}>{t.close}</Button>
        </Group>
      </Stack>
    ),
  });
}
