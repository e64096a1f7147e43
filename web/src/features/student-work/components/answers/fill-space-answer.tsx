import { Text, TextInput } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerProps } from './answer-props';

/** Gaps are written {{gap-id}} in the text (authoring-components.ts GAP_PATTERN). */
const GAP = /\{\{\s*([^{}\s]{1,64})\s*\}\}/g;

/** The text with an input in place of each gap, each named "Пропуск N". */
export function FillSpaceAnswer({ component, value, onChange, disabled, label, title }: AnswerProps) {
  const { t } = useTranslation();
  const text = String(component.data.text ?? '');
  const gaps = (value?.gaps as Record<string, string> | undefined) ?? {};
  const parts: (string | { gap: string; index: number })[] = [];
  let last = 0;
  let index = 0;
  for (const match of text.matchAll(GAP)) {
    parts.push(text.slice(last, match.index));
    parts.push({ gap: match[1]!, index: ++index });
    last = (match.index ?? 0) + match[0].length;
  }
  parts.push(text.slice(last));
  return (
    <div role="group" aria-label={label}>
      <Text fw={500} mb="xs" component="div">
        {title}
      </Text>
      <Text component="div" lh={2.4}>
        {parts.map((part, i) =>
          typeof part === 'string' ? (
            <Fragment key={i}>{part}</Fragment>
          ) : (
            <TextInput
              key={i}
              display="inline-block"
              w={140}
              mx={4}
              aria-label={t('work.answer.gap', { number: part.index })}
              value={gaps[part.gap] ?? ''}
              disabled={disabled}
              onChange={(e) => onChange({ gaps: { ...gaps, [part.gap]: e.currentTarget.value } })}
            />
          ),
        )}
      </Text>
    </div>
  );
}
