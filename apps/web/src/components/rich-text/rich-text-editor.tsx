// The rich-text editor of chapters and question statements: headings, lists, tables, links, images (uploaded as
// platform files), Python and R code blocks, LaTeX formulas drawn with KaTeX. The server sanitises what is saved.
import { useId, useMemo, useState } from 'react';
import { NativeSelect, Text } from '@mantine/core';
import { Link, RichTextEditor, getUploadImageExtension } from '@mantine/tiptap';
import { useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import CodeBlockLowlight from '@tiptap/extension-code-block-lowlight';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import TipTapImage from '@tiptap/extension-image';
import { IconMathFunction, IconSquareRoot2 } from '@tabler/icons-react';
import { notifyError } from '@/lib/api-client';
import { uploadFile } from '@/lib/files';
import { CODE_LANGUAGES, lowlight } from './lowlight';
import { MathBlock, MathInline } from './math-extension';
import { MathDialog, type MathDialogState } from './math-dialog';
import { richTextTexts } from './texts';
import '@mantine/tiptap/styles.css';
import 'katex/dist/katex.min.css';
import './rich-text.css';

const te = richTextTexts.editor;
const labels = richTextTexts.editorLabels;

export interface RichTextFieldProps {
  label: string;
  /** The HTML the editor starts from; afterwards the editor holds the text and reports it through onChange. */
  initialContent: string;
  onChange: (html: string) => void;
  placeholder?: string;
  error?: string;
  required?: boolean;
}

export function RichTextField({ label, initialContent, onChange, placeholder, error, required }: RichTextFieldProps) {
  const labelId = useId();
  const [math, setMath] = useState<MathDialogState | null>(null);

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
    content: initialContent,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: { 'aria-label': label, ...(placeholder ? { 'data-placeholder': placeholder } : {}) } },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });

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
    <div>
      <Text fw={500} size="sm" mb={4} id={labelId}>
        {label}
        {required ? (
          <Text span c="var(--mantine-color-error)" aria-hidden="true">
            {' *'}
          </Text>
        ) : null}
      </Text>
      {editor ? <Toolbarred editor={editor} labelId={labelId} onMath={(display) => setMath(mathFromSelection(editor, display))} /> : null}
      {error ? (
        <Text c="var(--mantine-color-error)" size="sm" mt={4}>
          {error}
        </Text>
      ) : null}
      <MathDialog state={math} onClose={() => setMath(null)} onSubmit={submitMath} onRemove={removeMath} />
    </div>
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

function Toolbarred({ editor, labelId, onMath }: { editor: Editor; labelId: string; onMath: (display: boolean) => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      inCode: e.isActive('codeBlock'),
      language: (e.getAttributes('codeBlock').language as string | undefined) ?? 'python',
      inTable: e.isActive('table'),
    }),
  });
  return (
    <RichTextEditor editor={editor} labels={labels} className="course-editor" aria-labelledby={labelId}>
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
