import { Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EditorProps } from './editor-props';
import { QuestionField } from './question-field';

/** An essay (free) or a short answer (open, with an optional sample answer for the reviewer). */
export function TextQuestionEditor(props: EditorProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <QuestionField {...props} />
      {props.component.component_type === 'open' ? (
        <Textarea
          label={t('authoring.editor.sampleAnswer')}
          description={t('authoring.editor.sampleAnswerHint')}
          autosize
          value={String(props.component.data.sample_answer ?? '')}
          onChange={(e) =>
            props.onData({ ...props.component.data, sample_answer: e.currentTarget.value || null })
          }
        />
      ) : null}
    </Stack>
  );
}
