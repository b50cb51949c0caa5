// The platforms' courses known from their launches, each with its class list imported into a year and a parcours.
import { useState } from 'react';
import { Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useSpecializationOptions, useYearOptions } from '@/lib/reference-options';
import { useContexts, useImportClassList, type LtiContext } from '../api/lti';
import { ltiTexts } from '../texts';

const t = ltiTexts.contexts;

function ImportRow({ context }: { context: LtiContext }) {
  const years = useYearOptions();
  const specs = useSpecializationOptions();
  const [year, setYear] = useState<string | null>(null);
  const [spec, setSpec] = useState<string | null>(null);
  const run = useImportClassList();
  const name = `${context.title || context.context_id} (${context.platform})`;
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {context.title || context.context_id}
        </Text>
        <Text size="xs" c="dimmed">
          {context.platform}
          {context.label ? ` · ${context.label}` : ''}
        </Text>
      </Table.Td>
      <Table.Td>
        {context.has_class_list ? (
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select size="xs" label={t.year} aria-label={`${t.year} : ${name}`} data={(years.data ?? []).map((y) => ({ value: String(y.id), label: y.label }))} value={year} onChange={setYear} w={150} />
            <Select size="xs" label={t.specialization} aria-label={`${t.specialization} : ${name}`} data={(specs.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))} value={spec} onChange={setSpec} searchable w={200} />
            <Button size="xs" disabled={!year || !spec} loading={run.isPending} onClick={() => run.mutate({ id: context.id, input: { academic_year_id: Number(year), specialization_id: Number(spec) } })}>
              {t.import}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t.noList}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export function ClassLists() {
  const contexts = useContexts();
  const rows = contexts.data ?? [];
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t.hint}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm">{t.empty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={t.title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.course}</Table.Th>
                <Table.Th>{t.import}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <ImportRow key={c.id} context={c} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
