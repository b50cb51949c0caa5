// The form of a platform registered by hand, validated with the server's own schema.
import { useForm } from 'react-hook-form';
import { Button, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { ltiPlatformInputSchema, type LtiPlatformInput } from '@exam/shared';
import { applyApiErrors } from '@/components/form-errors';
import { useSavePlatform } from '../api/lti';
import { ltiTexts } from '../texts';

const t = ltiTexts.manual;

type Values = Omit<LtiPlatformInput, 'deployment_ids'> & { deployments: string };

export function PlatformForm() {
  const save = useSavePlatform();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { name: '', issuer: '', client_id: '', deployments: '', jwks_url: '', auth_login_url: '', token_url: '' } });

  const onSubmit = handleSubmit(async ({ deployments, ...rest }) => {
    const input = { ...rest, deployment_ids: deployments.split(',').map((d) => d.trim()).filter(Boolean) };
    const parsed = ltiPlatformInputSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) === 'deployment_ids' ? 'deployments' : (String(issue.path[0]) as keyof Values);
        setError(field, { message: issue.message });
      }
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      reset();
    } catch (err) {
      applyApiErrors(err, setError, ['name', 'issuer', 'client_id', 'jwks_url', 'auth_login_url', 'token_url']);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t.title}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t.name} required error={errors.name?.message} {...register('name')} />
          <TextInput label={t.issuer} required error={errors.issuer?.message} {...register('issuer')} />
          <TextInput label={t.clientId} required error={errors.client_id?.message} {...register('client_id')} />
          <TextInput label={t.deployments} required error={errors.deployments?.message} {...register('deployments')} />
          <TextInput label={t.jwks} required error={errors.jwks_url?.message} {...register('jwks_url')} />
          <TextInput label={t.auth} required error={errors.auth_login_url?.message} {...register('auth_login_url')} />
          <TextInput label={t.token} required error={errors.token_url?.message} {...register('token_url')} />
        </SimpleGrid>
        <div>
          <Button type="submit" loading={save.isPending}>
            {t.submit}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
