import { Paper, Stack, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api';
import { IconEye } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import { notifySuccess } from '../../../shared/toasts/notify';
import { authoringKeys } from '../api';
import { AddGroup, AddMaterial } from './add-parts';
import { courseApi } from './course-api';
import { CourseFieldsForm } from './course-fields-form';
import { courseChanges, courseFieldsOf, type CourseFields, type CourseWithParts } from './course-model';
import { GroupCard } from './group-card';
import { MaterialRows } from './material-rows';
import { WithCourse } from './with-course';

const firstErrors = (error: unknown) =>
  isApiError(error) ? Object.fromEntries(Object.entries(error.errors).map(([f, m]) => [f, m[0] ?? ''])) : {};

/**
 * /t/courses/{course}/edit: the course's fields, then its groups in order (renamed, reordered, removed)
 * with their materials (reordered, moved between groups, removed), the materials in no group, and the
 * forms that add a group or one of the teacher's lessons and quizzes. Every change is saved at once.
 */
export function CourseEditPage() {
  return <WithCourse>{(course) => <CourseEditPageOf c={course} />}</WithCourse>;
}

function CourseEditPageOf({ c }: { c: CourseWithParts }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageHeading
        title={t('authoring.courseEditor.title', { name: c.name })}
        description={t('authoring.courseEditor.description')}
        toolbar={[
          {
            key: 'view',
            label: t('authoring.courseEditor.view'),
            icon: <IconEye size={18} />,
            to: `/t/courses/${c.id}`,
            variant: 'default',
          },
        ]}
      />
      {/* Keyed by the saved values: after a save the form starts again from what the server kept. */}
      <FieldsSection key={JSON.stringify(courseFieldsOf(c))} course={c} />
      <Title order={2} fz="lg" mt="sm">
        {t('authoring.courseEditor.groups')}
      </Title>
      {c.groups.map((g, index) => (
        <GroupCard key={`${g.id}:${g.name}`} course={c} index={index} />
      ))}
      <Paper withBorder radius="md" p="md" component="section" aria-label={t('authoring.courses.ungrouped')}>
        <Title order={2} fz="md" mb="xs">
          {t('authoring.courses.ungrouped')}
        </Title>
        <MaterialRows course={c} groupId={null} materials={c.materials} />
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-label={t('authoring.courseEditor.add')}>
        <Stack gap="md">
          <AddGroup course={c} />
          <AddMaterial course={c} />
        </Stack>
      </Paper>
    </Stack>
  );
}

function FieldsSection({ course }: { course: CourseWithParts }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const initial = courseFieldsOf(course);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (fields: CourseFields) => courseApi.saveCourse(course.id, courseChanges(initial, fields)),
    onSuccess: async () => {
      setErrors({});
      notifySuccess(t('authoring.courseEditor.saved'));
      queryClient.removeQueries({ queryKey: authoringKeys.pages('courses') });
      await queryClient.invalidateQueries({ queryKey: authoringKeys.one('courses', course.id) });
    },
    onError: (error) => setErrors(firstErrors(error)),
  });
  return (
    <CourseFieldsForm
      initial={initial}
      busy={save.isPending}
      errors={errors}
      submitLabel={t('common.save')}
      onSubmit={(fields) => {
        if (Object.keys(courseChanges(initial, fields)).length > 0) save.mutate(fields);
      }}
    />
  );
}
