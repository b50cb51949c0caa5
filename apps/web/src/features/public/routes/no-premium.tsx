// static/no-premium: shown when the server answers 402 (premium content for a non-premium student).
import { Link, useNavigate } from 'react-router';
import { Button, Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { storage } from '@/lib/storage';
import { paths } from '@/config/paths';
import { publicTexts } from '../texts';
import { StatusPage } from '../components/status-page';

const t = publicTexts.noPremium;

export function NoPremiumPage() {
  const navigate = useNavigate();
  const signedIn = Boolean(storage.getToken());
  const message = storage.getPremiumMessage();
  return (
    <StatusPage icon={<IconLock size={32} aria-hidden="true" />} title={t.title} color="yellow">
      {message ? (
        <Text fw={600} mb="sm" data-testid="premium-message" role="alert">
          {message}
        </Text>
      ) : null}
      <Text>{t.text}</Text>
      <Group justify="center" mt="lg">
        {signedIn ? (
          <>
            <Button variant="default" onClick={() => navigate(-1)}>
              {t.back}
            </Button>
            <Button component={Link} to={paths.studentCourses.path}>
              {t.home}
            </Button>
          </>
        ) : (
          <Button component={Link} to={paths.authLogin.path}>
            {t.login}
          </Button>
        )}
      </Group>
    </StatusPage>
  );
}

export const Component = NoPremiumPage;
