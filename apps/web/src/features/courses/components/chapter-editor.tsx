// Writing one chapter: title, rich text (headings, lists, tables, links, images, code blocks for
// Python and R, LaTeX formulas) and attached files. The server sanitises what is saved.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, RichTextEditor, getUploadImageExtension } from '@mantine/tiptap';
import { useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import CodeBlockLowlight from '@tiptap/extension-code-block-lowlight';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import TipTapImage from '@tiptap/extension-image';
import { IconMathFunction, IconSquareRoot2 } from '@tabler/icons-react';
import { chapterInputSchema, type Chapter, type ChapterInput, type FileInfo } from '@exam/shared';
import { applyApiErrors } from '@/components/form-errors';
import { confirmDiscard, useUnsavedChanges } from '@/components/unsaved-changes';
import { notifyError } from '@/lib/api-client';
import { useSaveChapter } from '../api/chapters';
import { uploadFile } from '../api/files';
import { coursesTexts } from '../texts';
import { Attachments } from './attachments';
import { CODE_LANGUAGES, lowlight } from './lowlight';
import { MathBlock, MathInline } from './math-extension';
import { MathDialog, type MathDialogState } from './math-dialog';
import '@mantine/tiptap/styles.css';
import 'katex/dist/katex.min.css';
import './course-content.css';

const t = coursesTexts.chapters;
const te = coursesTexts.editor;

const labels = coursesTexts.editorLabels;

export interface ChapterEditorProps {
  courseId: number;
  chapter?: Chapter;
  onDone: () => void;
}

export function ChapterEditor({ courseId, chapter, onDone }: ChapterEditorProps) {
  const save = useSaveChapter(courseId);
  const card = useRef<HTMLDivElement>(null);
  // On a phone the editor opens below the course form: bring it into view.
  useEffect(() => {
    card.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, []);
  const [files, setFiles] = useState<FileInfo[]>(chapter?.files ?? []);
  const [math, setMath] = useState<MathDialogState | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ChapterInput>({
    resolver: zodResolver(chapterInputSchema),
    defaultValues: { course_id: courseId, title: chapter?.title ?? '', content: chapter?.content ?? '', file_ids: [] },
  });

  const extensions = useMemo(
    () => [
      StarterKit.configure({ codeBlock: false, link: false, heading: { levels: [2, 3, 4] } }),
      Link.configure({ openOnClick: false, protocols: ['http', 'https', 'mailto'] }),
      CodeBlockLowlight.configure({ lowlight, defaultLanguage: 'python' }),
      Table.configure({ resizable: false }),
      TableRow,
      TableHeader,
      TableCell,
      getUploadImageExtension(TipTapImage, {
        onImageUpload: async (file: File) => {
          const info = await uploadFile(file);
          if (!info.inline_url) throw new Error(te.imageError);
          return { src: info.inline_url, alt: info.name };
        },
        onImageUploadError: () => notifyError(te.imageError),
      }),
      MathInline.configure({ onEdit: (pos, latex, display) => setMath({ pos, latex, display }) }),
      MathBlock.configure({ onEdit: (pos, latex, display) => setMath({ pos, latex, display }) }),
    ],
    [],
  );

  const editor = useEditor({
    extensions,
    content: chapter?.content ?? '',
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: { 'aria-label': t.content, 'data-placeholder': te.placeholder } },
    onUpdate: ({ editor: e }) => setValue('content', e.getHTML(), { shouldDirty: true }),
  });

  const onSubmit = handleSubmit(async (values) => {
    const body: ChapterInput = { ...values, course_id: courseId, content: editor?.getHTML() ?? values.content, file_ids: files.map((f) => f.id) };
    try {
      await save.mutateAsync({ id: chapter?.id, body });
      onDone();
    } catch (err) {
      applyApiErrors(err, setError, ['title', 'content', 'position']);
    }
  });

  const initialFiles = useRef((chapter?.files ?? []).map((f) => f.id).join(','));
  const changed = isDirty || files.map((f) => f.id).join(',') !== initialFiles.current;
  useUnsavedChanges(changed && !isSubmitting);
  // Annuler asks the same question as leaving the page.
  const cancel = async () => {
    if (!changed || (await confirmDiscard())) onDone();
  };

  const submitMath = (latex: string, display: boolean) => {
    if (!editor || !math) return;
    if (math.pos !== undefined) {
      editor.chain().focus().setNodeSelection(math.pos).updateAttributes(display ? 'mathBlock' : 'mathInline', { latex }).run();
    } else {
      editor.chain().focus().insertContent({ type: display ? 'mathBlock' : 'mathInline', attrs: { latex } }).run();
    }
    setMath(null);
  };

  const removeMath = () => {
    if (editor && math?.pos !== undefined) editor.chain().focus().setNodeSelection(math.pos).deleteSelection().run();
    setMath(null);
  };

  return (
    <Card ref={card} withBorder radius="md" padding="lg" component="section" aria-label={chapter ? t.editTitle : t.newTitle} style={{ scrollMarginTop: 72 }}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4">
            {chapter ? t.editTitle : t.newTitle}
          </Title>
          <Controller
            control={control}
            name="title"
            render={({ field }) => <TextInput label={t.chapterTitle} required error={errors.title?.message} {...field} />}
          />
          <div>
            <Text fw={500} size="sm" mb={4} id="chapter-content-label">
              {t.content}
            </Text>
            {editor ? <Toolbarred editor={editor} onMath={(display) => setMath(mathFromSelection(editor, display))} /> : null}
            {errors.content?.message ? (
              <Text c="red" size="sm" mt={4}>
                {errors.content.message}
              </Text>
            ) : null}
          </div>
          <Attachments files={files} onChange={setFiles} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void cancel()}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={isSubmitting || save.isPending}>
              {t.save}
            </Button>
          </Group>
        </Stack>
      </form>
      <MathDialog state={math} onClose={() => setMath(null)} onSubmit={submitMath} onRemove={removeMath} />
    </Card>
  );
}

