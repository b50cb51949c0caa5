// static/not-access-date: the server answered 503 (outside the access window); shows the stored message.
import { Link } from 'react-router';
import { Button, Text } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { storage } from '@/lib/storage';
import { paths } from '@/config/paths';
import { publicTexts } from '../texts';
import { StatusPage } from '../components/status-page';

const t = publicTexts.notAccessDate;

export function NotAccessDatePage() {
  const message = storage.getAccessMessage() || t.defaultMessage;
  return (
    <StatusPage icon={<IconCalendarOff size={32} aria-hidden="true" />} title={t.title} color="orange">
      <Text fw={600} data-testid="access-message" role="alert">
        {message}
      </Text>
      <Text c="dimmed" size="sm" mt="sm">
        {t.text}
      </Text>
      <Button component={Link} to={paths.authLogin.path} mt="lg">
        {t.login}
      </Button>
    </StatusPage>
  );
}

export const Component = NotAccessDatePage;
