// /dashboard/questions: the question bank with search, filters (type, language, course, tag), sort and pages, the
// number of exams using each question; duplicate, edit, delete (refused by the server while an exam uses it);
// import from Moodle (XML or GIFT) and export of the checked questions.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge, Button, Group, Menu, Stack, Text, type MantineTheme } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconDownload, IconFileImport, IconPlus } from '@tabler/icons-react';
import { EXCHANGE_FORMAT_LABELS, QUESTION_KIND_LABELS, QUESTION_KINDS, type ExchangeFormat, type QuestionKind, type QuestionListItem } from '@exam/shared';
import { QuestionTypeBadge } from '@/question-kinds/type-badge';
import { StatementExcerpt, excerptText } from '@/components/statement-excerpt';
import { PageHeader } from '@/components/page-header';
import { confirmDialog } from '@/components/confirm-dialog';
import { ListTable, SearchBox } from '@/components/list-table';
import { useListState } from '@/components/list-state';
import { useListLinkState } from '@/components/list-navigation';
import { RowActions } from '@/components/row-actions';
import { formatDate } from '@/components/format';
import { componentTexts } from '@/components/texts';
import { FilterSelect } from '@/components/filter-select';
import { useHelper } from '@/session';
import { KIND_FACTS } from '@/question-kinds/facts';
import { paths } from '@/config/paths';
import { useCourseOptions } from '@/lib/reference-options';
import { useDeleteQuestion, useDuplicateQuestion, useQuestionTags, useQuestionsList } from '../api/questions';
import { exportQuestions } from '../api/question-exchange';
import { ImportQuestionsDialog } from '../components/import-dialog';
import { questionsTexts } from '../texts';

const t = questionsTexts.list;
const x = questionsTexts.exchange;

const wide = (theme: MantineTheme) => `(min-width: ${theme.breakpoints.sm})`;
const wider = (theme: MantineTheme) => `(min-width: ${theme.breakpoints.md})`;

