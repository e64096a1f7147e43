import { useTranslation } from 'react-i18next';
import { AuthoringRichText } from './authoring-rich-text';
import type { EditorProps } from './editor-props';

/** The question's text, which every question type has: rich text, formulas included. */
export function QuestionField({ component, onData, errors }: EditorProps) {
  const { t } = useTranslation();
  return (
    <AuthoringRichText
      label={t('authoring.editor.question')}
      required
      minRows={2}
      value={String(component.data.question ?? '')}
      onChange={(question) => onData({ ...component.data, question })}
      error={errors['data.question']}
      testId="question-text"
    />
  );
}
