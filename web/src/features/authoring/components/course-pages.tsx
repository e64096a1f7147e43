import { Badge, Group, List, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError, records } from '../../../shared/api';
import { PageHeading } from '../../../shared/ui/page-heading';
import { notifySuccess } from '../../../shared/toasts/notify';
import { RecordForm } from '../../../shared/ui/record-form';
import { IconCertificate, IconEdit } from '../../../shared/ui/icons';
import { authoringKeys } from '../api';
import { AddGroup, AddMaterial } from '../course-editor/add-parts';
import type { CourseMaterial, CourseWithParts } from '../course-editor/course-model';
import { WithCourse } from '../course-editor/with-course';
import type { Course } from '../model';

type Material = CourseMaterial;

const fieldErrors = (error: unknown) =>
  isApiError(error) ? Object.fromEntries(Object.entries(error.errors).map(([f, m]) => [f, m[0] ?? ''])) : {};

/** /t/courses/create: a course's name, descriptions, status and access; groups and materials come next. */
export function CourseCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState({
    name: '',
    short_description: '',
    status: 'draft',
    availability_type: 'public',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: () =>
      records.create<Course>('courses', {
        ...fields,
        short_description: fields.short_description.trim() || null,
      }),
    onSuccess: (course) => {
      notifySuccess(t('authoring.courses.created'));
      queryClient.removeQueries({ queryKey: authoringKeys.pages('courses') });
      void navigate(`/t/courses/${course.id}`);
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  return (
    <>
      <PageHeading
        title={t('authoring.courses.create')}
        description={t('authoring.courses.createDescription')}
      />
      <RecordForm
        onSubmit={() => create.mutate()}
        busy={create.isPending}
        canSubmit={fields.name.trim() !== ''}
        submitLabel={t('common.create')}
        errors={errors}
        shownFields={['name', 'short_description', 'status', 'availability_type']}
        submitTestId="course-save"
      >
        <TextInput
          label={t('authoring.fields.name')}
          required
          name="name"
          value={fields.name}
          onChange={(e) => setFields({ ...fields, name: e.currentTarget.value })}
          error={errors.name}
        />
        <Textarea
          label={t('authoring.fields.description')}
          autosize
          value={fields.short_description}
          onChange={(e) => setFields({ ...fields, short_description: e.currentTarget.value })}
          error={errors.short_description}
        />
        <Group grow>
          <Select
            label={t('authoring.fields.status')}
            data={(['draft', 'published'] as const).map((value) => ({
              value,
              label: t(`authoring.statuses.${value}`),
            }))}
            value={fields.status}
            allowDeselect={false}
            onChange={(value) => setFields({ ...fields, status: value ?? 'draft' })}
          />
          <Select
            label={t('authoring.fields.availability')}
            data={(['public', 'private', 'prepaid'] as const).map((value) => ({
              value,
              label: t(`authoring.availability.${value}`),
            }))}
            value={fields.availability_type}
            allowDeselect={false}
            onChange={(value) => setFields({ ...fields, availability_type: value ?? 'public' })}
          />
        </Group>
      </RecordForm>
    </>
  );
}

function Materials({ materials }: { materials: Material[] }) {
  const { t } = useTranslation();
  if (materials.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('authoring.courses.noMaterials')}
      </Text>
    );
  return (
    <List spacing={4}>
      {materials.map((m) => (
        <List.Item key={m.id}>
          {m.name}{' '}
          <Badge variant="light" size="sm">
            {t(`assignments.types.${m.type}`)}
          </Badge>
        </List.Item>
      ))}
    </List>
  );
}

/**
 * /t/courses/{course}: the course with its groups and materials; groups and materials are added here,
 * and everything else is changed on the edit page.
 */
export function CourseViewPage() {
  return <WithCourse>{(course) => <CourseViewPageOf c={course} />}</WithCourse>;
}

function CourseViewPageOf({ c }: { c: CourseWithParts }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageHeading
        title={c.name}
        toolbar={[
          {
            key: 'edit',
            label: t('authoring.courseEditor.edit'),
            icon: <IconEdit size={18} />,
            to: `/t/courses/${c.id}/edit`,
          },
          // A course with a template issues certificates: its students and their certificates.
          ...(c.certificate_id
            ? [
                {
                  key: 'certificates',
                  label: t('certificates.course.open'),
                  icon: <IconCertificate size={18} />,
                  to: `/t/courses/${c.id}/certificates`,
                },
              ]
            : []),
        ]}
        description={
          <Group gap="xs">
            <Badge variant="light">{t(`authoring.statuses.${c.status}`)}</Badge>
            <Badge variant="light" color="gray">
              {t(`authoring.availability.${c.availability_type}`)}
            </Badge>
            {c.short_description ? <Text c="dimmed">{c.short_description}</Text> : null}
          </Group>
        }
      />
      {c.groups.map((g) => (
        <Paper
          key={g.id}
          withBorder
          radius="md"
          p="md"
          component="section"
          aria-label={g.name}
          data-testid="course-group"
        >
          <Title order={2} fz="md" mb="xs">
            {g.name}
          </Title>
          <Materials materials={g.materials} />
        </Paper>
      ))}
      <Paper withBorder radius="md" p="md" component="section" aria-label={t('authoring.courses.ungrouped')}>
        <Title order={2} fz="md" mb="xs">
          {t('authoring.courses.ungrouped')}
        </Title>
        <Materials materials={c.materials} />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <AddGroup course={c} />
          <AddMaterial course={c} />
        </Stack>
      </Paper>
    </Stack>
  );
}
