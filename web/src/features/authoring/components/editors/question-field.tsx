import { Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EditorProps } from './editor-props';

/** The question's text, which every question type has. */
export function QuestionField({ component, onData, errors }: EditorProps) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('authoring.editor.question')}
      required
      autosize
      minRows={2}
      value={String(component.data.question ?? '')}
      onChange={(e) => onData({ ...component.data, question: e.currentTarget.value })}
      error={errors['data.question']}
    />
  );
}
