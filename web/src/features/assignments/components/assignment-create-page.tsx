import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api';
import { PageHeading } from '../../../shared/ui/page-heading';
import { notifySuccess } from '../../../shared/toasts/notify';
import { assignmentKeys, assignmentsApi, pickerQueries } from '../api';
import {
  assignmentBody,
  editBody,
  emptyAssignmentForm,
  formFromAssignment,
  formProblems,
  type AssignmentForm,
} from '../form-model';
import { ATTEMPT_OPTIONS, TIME_OPTIONS, type Assignment } from '../model';
import { FormSection } from './form-section';
import { ProctoringFields } from './proctoring-fields';
import { SettingsFields } from './settings-fields';

const TYPES = ['quiz', 'lesson', 'webinar', 'external'] as const;
/** Fields whose input shows its own server error; the rest (type, settings, students) are listed above the buttons. */
const FIELDS_WITH_INPUT = new Set([
  'quizzes',
  'lessons',
  'name',
  'description',
  'external_url',
  'class_id',
  'starting_at',
  'ending_at',
  'complete_time',
  'max_attempts',
]);

/**
 * /t/assignments/create: type, what to give, to whom, when, and the settings and proctoring forms.
 * With `editing`, the same form filled with a stored assignment (/t/assignments/{id}/edit); the
 * server says per field what may no longer change once students started.
 */
