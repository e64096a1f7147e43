import { Button, Group, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/api';
import { PageHeading } from '../../../shared/ui/page-heading';
import { useDeleteItem } from './use-delete-item';
import { notifySuccess } from '../../../shared/toasts/notify';
import { authoringApi, authoringKeys, errorsByComponent, quizQuery } from '../api';
import { componentsBody, newComponent, type Quiz, type QuizComponent } from '../model';
import { AddComponentMenu } from './add-component-menu';
import { ComponentEditor } from './component-editor';
import { AuthoringRichText } from './editors/authoring-rich-text';

interface Draft {
  name: string;
  description: string;
  components: QuizComponent[];
}

const draftOf = (quiz: Quiz | undefined): Draft => ({
  name: quiz?.name ?? '',
  description: quiz?.description ?? '',
  components: quiz?.components ?? [],
});

function QuizForm({ quiz }: { quiz: Quiz | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(quiz));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const perComponent = errorsByComponent(errors);
  const save = useMutation({
    mutationFn: () =>
      authoringApi.saveQuiz(quiz?.id ?? null, {
        name: draft.name,
        description: draft.description.trim() || null,
        components: componentsBody(draft.components),
      }),
    onSuccess: (saved) => {
      setErrors({});
      notifySuccess(quiz ? t('authoring.saved') : t('authoring.quizzes.created'));
      queryClient.removeQueries({ queryKey: authoringKeys.pages('quiz') });
      queryClient.setQueryData(authoringKeys.one('quiz', saved.id), saved);
      setDraft(draftOf(saved));
      if (!quiz) void navigate(`/t/quiz/${saved.id}`, { replace: true });
    },
    onError: (error) =>
      setErrors(
        isApiError(error)
          ? Object.fromEntries(Object.entries(error.errors).map(([f, m]) => [f, m[0] ?? '']))
          : {},
      ),
  });
  const setComponents = (components: QuizComponent[]) => setDraft((d) => ({ ...d, components }));
  const move = (from: number, to: number) => {
    const next = [...draft.components];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    setComponents(next);
  };
  const maxScore = draft.components.reduce((sum, c) => {
    if (c.component_type === 'code')
      return (
        sum +
        ((c.data.tests as { points?: number }[] | undefined) ?? []).reduce((s, x) => s + (x.points ?? 0), 0)
      );
    return sum + (['text', 'media', 'embed'].includes(c.component_type) ? 0 : Number(c.settings.points ?? 0));
  }, 0);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="md">
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm">
            <TextInput
              label={t('authoring.fields.name')}
              required
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
              error={errors.name}
              name="name"
            />
            <AuthoringRichText
              label={t('authoring.fields.description')}
              minRows={2}
              value={draft.description}
              onChange={(description) => setDraft({ ...draft, description })}
              error={errors.description}
            />
            <Text size="sm" c="dimmed" data-testid="quiz-max-score">
              {t('authoring.quizzes.maxScore', { count: maxScore })}
            </Text>
          </Stack>
        </Paper>
        {draft.components.length === 0 ? <Text c="dimmed">{t('authoring.editor.none')}</Text> : null}
        {draft.components.map((component, index) => (
          <ComponentEditor
            key={component.id ?? component.temporary_id ?? index}
            component={component}
            index={index}
            count={draft.components.length}
            errors={perComponent[index] ?? {}}
            onChange={(next) => setComponents(draft.components.map((c, i) => (i === index ? next : c)))}
            onMove={(to) => move(index, to)}
            onRemove={() => setComponents(draft.components.filter((_, i) => i !== index))}
          />
        ))}
        <Group justify="space-between">
          <AddComponentMenu onAdd={(type) => setComponents([...draft.components, newComponent(type)])} />
          <Group gap="xs">
            <Button variant="default" onClick={() => navigate('/t/quiz')}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="quiz-save">
              {quiz ? t('common.save') : t('common.create')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

const componentIds = (quiz: Quiz | undefined) => (quiz?.components ?? []).map((c) => c.id).join(',');

/** /t/quiz/create and /t/quiz/{quiz}: the quiz with its components, saved together (docs/authoring.md). */
export function QuizEditorPage({
  actions,
}: {
  /** Buttons for a saved quiz, composed in by the app (the questions import wizard). */
  actions?: (quiz: Quiz) => ReactNode;
} = {}) {
  const { t } = useTranslation();
  const id = useParams().quiz;
  const quiz = useQuery({ ...quizQuery(id ?? ''), enabled: Boolean(id), meta: { errorToast: false } });
  const deleteItem = useDeleteItem('quiz', quiz.data);
  if (id && quiz.isPending) return <Skeleton height={320} radius="md" />;
  if (id && !quiz.data) return <PageHeading title={t('authoring.missing')} />;
  return (
    <>
      <PageHeading
        title={quiz.data ? quiz.data.name : t('authoring.quizzes.create')}
        description={t('authoring.quizzes.editorDescription')}
        toolbar={[deleteItem]}
      />
      {quiz.data && actions ? (
        <Group justify="flex-end" mb="sm">
          {actions(quiz.data)}
        </Group>
      ) : null}
      {/* Keyed by the saved components too: questions an import added replace a draft that lacks them,
          which would otherwise remove them on the next save. */}
      <QuizForm key={`${quiz.data?.id ?? 'new'}:${componentIds(quiz.data)}`} quiz={quiz.data} />
    </>
  );
}
