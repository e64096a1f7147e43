import { Checkbox, Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnswerProps } from './answer-props';

/** One option (radio buttons) or several (checkboxes), as the question says. */
export function ChoiceAnswer({ component, value, onChange, disabled, title }: AnswerProps) {
  const { t } = useTranslation();
  const options = (component.data.options as { id: string; text: string }[] | undefined) ?? [];
  const selected = (value?.selected as string[] | undefined) ?? [];
  if (component.data.multiple) {
    return (
      <Checkbox.Group
        label={title}
        description={t('work.answer.several')}
        value={selected}
        onChange={(next) => onChange({ selected: next })}
      >
        <Stack gap="xs" mt="xs">
          {options.map((o) => (
            <Checkbox key={o.id} value={o.id} label={o.text} disabled={disabled} />
          ))}
        </Stack>
      </Checkbox.Group>
    );
  }
  return (
    <Radio.Group
      label={title}
      description={t('work.answer.one')}
      value={selected[0] ?? null}
      onChange={(next) => onChange({ selected: [next] })}
    >
      <Stack gap="xs" mt="xs">
        {options.map((o) => (
          <Radio key={o.id} value={o.id} label={o.text} disabled={disabled} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
