import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, records } from '../../../shared/api';
import { notifySuccess } from '../../../shared/toasts/notify';
import { authoringApi, authoringKeys } from '../api';
import { newComponent, type Chapter, type QuizComponent } from '../model';
import { AddComponentMenu } from './add-component-menu';
import { ComponentEditor } from './component-editor';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * One chapter of a lesson: its name and its components, saved together by "Save chapter": new
 * components are created, changed ones updated, removed ones deleted (each a lesson-components call).
 */
export function ChapterEditor({
  lessonId,
  chapter,
  number,
}: {
  lessonId: string;
  chapter: Chapter;
  number: number;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState(chapter.name);
  const [components, setComponents] = useState<QuizComponent[]>(chapter.components);
  const [errors, setErrors] = useState<{ index: number; fields: Record<string, string> } | null>(null);
  const save = useMutation({
    mutationFn: async () => {
      if (name !== chapter.name) await records.update('lesson-chapters', chapter.id, { name });
      const kept = new Set(components.map((c) => c.id).filter(Boolean));
      for (const old of chapter.components) if (!kept.has(old.id)) await authoringApi.removeComponent(old.id);
      for (const [position, component] of components.entries()) {
        const before = chapter.components.find((c) => c.id === component.id);
        const body = {
          component_type: component.component_type,
          data: component.data,
          settings: component.settings,
          position,
        };
        const unchanged =
          before &&
          before.position === position &&
          same(
            [before.component_type, before.data, before.settings],
            [component.component_type, component.data, component.settings],
          );
        if (unchanged) continue;
        try {
          await authoringApi.saveComponent(
            component.id,
            component.id
              ? body
              : { ...body, chapter_id: chapter.id, temporary_id: component.temporary_id ?? null },
          );
        } catch (error) {
          if (isApiError(error))
            setErrors({
              index: position,
              fields: Object.fromEntries(Object.entries(error.errors).map(([f, m]) => [f, m[0] ?? ''])),
            });
          throw error;
        }
      }
    },
    onSuccess: () => {
      setErrors(null);
      notifySuccess(t('authoring.lessons.chapterSaved'));
    },
    // Saved parts stay saved even when a later one was refused: the lesson is read again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: authoringKeys.one('lessons', lessonId) }),
  });
  const move = (from: number, to: number) => {
    const next = [...components];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    setComponents(next);
  };
  const title = name.trim() || t('authoring.lessons.untitled');
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title} data-testid="chapter-editor">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {number}. {title}
        </Title>
        <TextInput
          label={t('authoring.fields.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        {components.length === 0 ? <Text c="dimmed">{t('authoring.editor.none')}</Text> : null}
        {components.map((component, index) => (
          <ComponentEditor
            key={component.id ?? component.temporary_id ?? index}
            component={component}
            index={index}
            count={components.length}
            errors={errors?.index === index ? errors.fields : {}}
            onChange={(next) => setComponents(components.map((c, i) => (i === index ? next : c)))}
            onMove={(to) => move(index, to)}
            onRemove={() => setComponents(components.filter((_, i) => i !== index))}
          />
        ))}
        <Group justify="space-between">
          <AddComponentMenu onAdd={(type) => setComponents([...components, newComponent(type)])} />
          <Button onClick={() => save.mutate()} loading={save.isPending} data-testid="chapter-save">
            {t('authoring.lessons.saveChapter')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
