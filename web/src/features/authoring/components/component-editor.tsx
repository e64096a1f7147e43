import { ActionIcon, Badge, Group, Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconChevronLeft, IconChevronRight, IconTrash } from '../../../shared/ui/icons';
import { isQuestion, type QuizComponent } from '../model';
import { ChoiceEditor } from './editors/choice-editor';
import { CodeEditor } from './editors/code-editor';
import { ContentEditor } from './editors/content-editor';
import type { EditorProps } from './editors/editor-props';
import { FillSpaceEditor } from './editors/fill-space-editor';
import { MatchEditor } from './editors/match-editor';
import { QuestionSettings } from './editors/question-settings';
import { TextQuestionEditor } from './editors/text-question-editor';

function DataEditor(props: EditorProps) {
  switch (props.component.component_type) {
    case 'choice':
      return <ChoiceEditor {...props} />;
    case 'free':
    case 'open':
      return <TextQuestionEditor {...props} />;
    case 'fill-space':
      return <FillSpaceEditor {...props} />;
    case 'drag-and-drop':
      return <MatchEditor {...props} />;
    case 'code':
      return <CodeEditor {...props} />;
    default:
      return <ContentEditor {...props} />;
  }
}

/** One component of a quiz or a chapter: its type's editor, its settings, and moving or removing it. */
export function ComponentEditor({
  component,
  index,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  component: QuizComponent;
  index: number;
  count: number;
  errors: Record<string, string>;
  onChange: (component: QuizComponent) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const type = t(`assignments.questionTypes.${component.component_type as 'free'}`);
  const name = t('authoring.editor.componentName', { number: index + 1, type });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={name} data-testid="component-editor">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Badge variant="light" color={isQuestion(component.component_type) ? 'blue' : 'gray'}>
              {index + 1}. {type}
            </Badge>
          </Group>
          <Group gap={4}>
            <ActionIcon
              variant="subtle"
              aria-label={t('authoring.editor.moveUp', { name })}
              disabled={index === 0}
              onClick={() => onMove(index - 1)}
            >
              <IconChevronLeft size={16} style={{ transform: 'rotate(90deg)' }} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={t('authoring.editor.moveDown', { name })}
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
            >
              <IconChevronRight size={16} style={{ transform: 'rotate(90deg)' }} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('authoring.editor.remove', { name })}
              onClick={onRemove}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
        <DataEditor
          component={component}
          errors={errors}
          onData={(data) => onChange({ ...component, data })}
        />
        {isQuestion(component.component_type) ? (
          <QuestionSettings
            component={component}
            errors={errors}
            onSettings={(settings) => onChange({ ...component, settings })}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
