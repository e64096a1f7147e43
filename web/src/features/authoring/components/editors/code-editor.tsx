import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconPlus, IconTrash } from '../../../../shared/ui/icons';
import { dataOf, type EditorProps } from './editor-props';
import { QuestionField } from './question-field';

type Test = {
  input: string;
  expected_output: string;
  memory_limit: number;
  time_limit: number;
  points: number;
};
type Code = { question: string; languages: string[]; tests: Test[]; templates: Record<string, string> };

const LANGUAGES = [
  { value: 'javascript', label: 'JavaScript' },
  { value: 'python', label: 'Python' },
];
/** 001 §5: memory in bytes, not below 2048; time in ms, not above 15 s. */
const MIN_MEMORY = 2048;
const MAX_TIME_MS = 15_000;

/** The task, the allowed languages, and the tests that grade a program (input, output, limits, points). */
export function CodeEditor(props: EditorProps) {
  const { t } = useTranslation();
  const d = dataOf<Code>(props.component);
  const set = (patch: Partial<Code>) => props.onData({ ...d, ...patch });
  const setTest = (index: number, patch: Partial<Test>) =>
    set({ tests: d.tests.map((test, i) => (i === index ? { ...test, ...patch } : test)) });
  const num = (value: string | number, fallback: number) => (typeof value === 'number' ? value : fallback);
  return (
    <Stack gap="sm">
      <QuestionField {...props} />
      <div role="group" aria-labelledby="code-languages">
        <Text size="sm" fw={500} id="code-languages">
          {t('authoring.editor.languages')}
        </Text>
        <Group mt={4}>
          {LANGUAGES.map((l) => (
            <Checkbox
              key={l.value}
              label={l.label}
              checked={d.languages.includes(l.value)}
              onChange={(e) =>
                set({
                  languages: e.currentTarget.checked
                    ? [...d.languages, l.value]
                    : d.languages.filter((x) => x !== l.value),
                })
              }
            />
          ))}
        </Group>
        {props.errors['data.languages'] ? (
          <Text size="sm" c="red">
            {props.errors['data.languages']}
          </Text>
        ) : null}
      </div>
      {d.tests.map((test, index) => (
        <Paper key={index} withBorder p="sm" radius="sm">
          <Group justify="space-between" mb={4}>
            <Text size="sm" fw={500}>
              {t('authoring.editor.test', { number: index + 1 })}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              disabled={d.tests.length <= 1}
              aria-label={t('authoring.editor.removeTest', { number: index + 1 })}
              onClick={() => set({ tests: d.tests.filter((_, i) => i !== index) })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Textarea
              label={t('authoring.editor.input')}
              autosize
              styles={{ input: { fontFamily: 'monospace' } }}
              value={test.input}
              onChange={(e) => setTest(index, { input: e.currentTarget.value })}
            />
            <Textarea
              label={t('authoring.editor.expected')}
              autosize
              styles={{ input: { fontFamily: 'monospace' } }}
              value={test.expected_output}
              onChange={(e) => setTest(index, { expected_output: e.currentTarget.value })}
              error={props.errors[`data.tests.${index}.expected_output`]}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
            <NumberInput
              label={t('authoring.editor.memory')}
              min={MIN_MEMORY}
              allowDecimal={false}
              value={test.memory_limit}
              onChange={(v) => setTest(index, { memory_limit: num(v, test.memory_limit) })}
              error={props.errors[`data.tests.${index}.memory_limit`]}
            />
            <NumberInput
              label={t('authoring.editor.time')}
              min={1}
              max={MAX_TIME_MS}
              allowDecimal={false}
              value={test.time_limit}
              onChange={(v) => setTest(index, { time_limit: num(v, test.time_limit) })}
              error={props.errors[`data.tests.${index}.time_limit`]}
            />
            <NumberInput
              label={t('authoring.editor.testPoints')}
              min={0}
              value={test.points}
              onChange={(v) => setTest(index, { points: num(v, test.points) })}
            />
          </SimpleGrid>
        </Paper>
      ))}
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          onClick={() =>
            set({
              tests: [
                ...d.tests,
                {
                  input: '',
                  expected_output: '',
                  memory_limit: 64 * 1024 * 1024,
                  time_limit: 1000,
                  points: 1,
                },
              ],
            })
          }
        >
          {t('authoring.editor.addTest')}
        </Button>
      </Group>
    </Stack>
  );
}
