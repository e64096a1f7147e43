import { Group, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { gapsIn } from '../../model';
import { dataOf, type EditorProps } from './editor-props';
import { QuestionField } from './question-field';

type Gap = { id: string; answers: string[]; case_sensitive: boolean };
type FillSpace = { question: string; text: string; gaps: Gap[] };

/** The text with {{gaps}}; each gap written in it gets its accepted answers (comma separated). */
export function FillSpaceEditor(props: EditorProps) {
  const { t } = useTranslation();
  const d = dataOf<FillSpace>(props.component);
  const syncGaps = (text: string): Gap[] =>
    gapsIn(text).map((id) => d.gaps.find((g) => g.id === id) ?? { id, answers: [''], case_sensitive: false });
  const setGap = (id: string, patch: Partial<Gap>) =>
    props.onData({ ...d, gaps: d.gaps.map((g) => (g.id === id ? { ...g, ...patch } : g)) });
  return (
    <Stack gap="sm">
      <QuestionField {...props} />
      <Textarea
        label={t('authoring.editor.gapText')}
        description={t('authoring.editor.gapTextHint')}
        autosize
        minRows={2}
        value={d.text}
        onChange={(e) =>
          props.onData({ ...d, text: e.currentTarget.value, gaps: syncGaps(e.currentTarget.value) })
        }
        error={props.errors['data.text']}
      />
      {d.gaps.map((gap, index) => (
        <Group key={gap.id} gap="sm" align="flex-end" wrap="nowrap">
          <Text w={90} size="sm" pb={8}>{`{{${gap.id}}}`}</Text>
          <TextInput
            style={{ flex: 1 }}
            label={t('authoring.editor.gapAnswers', { gap: gap.id })}
            description={index === 0 ? t('authoring.editor.gapAnswersHint') : undefined}
            value={gap.answers.join(', ')}
            onChange={(e) =>
              setGap(gap.id, { answers: e.currentTarget.value.split(',').map((a) => a.trim()) })
            }
            error={props.errors[`data.gaps.${index}.answers`] ?? props.errors[`data.gaps.${index}.id`]}
          />
          <Switch
            pb={8}
            label={t('authoring.editor.caseSensitive')}
            checked={gap.case_sensitive}
            onChange={(e) => setGap(gap.id, { case_sensitive: e.currentTarget.checked })}
          />
        </Group>
      ))}
    </Stack>
  );
}
