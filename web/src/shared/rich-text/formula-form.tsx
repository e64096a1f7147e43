import { Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import katex from 'katex';
import { useMemo, useState } from 'react';
import { useRichTextText } from './i18n/rich-text-text';

export interface FormulaDraft {
  latex: string;
  block: boolean;
  /** The edited formula's position in the document; null for a new one. */
  pos: number | null;
}

/** The formula's LaTeX source with a live preview; a source KaTeX cannot read says so and is not saved. */
export function FormulaForm({
  draft,
  onSave,
  onRemove,
}: {
  draft: FormulaDraft;
  onSave: (draft: FormulaDraft) => void;
  onRemove: () => void;
}) {
  const t = useRichTextText();
  const [latex, setLatex] = useState(draft.latex);
  const [block, setBlock] = useState(draft.block);
  const preview = useMemo(() => {
    if (!latex.trim()) return { html: '', error: false };
    try {
      return { html: katex.renderToString(latex, { throwOnError: true, displayMode: block }), error: false };
    } catch {
      return { html: '', error: true };
    }
  }, [latex, block]);
  const save = () => {
    if (latex.trim() && !preview.error) onSave({ ...draft, latex: latex.trim(), block });
  };
  return (
    <Stack gap="xs" w={320}>
      <TextInput
        label={t('formulaSource')}
        description={t('formulaHint')}
        value={latex}
        onChange={(e) => setLatex(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            save();
          }
        }}
        error={preview.error ? t('formulaError') : undefined}
        data-autofocus
        data-testid="formula-input"
        styles={{ input: { fontFamily: 'monospace' } }}
      />
      {draft.pos === null ? (
        <Switch
          label={t('formulaBlock')}
          checked={block}
          onChange={(e) => setBlock(e.currentTarget.checked)}
        />
      ) : null}
      {preview.html ? (
        <div>
          <Text size="xs" c="dimmed">
            {t('formulaPreview')}
          </Text>
          {/* KaTeX's own output: the source is escaped and trust is off. */}
          <div data-testid="formula-preview" dangerouslySetInnerHTML={{ __html: preview.html }} />
        </div>
      ) : null}
      <Group justify="flex-end" gap="xs">
        {draft.pos !== null ? (
          <Button variant="subtle" color="red" size="xs" onClick={onRemove}>
            {t('remove')}
          </Button>
        ) : null}
        <Button size="xs" onClick={save} disabled={!latex.trim() || preview.error} data-testid="formula-save">
          {draft.pos === null ? t('insert') : t('apply')}
        </Button>
      </Group>
    </Stack>
  );
}
