import { ActionIcon, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconPlus, IconTrash } from '../../../../shared/ui/icons';
import { localId } from '../../model';
import { dataOf, type EditorProps } from './editor-props';
import { QuestionField } from './question-field';

type Piece = { id: string; text: string };
type Match = { question: string; items: Piece[]; targets: Piece[]; correct: Record<string, string> };

/** Items, targets, and the right target of each item. */
export function MatchEditor(props: EditorProps) {
  const { t } = useTranslation();
  const d = dataOf<Match>(props.component);
  const set = (patch: Partial<Match>) => props.onData({ ...d, ...patch });
  const rename = (list: 'items' | 'targets', id: string, text: string) =>
    set({ [list]: d[list].map((p) => (p.id === id ? { ...p, text } : p)) });
  const removeTarget = (id: string) => {
    const correct = Object.fromEntries(Object.entries(d.correct).filter(([, target]) => target !== id));
    set({ targets: d.targets.filter((x) => x.id !== id), correct });
  };
  const removeItem = (id: string) => {
    const { [id]: _gone, ...correct } = d.correct;
    set({ items: d.items.filter((x) => x.id !== id), correct });
  };
  return (
    <Stack gap="sm">
      <QuestionField {...props} />
      <Text size="sm" fw={500}>
        {t('authoring.editor.targets')}
      </Text>
      {d.targets.map((target, index) => (
        <Group key={target.id} gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            aria-label={t('authoring.editor.target', { number: index + 1 })}
            placeholder={t('authoring.editor.target', { number: index + 1 })}
            value={target.text}
            onChange={(e) => rename('targets', target.id, e.currentTarget.value)}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            disabled={d.targets.length <= 1}
            aria-label={t('authoring.editor.removeTarget', { number: index + 1 })}
            onClick={() => removeTarget(target.id)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          onClick={() => set({ targets: [...d.targets, { id: localId('t'), text: '' }] })}
        >
          {t('authoring.editor.addTarget')}
        </Button>
      </Group>
      <Text size="sm" fw={500}>
        {t('authoring.editor.items')}
      </Text>
      {d.items.map((item, index) => (
        <Group key={item.id} gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            aria-label={t('authoring.editor.item', { number: index + 1 })}
            placeholder={t('authoring.editor.item', { number: index + 1 })}
            value={item.text}
            onChange={(e) => rename('items', item.id, e.currentTarget.value)}
          />
          <NativeSelect
            aria-label={t('authoring.editor.rightTarget', { number: index + 1 })}
            data={[
              { value: '', label: '—' },
              ...d.targets.map((x, i) => ({
                value: x.id,
                label: x.text || t('authoring.editor.target', { number: i + 1 }),
              })),
            ]}
            value={d.correct[item.id] ?? ''}
            onChange={(e) => set({ correct: { ...d.correct, [item.id]: e.currentTarget.value } })}
            error={props.errors[`data.correct.${item.id}`]}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            disabled={d.items.length <= 1}
            aria-label={t('authoring.editor.removeItem', { number: index + 1 })}
            onClick={() => removeItem(item.id)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          onClick={() => set({ items: [...d.items, { id: localId('i'), text: '' }] })}
        >
          {t('authoring.editor.addItem')}
        </Button>
      </Group>
    </Stack>
  );
}
