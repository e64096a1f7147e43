import { Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnswerProps } from './answer-props';

/** An essay (free) or a short answer (open): the teacher reviews both. */
export function TextAnswer({ component, value, onChange, disabled, title }: AnswerProps) {
  const { t } = useTranslation();
  const short = component.type === 'open';
  return (
    <Textarea
      label={title}
      description={short ? t('work.answer.short') : t('work.answer.essay')}
      autosize
      minRows={short ? 2 : 6}
      maxLength={200_000}
      value={String(value?.text ?? '')}
      onChange={(e) => onChange({ text: e.currentTarget.value, attachments: [] })}
      disabled={disabled}
      data-testid="text-answer"
    />
  );
}
