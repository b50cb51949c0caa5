// Sign-in screen (auth/login, alias /login): email and password validated with the shared loginSchema.
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Box, Button, Center, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconSchool } from '@tabler/icons-react';
import { loginSchema, type LoginInput } from '@exam/shared';
import { applyApiErrors } from '@/components/form-errors';
import { paths } from '@/config/paths';
import { useRedirectSignedIn } from '@/session';
import { texts } from '@/texts';
import { useLogin } from '../api/login';
import { authTexts } from '../texts';

const t = authTexts.login;

export function LoginPage() {
  useRedirectSignedIn();
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((values) =>
    loginMutation.mutateAsync(values).catch((err) => {
      applyApiErrors(err, setError, ['email', 'password']);
    }),
  );

  const pending = loginMutation.isPending || loginMutation.isSuccess;

  return (
    <Center mih="100vh" p="md" bg="gray.0" component="main">
      <Box w="100%" maw={420}>
        <Group justify="center" gap="xs" mb="lg" c="indigo.7">
          <IconSchool size={32} aria-hidden="true" />
          <Text fw={700} fz="lg" c="dark.7">
            {texts.appNameLong}
          </Text>
        </Group>
        <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md">
          <Title order={1} size="h2" mb={4}>
            {t.title}
          </Title>
          <Text c="dimmed" size="sm" mb="lg">
            {t.subtitle}
          </Text>
          <form onSubmit={onSubmit} noValidate aria-label={t.title}>
            <Stack gap="md">
              <TextInput
                label={t.email}
                placeholder={t.emailPlaceholder}
                type="email"
                autoComplete="username"
                required
                error={errors.email?.message}
                {...register('email')}
              />
              <PasswordInput
                label={t.password}
                autoComplete="current-password"
                required
                error={errors.password?.message}
                {...register('password')}
              />
              <Button type="submit" fullWidth loading={pending} mt="xs">
                {t.submit}
              </Button>
            </Stack>
          </form>
        </Paper>
        <Group justify="center" mt="md">
          <Anchor component={Link} to={paths.landing.path} size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden="true" />
              {t.backToHome}
            </Group>
          </Anchor>
        </Group>
      </Box>
    </Center>
  );
}

export const Component = LoginPage;