/** Opening the formula dialog: edits the selected formula, or inserts a new one. */
function mathFromSelection(editor: Editor, display: boolean): MathDialogState {
  const sel = editor.state.selection as { node?: { type: { name: string }; attrs: { latex: string } }; from: number };
  if (sel.node && (sel.node.type.name === 'mathInline' || sel.node.type.name === 'mathBlock')) {
    return { pos: sel.from, latex: sel.node.attrs.latex, display: sel.node.type.name === 'mathBlock' };
  }
  return { latex: '', display };
}

function Toolbarred({ editor, onMath }: { editor: Editor; onMath: (display: boolean) => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      inCode: e.isActive('codeBlock'),
      language: (e.getAttributes('codeBlock').language as string | undefined) ?? 'python',
      inTable: e.isActive('table'),
    }),
  });
  return (
    <RichTextEditor editor={editor} labels={labels} className="course-editor" aria-labelledby="chapter-content-label">
      <RichTextEditor.Toolbar sticky stickyOffset={0}>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
          <RichTextEditor.Code />
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
          <RichTextEditor.H4 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Blockquote />
          <RichTextEditor.Hr />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
          <RichTextEditor.ImageUpload />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.CodeBlock />
          {state.inCode ? (
            <NativeSelect
              size="xs"
              aria-label={te.codeLanguage}
              value={CODE_LANGUAGES.includes(state.language as (typeof CODE_LANGUAGES)[number]) ? state.language : 'plaintext'}
              data={CODE_LANGUAGES.map((l) => ({ value: l, label: te.languages[l] }))}
              onChange={(e) => editor.chain().focus().updateAttributes('codeBlock', { language: e.currentTarget.value }).run()}
            />
          ) : null}
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Control onClick={() => onMath(false)} aria-label={te.math} title={te.math}>
            <IconSquareRoot2 size={16} stroke={1.5} />
          </RichTextEditor.Control>
          <RichTextEditor.Control onClick={() => onMath(true)} aria-label={te.mathBlock} title={te.mathBlock}>
            <IconMathFunction size={16} stroke={1.5} />
          </RichTextEditor.Control>
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.TableInsert />
          {state.inTable ? (
            <>
              <RichTextEditor.TableColumnAfter />
              <RichTextEditor.TableColumnDelete />
              <RichTextEditor.TableRowAfter />
              <RichTextEditor.TableRowDelete />
              <RichTextEditor.TableDelete />
            </>
          ) : null}
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}
