import 'katex/dist/katex.min.css';
import { Mathematics } from '@tiptap/extension-mathematics';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import { EditorToolbar } from './editor-toolbar';
import type { FormulaDraft } from './formula-form';
import { ImageNode } from './image-node';
import classes from './rich-text-editor.module.css';
import type { RichTextEditorProps } from './rich-text-field';

/** An empty document reads as no text at all, so a required field stays required. */
const htmlOf = (editor: { isEmpty: boolean; getHTML(): string }) => (editor.isEmpty ? '' : editor.getHTML());

/**
 * The TipTap editor behind RichTextField, in its own chunk (TipTap, ProseMirror and KaTeX load only on
 * the pages that edit text). It reads and writes HTML: old texts (`<p>…</p>`, plain text) open as
 * they are and are rewritten only when edited. Formulas are the math extension's nodes, typed as LaTeX
 * in the formula form and shown by KaTeX.
 */
export default function RichTextEditor({
  value,
  onChange,
  ariaLabel,
  invalid,
  minRows = 3,
  imagePicker,
  testId,
  describedBy,
  required,
}: RichTextEditorProps & { ariaLabel: string; invalid: boolean; required: boolean; describedBy?: string }) {
  const [formula, setFormula] = useState<FormulaDraft | null>(null);
  // What this editor last reported: a value coming back from the parent equal to it is no news.
  const emitted = useRef(value);
  const change = useRef(onChange);
  change.current = onChange;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
      ImageNode,
      Mathematics.configure({
        katexOptions: { throwOnError: false },
        inlineOptions: { onClick: (node, pos) => setFormula({ latex: node.attrs.latex, block: false, pos }) },
        blockOptions: { onClick: (node, pos) => setFormula({ latex: node.attrs.latex, block: true, pos }) },
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': ariaLabel,
        'aria-invalid': String(invalid),
        'aria-required': String(required),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(testId ? { 'data-testid': testId } : {}),
      },
    },
    onUpdate: ({ editor: e }) => {
      emitted.current = htmlOf(e);
      change.current(emitted.current);
    },
  });
  // A value replaced from outside (the record loaded, a save answered) is shown without a change event.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    editor?.setOptions({
      editorProps: {
        attributes: { ...editor.options.editorProps.attributes, 'aria-invalid': String(invalid) },
      },
    });
  }, [editor, invalid]);
  return (
    <div className={classes.frame} data-invalid={invalid}>
      <EditorToolbar editor={editor} formula={formula} onFormula={setFormula} imagePicker={imagePicker} />
      <EditorContent
        editor={editor}
        className={classes.content}
        style={{ ['--rich-text-min-height' as string]: `${minRows * 1.6}rem` }}
      />
    </div>
  );
}
