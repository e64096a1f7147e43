import { ActionIcon, Group, Popover, Tooltip } from '@mantine/core';
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { useState, type ReactNode } from 'react';
import { AddressForm } from './address-form';
import {
  BoldIcon,
  BulletListIcon,
  FormulaIcon,
  Heading2Icon,
  Heading3Icon,
  ImageIcon,
  ItalicIcon,
  LinkIcon,
  OrderedListIcon,
  QuoteIcon,
  RedoIcon,
  StrikeIcon,
  UndoIcon,
} from './editor-icons';
import { FormulaForm, type FormulaDraft } from './formula-form';
import { useRichTextText } from './i18n/rich-text-text';
import classes from './rich-text-editor.module.css';

type Pressed = Record<
  'bold' | 'italic' | 'strike' | 'h2' | 'h3' | 'bullet' | 'ordered' | 'quote' | 'link',
  boolean
>;

function ToolButton({
  label,
  active,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} openDelay={400}>
      <ActionIcon
        variant={active ? 'light' : 'subtle'}
        color={active ? undefined : 'gray'}
        aria-label={label}
        aria-pressed={active}
        onClick={onClick}
        // The editor keeps its selection: a mouse press on a tool must not take the focus from it.
        onMouseDown={(e) => e.preventDefault()}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * Formatting, links, images and formulas. `formula` is the open formula form (from this toolbar or a
 * click on a formula in the text); `imagePicker` offers images from the media library when given.
 */
export function EditorToolbar({
  editor,
  formula,
  onFormula,
  imagePicker,
}: {
  editor: Editor;
  formula: FormulaDraft | null;
  onFormula: (draft: FormulaDraft | null) => void;
  imagePicker?: (insert: (src: string) => void) => ReactNode;
}) {
  const t = useRichTextText();
  const [popover, setPopover] = useState<'link' | 'image' | null>(null);
  const pressed = useEditorState({
    editor,
    selector: ({ editor: e }): Pressed => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  const insertImage = (src: string) => {
    chain().insertContent({ type: 'image', attrs: { src } }).run();
    setPopover(null);
  };
  const saveFormula = (draft: FormulaDraft) => {
    const { latex, block, pos } = draft;
    if (pos === null) {
      if (block) chain().insertBlockMath({ latex }).run();
      else chain().insertInlineMath({ latex }).run();
    } else if (block) chain().updateBlockMath({ latex, pos }).run();
    else chain().updateInlineMath({ latex, pos }).run();
    onFormula(null);
  };
  const removeFormula = (draft: FormulaDraft) => {
    if (draft.pos !== null) {
      if (draft.block) chain().deleteBlockMath({ pos: draft.pos }).run();
      else chain().deleteInlineMath({ pos: draft.pos }).run();
    }
    onFormula(null);
  };
  return (
    <Group gap={2} className={classes.toolbar} role="toolbar" aria-label={t('toolbar')} wrap="wrap">
      <ToolButton label={t('bold')} active={pressed.bold} onClick={() => chain().toggleBold().run()}>
        <BoldIcon />
      </ToolButton>
      <ToolButton label={t('italic')} active={pressed.italic} onClick={() => chain().toggleItalic().run()}>
        <ItalicIcon />
      </ToolButton>
      <ToolButton label={t('strike')} active={pressed.strike} onClick={() => chain().toggleStrike().run()}>
        <StrikeIcon />
      </ToolButton>
      <ToolButton
        label={t('heading2')}
        active={pressed.h2}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      >
        <Heading2Icon />
      </ToolButton>
      <ToolButton
        label={t('heading3')}
        active={pressed.h3}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      >
        <Heading3Icon />
      </ToolButton>
      <ToolButton
        label={t('bulletList')}
        active={pressed.bullet}
        onClick={() => chain().toggleBulletList().run()}
      >
        <BulletListIcon />
      </ToolButton>
      <ToolButton
        label={t('orderedList')}
        active={pressed.ordered}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <OrderedListIcon />
      </ToolButton>
      <ToolButton label={t('quote')} active={pressed.quote} onClick={() => chain().toggleBlockquote().run()}>
        <QuoteIcon />
      </ToolButton>
      <Popover
        opened={popover === 'link'}
        onChange={(o) => setPopover(o ? 'link' : null)}
        trapFocus
        withArrow
      >
        <Popover.Target>
          <div>
            <ToolButton label={t('link')} active={pressed.link} onClick={() => setPopover('link')}>
              <LinkIcon />
            </ToolButton>
          </div>
        </Popover.Target>
        <Popover.Dropdown>
          <AddressForm
            label={t('linkAddress')}
            initial={String(editor.getAttributes('link').href ?? '')}
            onApply={(href) => {
              chain().extendMarkRange('link').setLink({ href }).run();
              setPopover(null);
            }}
            onRemove={
              pressed.link
                ? () => {
                    chain().extendMarkRange('link').unsetLink().run();
                    setPopover(null);
                  }
                : undefined
            }
          />
        </Popover.Dropdown>
      </Popover>
      <Popover
        opened={popover === 'image'}
        onChange={(o) => setPopover(o ? 'image' : null)}
        trapFocus
        withArrow
      >
        <Popover.Target>
          <div>
            <ToolButton label={t('image')} onClick={() => setPopover('image')}>
              <ImageIcon />
            </ToolButton>
          </div>
        </Popover.Target>
        <Popover.Dropdown>
          <AddressForm
            label={t('imageAddress')}
            initial=""
            onApply={insertImage}
            extra={imagePicker?.(insertImage)}
          />
        </Popover.Dropdown>
      </Popover>
      <Popover opened={formula !== null} onChange={(o) => !o && onFormula(null)} trapFocus withArrow>
        <Popover.Target>
          <div>
            <ToolButton
              label={t('formula')}
              active={formula !== null}
              onClick={() => onFormula({ latex: '', block: false, pos: null })}
            >
              <FormulaIcon />
            </ToolButton>
          </div>
        </Popover.Target>
        <Popover.Dropdown>
          {formula ? (
            <FormulaForm
              key={`${formula.pos}`}
              draft={formula}
              onSave={saveFormula}
              onRemove={() => removeFormula(formula)}
            />
          ) : null}
        </Popover.Dropdown>
      </Popover>
      <ToolButton label={t('undo')} onClick={() => chain().undo().run()}>
        <UndoIcon />
      </ToolButton>
      <ToolButton label={t('redo')} onClick={() => chain().redo().run()}>
        <RedoIcon />
      </ToolButton>
    </Group>
  );
}
