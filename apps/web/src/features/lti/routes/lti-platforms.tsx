// /dashboard/lti: the course platforms (Moodle…) that open this one. Administrators see the tool's addresses, make
// dynamic registration links, register platforms by hand and rotate the signing key; all staff see the grades sent
// back and import class lists.
import { useState, type ReactNode } from 'react';
import { Button, Code, CopyButton, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { PageHeader } from '@/components/page-header';
import { confirmDialog } from '@/components/confirm-dialog';
import { formatDateTime } from '@/components/format';
import { isAdmin, useCurrentUser } from '@/session';
import { useDeletePlatform, usePlatforms, useRegistrationLink, useRotateKeys } from '../api/lti';
import { PlatformForm } from '../components/platform-form';
import { ClassLists } from '../components/class-lists';
import { GradesSent } from '../components/grades-sent';
import { ltiTexts as t } from '../texts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `lti-${title.replace(/[^a-z]/gi, '').toLowerCase()}`;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Address({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code style={{ overflowWrap: 'anywhere' }}>{value}</Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="light" onClick={copy} aria-label={`Copier : ${label}`}>
              {copied ? 'Copié' : 'Copier'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

function AdminSections() {
  const platforms = usePlatforms(true);
  const del = useDeletePlatform();
  const link = useRegistrationLink();
  const rotate = useRotateKeys();
  const [name, setName] = useState('Moodle');
  const tool = platforms.data?.tool;
  const list = platforms.data?.platforms ?? [];
  return (
    <>
      <Section title={t.tool.title}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t.tool.hint}
          </Text>
          {tool && (
            <>
              <Address label={t.tool.login} value={tool.login_url} />
              <Address label={t.tool.launch} value={tool.launch_url} />
              <Address label={t.tool.jwks} value={tool.jwks_url} />
            </>
          )}
          <div>
            <Button variant="default" loading={rotate.isPending} onClick={async () => (await confirmDialog({ message: t.tool.rotateConfirm })) && rotate.mutate()}>
              {t.tool.rotate}
            </Button>
          </div>
        </Stack>
      </Section>
      <Section title={t.dynamic.title}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t.dynamic.hint}
          </Text>
          <Group align="flex-end" wrap="wrap">
            <TextInput label={t.dynamic.name} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={200} />
            <Button onClick={() => link.mutate(name)} loading={link.isPending} disabled={!name.trim()}>
              {t.dynamic.create}
            </Button>
          </Group>
          {link.data && (
            <>
              <Address label={t.dynamic.link} value={link.data.url} />
              <Text size="xs" c="dimmed">
                {t.dynamic.expires(formatDateTime(link.data.expires_at))}
              </Text>
            </>
          )}
        </Stack>
      </Section>
      <Section title={t.platforms.title}>
        {list.length === 0 ? (
          <Text size="sm">{t.platforms.empty}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label={t.platforms.title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.platforms.columns.name}</Table.Th>
                  <Table.Th>{t.platforms.columns.issuer}</Table.Th>
                  <Table.Th>{t.platforms.columns.client}</Table.Th>
                  <Table.Th>{t.platforms.columns.deployments}</Table.Th>
                  <Table.Th>{t.platforms.columns.how}</Table.Th>
                  <Table.Th>{t.platforms.columns.actions}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{p.name}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.issuer}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.client_id}</Table.Td>
                    <Table.Td>{p.deployment_ids.join(', ')}</Table.Td>
                    <Table.Td>{t.platforms.how[p.registered_by]}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        aria-label={t.platforms.remove(p.name)}
                        onClick={async () => (await confirmDialog({ message: t.platforms.removeConfirm(p.name), danger: true })) && del.mutate(p.id)}
                      >
                        Retirer
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
      <Section title={t.manual.title}>
        <PlatformForm />
      </Section>
    </>
  );
}

export function LtiPlatformsPage() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title={t.title} description={t.description} breadcrumbs={[{ label: t.title }]} />
      <Stack gap="md">
        {isAdmin(user) && <AdminSections />}
        <Section title={t.grades.title}>
          <GradesSent />
        </Section>
        <Section title={t.contexts.title}>
          <ClassLists />
        </Section>
      </Stack>
    </>
  );
}

export const Component = LtiPlatformsPage;
