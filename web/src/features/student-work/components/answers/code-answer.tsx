import { NativeSelect, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnswerProps } from './answer-props';

const LANGUAGE_NAMES: Record<string, string> = { javascript: 'JavaScript', python: 'Python' };

/** A program in one of the allowed languages, started from the question's template. */
export function CodeAnswer({ component, value, onChange, disabled, title }: AnswerProps) {
  const { t } = useTranslation();
  const languages = (component.data.languages as string[] | undefined) ?? ['javascript'];
  const templates = (component.data.templates as Record<string, string> | undefined) ?? {};
  const language = String(value?.language ?? languages[0]);
  const source = value?.source === undefined ? (templates[language] ?? '') : String(value.source);
  return (
    <Stack gap="xs">
      <NativeSelect
        label={t('work.answer.language')}
        data={languages.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] ?? l }))}
        value={language}
        disabled={disabled}
        onChange={(e) => onChange({ language: e.currentTarget.value, source })}
      />
      <Textarea
        label={title}
        description={t('work.answer.code')}
        autosize
        minRows={8}
        styles={{ input: { fontFamily: 'ui-monospace, monospace' } }}
        spellCheck={false}
        value={source}
        disabled={disabled}
        onChange={(e) => onChange({ language, source: e.currentTarget.value })}
      />
    </Stack>
  );
}
