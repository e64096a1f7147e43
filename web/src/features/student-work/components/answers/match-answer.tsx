import { Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnswerProps } from './answer-props';

type Piece = { id: string; text: string };

/**
 * Drag-and-drop as a choice per item: every item gets a list of the targets. It works the same with a
 * mouse, a keyboard, a screen reader or a phone, where dragging is the hardest.
 */
export function MatchAnswer({ component, value, onChange, disabled, label, title }: AnswerProps) {
  const { t } = useTranslation();
  const items = (component.data.items as Piece[] | undefined) ?? [];
  const targets = (component.data.targets as Piece[] | undefined) ?? [];
  const placements = (value?.placements as Record<string, string> | undefined) ?? {};
  return (
    <div role="group" aria-label={label}>
      <Text fw={500} component="div">
        {title}
      </Text>
      <Text size="sm" c="dimmed" mb="xs">
        {t('work.answer.match')}
      </Text>
      <Stack gap="xs">
        {items.map((item) => (
          <Group key={item.id} gap="sm" wrap="nowrap">
            <Text w={200}>{item.text}</Text>
            <Text aria-hidden>→</Text>
            <NativeSelect
              aria-label={t('work.answer.matchFor', { item: item.text })}
              data={[
                { value: '', label: t('work.answer.matchNone') },
                ...targets.map((x) => ({ value: x.id, label: x.text })),
              ]}
              value={placements[item.id] ?? ''}
              disabled={disabled}
              onChange={(e) => {
                const next = { ...placements };
                if (e.currentTarget.value) next[item.id] = e.currentTarget.value;
                else delete next[item.id];
                onChange({ placements: next });
              }}
            />
          </Group>
        ))}
      </Stack>
    </div>
  );
}