export function QuestionsListPage() {
  const navigate = useNavigate();
  const linkState = useListLinkState();
  const helper = useHelper();
  const list = useListState(
    'updated_at',
    { type: null as string | null, language: null as string | null, course_id: null as string | null, tag: null as string | null },
    'desc',
  );
  const result = useQuestionsList(list.query);
  const courses = useCourseOptions();
  const tags = useQuestionTags();
  const del = useDeleteQuestion();
  const duplicate = useDuplicateQuestion();
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useState<QuestionListItem[]>([]);
  const [exporting, setExporting] = useState(false);

  const exportAs = async (format: ExchangeFormat) => {
    setExporting(true);
    try {
      const report = await exportQuestions(format, selected.map((q) => q.id));
      // What the format cannot hold is left out of the file, and what changed on the way is said, question by question.
      const omitted = selected.filter((q) => !KIND_FACTS[q.type].exchangeFormats.includes(format)).length;
      if (omitted || report.length) {
        notifications.show({
          title: x.exportTitle,
          message: (
            <Stack gap={4}>
              {omitted ? <Text size="sm">{x.omitted(omitted, EXCHANGE_FORMAT_LABELS[format])}</Text> : null}
              {report.slice(0, 10).map((r) => (
                <Text key={`${r.id}-${r.outcome}`} size="sm">
                  {x.exportReport(r.id, r.notes)}
                </Text>
              ))}
            </Stack>
          ),
          color: 'yellow',
          autoClose: false,
        });
      }
    } catch {
      // The API client has shown the error.
    } finally {
      setExporting(false);
    }
  };

  const typeLabel = (k: QuestionKind) => helper.data?.QUESTION_TYPE.find((x) => x.value === k)?.label ?? QUESTION_KIND_LABELS[k];
  // Its name when it has one, else the statement's start.
  const name = (q: QuestionListItem) => `« ${q.name ?? (excerptText(q.excerpt).slice(0, 60) || t.untitled)} »`;

  const remove = async (q: QuestionListItem) => {
    if (await confirmDialog({ message: t.deleteConfirm(q.name ?? (excerptText(q.excerpt).slice(0, 80) || t.untitled)), danger: true, confirmLabel: t.delete })) {
      await del.mutateAsync(q.id).catch(() => undefined);
      if (result.data && result.data.data.length === 1 && list.state.page > 1) list.setPage(list.state.page - 1);
    }
  };
  const copy = async (q: QuestionListItem) => {
    const created = await duplicate.mutateAsync(q.id).catch(() => null);
    if (created) navigate(paths.questionsEdit.href(created.id), { state: linkState });
  };

  const createButton = (
    <Button component={Link} to={paths.questionsCreate.path} state={linkState} leftSection={<IconPlus size={16} aria-hidden="true" />}>
      {t.create}
    </Button>
  );
  const headerActions = (
    <Group gap="sm" wrap="wrap">
      <Button variant="default" leftSection={<IconFileImport size={16} aria-hidden="true" />} onClick={() => setImporting(true)}>
        {x.importButton}
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            rightSection={<IconChevronDown size={14} aria-hidden="true" />}
            disabled={selected.length === 0}
            loading={exporting}
            title={selected.length === 0 ? x.exportHint : undefined}
          >
            {x.exportButton(selected.length)}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void exportAs('moodle')}>{x.exportMoodle}</Menu.Item>
          <Menu.Item onClick={() => void exportAs('gift')}>{x.exportGift}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {createButton}
    </Group>
  );

  return (
    <>
      <PageHeader title={t.title} description={t.description} breadcrumbs={[{ label: t.title }]} actions={headerActions} />
      <ImportQuestionsDialog opened={importing} onClose={() => setImporting(false)} />
      <Stack gap="md">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <SearchBox value={list.state.search} onChange={list.setSearch} label={t.search} placeholder={t.searchPlaceholder} />
          <FilterSelect
            list={list}
            name="type"
            label={t.type}
            placeholder={t.allTypes}
            data={QUESTION_KINDS.map((k) => ({ value: k, label: typeLabel(k) }))}
            basis={170}
          />
          <FilterSelect
            list={list}
            name="language"
            label={t.language}
            placeholder={t.allLanguages}
            data={(helper.data?.LANGAGE ?? []).map((l) => ({ value: l.value, label: l.label }))}
            basis={170}
          />
          <FilterSelect
            list={list}
            name="course_id"
            label={t.course}
            placeholder={t.allCourses}
            data={(courses.data ?? []).map((c) => ({ value: String(c.id), label: c.title }))}
            searchable
            basis={170}
          />
          <FilterSelect
            list={list}
            name="tag"
            label={t.tag}
            placeholder={t.allTags}
            data={(tags.data ?? []).map((x) => ({ value: x.tag, label: `${x.tag} (${x.count})` }))}
            searchable
            basis={170}
          />
        </Group>
        <ListTable<QuestionListItem>
          ariaLabel={t.title}
          list={list}
          result={result}
          empty={{ title: t.emptyTitle, description: t.emptyDescription, actions: createButton }}
          selection={{ selected, onChange: setSelected, allLabel: x.selectAll, rowLabel: (q) => x.selectOne(name(q)) }}
          columns={[
            {
              accessor: 'excerpt',
              title: t.colStatement,
              render: (q) => (
                <Stack gap={4}>
                  {q.name ? (
                    <Text size="sm" fw={600} lineClamp={2} data-testid="question-name">
                      {q.name}
                    </Text>
                  ) : null}
                  <StatementExcerpt size="sm" lineClamp={q.name ? 1 : 2} c={q.name ? 'gray.7' : undefined} excerpt={q.excerpt} fallback={t.untitled} />
                  <Group gap={4}>
                    {/* On a phone the type column is hidden: the type goes with the statement. */}
                    <QuestionTypeBadge size="xs" type={q.type} language={q.language} hiddenFrom="sm" />
                    {q.is_practice ? (
                      <Badge size="xs" variant="outline" color="teal.9">
                        {t.practice}
                      </Badge>
                    ) : null}
                    {q.is_parameterised ? (
                      <Badge size="xs" variant="outline" color="indigo.9">
                        {t.parameterised}
                      </Badge>
                    ) : null}
                    {q.tags.map((tag) => (
                      <Badge key={tag} size="xs" variant="light" color="gray">
                        {tag}
                      </Badge>
                    ))}
                  </Group>
                </Stack>
              ),
            },
            {
              accessor: 'type',
              title: t.colType,
              sortable: true,
              noWrap: true,
              visibleMediaQuery: wide,
              render: (q) => <QuestionTypeBadge type={q.type} language={q.language} />,
            },
            { accessor: 'course_title', title: t.colCourse, visibleMediaQuery: wider, render: (q) => q.course_title ?? '—' },
            { accessor: 'points', title: t.colPoints, sortable: true, textAlign: 'right', visibleMediaQuery: wide, render: (q) => q.points.toLocaleString('fr-FR') },
            { accessor: 'exam_count', title: t.colExams, sortable: true, textAlign: 'right', visibleMediaQuery: wide },
            { accessor: 'updated_at', title: t.colUpdated, sortable: true, visibleMediaQuery: wider, render: (q) => formatDate(q.updated_at) },
            {
              accessor: 'actions',
              title: componentTexts.list.actions,
              textAlign: 'right',
              render: (q) => (
                <RowActions
                  name={name(q)}
                  editTo={paths.questionsEdit.href(q.id)}
                  linkState={linkState}
                  onDelete={() => void remove(q)}
                  onDuplicate={() => void copy(q)}
                  duplicating={duplicate.isPending && duplicate.variables === q.id}
                />
              ),
            },
          ]}
        />
      </Stack>
    </>
  );
}

export const Component = QuestionsListPage;