export function AssignmentCreatePage({ editing }: { editing?: Assignment } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<AssignmentForm>(() =>
    editing
      ? formFromAssignment(editing, { time: TIME_OPTIONS, attempts: ATTEMPT_OPTIONS })
      : emptyAssignmentForm(new Date()),
  );
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const set = <K extends keyof AssignmentForm>(key: K, value: AssignmentForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const classes = useQuery(pickerQueries.classes);
  const quizzes = useQuery({ ...pickerQueries.quizzes, enabled: form.type === 'quiz' });
  const lessons = useQuery({ ...pickerQueries.lessons, enabled: form.type === 'lesson' });
  const problems = formProblems(form);
  const create = useMutation({
    mutationFn: () =>
      editing
        ? assignmentsApi.update(editing.id, editBody(form, editing))
        : assignmentsApi.create(assignmentBody(form)),
    onSuccess: (assignment) => {
      notifySuccess(t(editing ? 'assignments.edit.saved' : 'assignments.created'));
      queryClient.removeQueries({ queryKey: assignmentKeys.pages });
      queryClient.setQueryData(assignmentKeys.one(assignment.id), assignment);
      void navigate(`/t/assignments/${assignment.id}`);
    },
    onError: (error) =>
      setServerErrors(
        isApiError(error)
          ? Object.fromEntries(Object.entries(error.errors).map(([field, texts]) => [field, texts[0] ?? '']))
          : {},
      ),
  });
  const error = (field: string) =>
    serverErrors[field] ??
    (tried && problems[field] ? t(`assignments.problems.${problems[field]}`) : undefined);
  const classOptions = useMemo(
    () =>
      (classes.data ?? []).map((c) => ({
        value: c.id,
        label: `${c.name} (${t('assignments.studentsCount', { count: c.students_count })})`,
      })),
    [classes.data, t],
  );
  const choiceSelect = (
    value: string,
    custom: number | '',
    options: readonly (number | null)[],
    key: 'complete_time' | 'max_attempts',
    customKey: 'custom_time' | 'custom_attempts',
    unit: 'minutes' | 'attempts',
  ) => (
    <Group grow align="flex-start">
      <Select
        label={t(`assignments.fields.${key}`)}
        data={[
          ...options.map((o) => ({
            value: o === null ? '' : String(o),
            label: o === null ? t('assignments.unlimited') : t(`assignments.${unit}`, { count: o }),
          })),
          { value: 'custom', label: t('assignments.custom') },
        ]}
        value={value}
        allowDeselect={false}
        error={error(key)}
        onChange={(next) => set(key, next ?? '')}
      />
      {value === 'custom' ? (
        <NumberInput
          label={t(`assignments.form.custom_${unit}`)}
          min={1}
          allowDecimal={false}
          value={custom}
          onChange={(next) => set(customKey, typeof next === 'number' ? next : '')}
        />
      ) : null}
    </Group>
  );

  return (
    <>
      <PageHeading
        title={editing ? t('assignments.edit.title') : t('assignments.create')}
        description={editing ? t('assignments.edit.rules') : t('assignments.form.description')}
      />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (Object.keys(problems).length === 0) create.mutate();
        }}
      >
        <Stack gap="md">
          <FormSection title={t('assignments.form.what')}>
            <Stack gap="sm">
              <div role="group" aria-labelledby="assignment-type-label">
                <Text size="sm" fw={500} id="assignment-type-label" mb={4}>
                  {t('assignments.fields.type')}
                </Text>
                <SegmentedControl
                  data={TYPES.map((type) => ({ value: type, label: t(`assignments.types.${type}`) }))}
                  value={form.type}
                  onChange={(value) => set('type', value as AssignmentForm['type'])}
                />
              </div>
              {form.type === 'quiz' ? (
                <MultiSelect
                  label={t('assignments.fields.quizzes')}
                  placeholder={t('assignments.form.pickQuiz')}
                  data={(quizzes.data ?? []).map((q) => ({ value: q.id, label: q.name }))}
                  value={form.quizzes}
                  onChange={(value) => set('quizzes', value)}
                  searchable
                  nothingFoundMessage={t('common.nothingFound')}
                  error={error('quizzes')}
                  required
                  data-testid="pick-quizzes"
                />
              ) : null}
              {form.type === 'lesson' ? (
                <MultiSelect
                  label={t('assignments.fields.lessons')}
                  placeholder={t('assignments.form.pickLesson')}
                  data={(lessons.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
                  value={form.lessons}
                  onChange={(value) => set('lessons', value)}
                  searchable
                  nothingFoundMessage={t('common.nothingFound')}
                  error={error('lessons')}
                  required
                />
              ) : null}
              {form.type === 'webinar' || form.type === 'external' ? (
                <>
                  <TextInput
                    label={t('assignments.fields.name')}
                    required
                    value={form.name}
                    onChange={(e) => set('name', e.currentTarget.value)}
                    error={error('name')}
                  />
                  <Textarea
                    label={t('assignments.fields.description')}
                    autosize
                    minRows={2}
                    value={form.description}
                    onChange={(e) => set('description', e.currentTarget.value)}
                    error={error('description')}
                  />
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('assignments.form.nameFromContent')}
                </Text>
              )}
              {form.type === 'external' ? (
                <TextInput
                  label={t('assignments.fields.externalUrl')}
                  type="url"
                  required
                  value={form.external_url}
                  onChange={(e) => set('external_url', e.currentTarget.value)}
                  error={error('external_url')}
                />
              ) : null}
            </Stack>
          </FormSection>
          <FormSection title={t('assignments.form.whoAndWhen')}>
            <Stack gap="sm">
              <Select
                label={t('assignments.fields.class')}
                description={t('assignments.form.classHint')}
                placeholder={t('assignments.form.pickClass')}
                data={classOptions}
                value={form.class_id}
                onChange={(value) => set('class_id', value)}
                searchable
                clearable
                nothingFoundMessage={t('common.nothingFound')}
                error={error('class_id')}
                data-testid="pick-class"
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Stack gap={6}>
                  <Select
                    label={t('assignments.fields.startingAt')}
                    data={[
                      { value: 'now', label: t('assignments.form.startNow') },
                      { value: 'date', label: t('assignments.form.startDate') },
                    ]}
                    value={form.starting_at_type}
                    allowDeselect={false}
                    onChange={(value) => set('starting_at_type', value === 'date' ? 'date' : 'now')}
                  />
                  {form.starting_at_type === 'date' ? (
                    <TextInput
                      type="datetime-local"
                      label={t('assignments.form.startMoment')}
                      value={form.starting_at}
                      onChange={(e) => set('starting_at', e.currentTarget.value)}
                      error={error('starting_at')}
                    />
                  ) : null}
                </Stack>
                <Stack gap={6}>
                  <Select
                    label={t('assignments.fields.endingAt')}
                    data={[
                      { value: 'without', label: t('assignments.form.endWithout') },
                      { value: 'date', label: t('assignments.form.endDate') },
                    ]}
                    value={form.ending_at_type}
                    allowDeselect={false}
                    onChange={(value) => set('ending_at_type', value === 'date' ? 'date' : 'without')}
                  />
                  {form.ending_at_type === 'date' ? (
                    <TextInput
                      type="datetime-local"
                      label={t('assignments.form.endMoment')}
                      value={form.ending_at}
                      onChange={(e) => set('ending_at', e.currentTarget.value)}
                      error={error('ending_at')}
                    />
                  ) : null}
                </Stack>
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {choiceSelect(
                  form.complete_time,
                  form.custom_time,
                  TIME_OPTIONS,
                  'complete_time',
                  'custom_time',
                  'minutes',
                )}
                {choiceSelect(
                  form.max_attempts,
                  form.custom_attempts,
                  ATTEMPT_OPTIONS,
                  'max_attempts',
                  'custom_attempts',
                  'attempts',
                )}
              </SimpleGrid>
            </Stack>
          </FormSection>
          <SettingsFields form={form} set={set} errors={serverErrors} />
          {/* A webinar is a meeting, not an exam: nothing to proctor (the body sends is_proctoring off). */}
          {form.type === 'webinar' ? null : <ProctoringFields form={form} set={set} />}
          {Object.entries(serverErrors).some(([field]) => !FIELDS_WITH_INPUT.has(field)) ? (
            <Alert color="red" data-testid="assignment-form-errors">
              {Object.entries(serverErrors)
                .filter(([field]) => !FIELDS_WITH_INPUT.has(field))
                .map(([field, message]) => (
                  <Text size="sm" key={field}>
                    {message}
                  </Text>
                ))}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button
              variant="default"
              onClick={() => navigate(editing ? `/t/assignments/${editing.id}` : '/t/assignments')}
            >
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="assignment-save">
              {editing ? t('common.save') : t('common.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  );
}
