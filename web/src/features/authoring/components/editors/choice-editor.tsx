import { ActionIcon, Button, Checkbox, Group, Radio, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconPlus, IconTrash } from '../../../../shared/ui/icons';
import { localId } from '../../model';
import { dataOf, type EditorProps } from './editor-props';
import { QuestionField } from './question-field';

type Choice = {
  question: string;
  options: { id: string; text: string }[];
  correct: string[];
  multiple: boolean;
};

/** Options with the right one(s) marked; one right option unless the question allows several. */
export function ChoiceEditor(props: EditorProps) {
  const { t } = useTranslation();
  const d = dataOf<Choice>(props.component);
  const set = (patch: Partial<Choice>) => props.onData({ ...d, ...patch });
  const mark = (id: string, on: boolean) =>
    set({
      correct: d.multiple ? (on ? [...d.correct, id] : d.correct.filter((c) => c !== id)) : on ? [id] : [],
    });
  return (
    <Stack gap="sm">
      <QuestionField {...props} />
      <Switch
        label={t('authoring.editor.multiple')}
        checked={d.multiple}
        onChange={(e) =>
          set({
            multiple: e.currentTarget.checked,
            correct: e.currentTarget.checked ? d.correct : d.correct.slice(0, 1),
          })
        }
      />
      <Text size="sm" fw={500}>
        {t('authoring.editor.options')}
      </Text>
      {d.options.map((option, index) => {
        const label = t('authoring.editor.option', { number: index + 1 });
        const right = d.correct.includes(option.id);
        return (
          <Group key={option.id} gap="xs" wrap="nowrap">
            {d.multiple ? (
              <Checkbox
                aria-label={t('authoring.editor.rightOption', { number: index + 1 })}
                checked={right}
                onChange={(e) => mark(option.id, e.currentTarget.checked)}
              />
            ) : (
              <Radio
                aria-label={t('authoring.editor.rightOption', { number: index + 1 })}
                checked={right}
                onChange={() => mark(option.id, true)}
              />
            )}
            <TextInput
              style={{ flex: 1 }}
              aria-label={label}
              placeholder={label}
              value={option.text}
              onChange={(e) =>
                set({
                  options: d.options.map((o) =>
                    o.id === option.id ? { ...o, text: e.currentTarget.value } : o,
                  ),
                })
              }
              error={props.errors[`data.options.${index}.text`]}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('authoring.editor.removeOption', { number: index + 1 })}
              disabled={d.options.length <= 2}
              onClick={() =>
                set({
                  options: d.options.filter((o) => o.id !== option.id),
                  correct: d.correct.filter((c) => c !== option.id),
                })
              }
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        );
      })}
      {props.errors['data.correct'] || props.errors['data.options'] ? (
        <Text size="sm" c="red">
          {props.errors['data.correct'] ?? props.errors['data.options']}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          onClick={() => set({ options: [...d.options, { id: localId('o'), text: '' }] })}
        >
          {t('authoring.editor.addOption')}
        </Button>
      </Group>
    </Stack>
  );
}
