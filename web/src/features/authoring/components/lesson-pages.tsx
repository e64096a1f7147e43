import { Button, Group, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { changedFields, isApiError } from '../../../shared/api';
import { PageHeading } from '../../../shared/ui/page-heading';
import { RecordForm, shellOf, type RecordFormProps } from '../../../shared/ui/record-form';
import { notifySuccess } from '../../../shared/toasts/notify';
import { authoringApi, authoringKeys, lessonQuery } from '../api';
import type { Lesson } from '../model';
import { ChapterEditor } from './chapter-editor';
import { useDeleteItem } from './use-delete-item';
import { AuthoringRichText } from './editors/authoring-rich-text';

interface LessonFields extends Record<string, unknown> {
  name: string;
  description: string;
  status: 'draft' | 'published';
}

const fieldErrors = (error: unknown) =>
  isApiError(error) ? Object.fromEntries(Object.entries(error.errors).map(([f, m]) => [f, m[0] ?? ''])) : {};

function LessonFieldsForm(props: RecordFormProps<LessonFields>) {
  const { initial, errors } = props;
  const { t } = useTranslation();
  const [fields, setFields] = useState(initial);
  return (
    <RecordForm
      {...shellOf(props, fields)}
      shownFields={['name', 'description', 'status']}
      submitTestId="lesson-save"
    >
      <TextInput
        label={t('authoring.fields.name')}
        required
        name="name"
        value={fields.name}
        onChange={(e) => setFields({ ...fields, name: e.currentTarget.value })}
        error={errors.name}
      />
      <AuthoringRichText
        label={t('authoring.fields.description')}
        minRows={2}
        value={fields.description}
        onChange={(description) => setFields({ ...fields, description })}
        error={errors.description}
      />
      <Select
        label={t('authoring.fields.status')}
        data={(['draft', 'published'] as const).map((value) => ({
          value,
          label: t(`authoring.statuses.${value}`),
        }))}
        value={fields.status}
        allowDeselect={false}
        onChange={(value) => setFields({ ...fields, status: value === 'published' ? 'published' : 'draft' })}
      />
    </RecordForm>
  );
}

/** /t/lessons/create: the lesson's name, description and status; chapters come next. */
export function LessonCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: (fields: LessonFields) =>
      authoringApi.saveLesson(null, { ...fields, description: fields.description.trim() || null }),
    onSuccess: (lesson) => {
      notifySuccess(t('authoring.lessons.created'));
      queryClient.removeQueries({ queryKey: authoringKeys.pages('lessons') });
      void navigate(`/t/lessons/${lesson.id}`);
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  return (
    <>
      <PageHeading
        title={t('authoring.lessons.create')}
        description={t('authoring.lessons.createDescription')}
      />
      <LessonFieldsForm
        initial={{ name: '', description: '', status: 'draft' }}
        busy={create.isPending}
        errors={errors}
        submitLabel={t('common.create')}
        onSubmit={(fields) => create.mutate(fields)}
      />
    </>
  );
}

function AddChapter({ lesson }: { lesson: Lesson }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const add = useMutation({
    mutationFn: () => authoringApi.addChapter(lesson.id, name.trim(), lesson.chapters.length),
    onSuccess: () => {
      setName('');
      notifySuccess(t('authoring.lessons.chapterAdded'));
      return queryClient.invalidateQueries({ queryKey: authoringKeys.one('lessons', lesson.id) });
    },
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate();
      }}
    >
      <Group align="flex-end" gap="xs">
        <TextInput
          style={{ flex: 1 }}
          label={t('authoring.lessons.newChapter')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Button type="submit" variant="light" loading={add.isPending} data-testid="chapter-add">
          {t('authoring.lessons.addChapter')}
        </Button>
      </Group>
    </form>
  );
}

/** /t/lessons/{lesson}: the lesson's fields (only changes are sent) and its chapters with their components. */
export function LessonEditorPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useParams().lesson ?? '';
  const lesson = useQuery({ ...lessonQuery(id), meta: { errorToast: false } });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useMutation({
    mutationFn: (body: object) => authoringApi.saveLesson(id, body),
    onSuccess: (saved) => {
      setErrors({});
      notifySuccess(t('authoring.saved'));
      queryClient.setQueryData(authoringKeys.one('lessons', id), saved);
      queryClient.removeQueries({ queryKey: authoringKeys.pages('lessons') });
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  const deleteItem = useDeleteItem('lessons', lesson.data);
  if (lesson.isPending) return <Skeleton height={320} radius="md" />;
  if (!lesson.data) return <PageHeading title={t('authoring.missing')} />;
  const l = lesson.data;
  const initial: LessonFields = { name: l.name, description: l.description ?? '', status: l.status };
  return (
    <Stack gap="md">
      <PageHeading
        title={l.name}
        description={t('authoring.quizzes.maxScore', { count: l.max_score })}
        toolbar={[deleteItem]}
      />
      <LessonFieldsForm
        initial={initial}
        busy={update.isPending}
        errors={errors}
        submitLabel={t('common.save')}
        onSubmit={(fields) => {
          const changes = changedFields(initial, fields);
          if (Object.keys(changes).length === 0) return;
          update.mutate(
            'description' in changes
              ? { ...changes, description: fields.description.trim() || null }
              : changes,
          );
        }}
      />
      <Text fw={600} size="lg">
        {t('authoring.lessons.chapters')}
      </Text>
      {l.chapters.length === 0 ? <Text c="dimmed">{t('authoring.lessons.noChapters')}</Text> : null}
      {l.chapters.map((chapter, index) => (
        <ChapterEditor
          key={`${chapter.id}:${JSON.stringify(chapter.components.map((c) => c.id))}`}
          lessonId={l.id}
          chapter={chapter}
          number={index + 1}
        />
      ))}
      <AddChapter lesson={l} />
    </Stack>
  );
}
