// Profile screens (/profile for staff, /profile/student for students): names, email and password.
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconLogout } from '@tabler/icons-react';
import { Alert, Badge, Button, Card, Divider, Grid, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { isStudent, updateProfileSchema, type UpdateProfileInput, type User } from '@exam/shared';
import { PageHeader } from '@/components/page-header';
import { applyApiErrors } from '@/components/form-errors';
import { useUnsavedChanges } from '@/components/unsaved-changes';
import { useCurrentUser } from '@/session';
import { texts } from '@/texts';
import { paths } from '@/config/paths';
import { confirmDialog } from '@/components/confirm-dialog';
import { useUpdateProfile } from '../api/update-profile';
import { useLogoutAll } from '../api/logout-all';
import { authTexts } from '../texts';

const t = authTexts.profile;

const toForm = (user: User): UpdateProfileInput => ({
  last_name: user.last_name,
  first_name: user.first_name,
  email: user.email,
  current_password: '',
  password: '',
  password_confirmation: '',
});

export function ProfilePage() {
  const user = useCurrentUser();
  const student = isStudent(user.role);
  const mutation = useUpdateProfile();
  const logoutAll = useLogoutAll();
  const mustChange = user.must_change_password === 1;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<UpdateProfileInput>({ resolver: zodResolver(updateProfileSchema), defaultValues: toForm(user) });

  // The profile is reloaded after an update: show what the server now holds.
  useEffect(() => reset(toForm(user)), [user, reset]);

  useUnsavedChanges(isDirty && !isSubmitting);

  const onSubmit = handleSubmit((values) =>
    mutation.mutateAsync(values).catch((err) => {
      applyApiErrors(err, setError);
    }),
  );

  return (
    <>
      <PageHeader
        title={t.title}
        description={t.description}
        breadcrumbs={[{ label: t.title }]}
        homeTo={student ? paths.studentCourses.path : paths.home.path}
      />
      {mustChange ? (
        <Alert color="orange" title={t.mustChangeTitle} mb="lg" role="alert">
          {t.mustChange}
        </Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="md">
            {t.identity}
          </Title>
          <Stack gap="xs">
            <Info label={t.role} value={texts.roles[user.role] ?? user.role} />
            {student ? (
              <>
                <Info label={t.studentNumber} value={user.student_number || t.none} />
                <Info label={t.premium} value={<Badge color={user.is_premium ? 'teal.8' : 'gray.7'}>{user.is_premium ? t.yes : t.no}</Badge>} />
                <Info label={t.specializations} value={user.specializations.length ? user.specializations.map((s) => s.name).join(', ') : t.none} />
              </>
            ) : null}
          </Stack>
        </Card>
        {student ? (
          <Card withBorder radius="md" padding="lg" mt="lg" component="section" aria-labelledby="my-data-title">
            <Title order={2} size="h4" mb="xs" id="my-data-title">
              {t.myDataTitle}
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              {t.myDataText}
            </Text>
            <Button component={Link} to={paths.studentMyData.path} variant="light">
              {t.myDataLink}
            </Button>
          </Card>
        ) : null}
        <Card withBorder radius="md" padding="lg" mt="lg" component="section" aria-labelledby="sessions-title">
          <Title order={2} size="h4" mb="xs" id="sessions-title">
            {t.sessionsTitle}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {t.sessionsText}
          </Text>
          <Button
            variant="light"
            color="red"
            leftSection={<IconLogout size={16} aria-hidden="true" />}
            loading={logoutAll.isPending}
            onClick={async () => {
              if (await confirmDialog({ message: t.logoutAllConfirm, confirmLabel: t.logoutAll, danger: true })) logoutAll.mutate();
            }}
          >
            {t.logoutAll}
          </Button>
        </Card>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 8 }}>
        <Card withBorder radius="md" padding="lg">
          <form onSubmit={onSubmit} noValidate aria-label={t.title}>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput label={t.lastName} autoComplete="family-name" required error={errors.last_name?.message} {...register('last_name')} />
                <TextInput label={t.firstName} autoComplete="given-name" required error={errors.first_name?.message} {...register('first_name')} />
              </SimpleGrid>
              <TextInput label={t.email} type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
              <Divider label={t.passwordSection} labelPosition="left" mt="sm" />
              <Text size="sm" c="dimmed">
                {mustChange ? t.passwordHintMustChange : t.passwordHint}
              </Text>
              <PasswordInput
                label={t.currentPassword}
                autoComplete="current-password"
                required={mustChange}
                error={errors.current_password?.message}
                {...register('current_password')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <PasswordInput label={t.newPassword} autoComplete="new-password" required={mustChange} error={errors.password?.message} {...register('password')} />
                <PasswordInput
                  label={t.confirmPassword}
                  autoComplete="new-password"
                  required={mustChange}
                  error={errors.password_confirmation?.message}
                  {...register('password_confirmation')}
                />
              </SimpleGrid>
              <Group justify="flex-end">
                <Button type="submit" loading={mutation.isPending} disabled={!isDirty}>
                  {t.save}
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
        </Grid.Col>
      </Grid>
    </>
  );
}

function Info({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div" ta="right">
        {value}
      </Text>
    </Group>
  );
}

export const Component = ProfilePage;
