import {
  Badge,
  Button,
  Group,
  List,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError, records } from '../../../shared/api';
import { PageHeading } from '../../../shared/ui/page-heading';
import { notifySuccess } from '../../auth';
import { authoringKeys } from '../api';
import type { Course } from '../model';

interface Material {
  id: string;
  type: 'lesson' | 'quiz';
  name: string;
}
interface CourseView extends Course {
  groups: { id: string; name: string; materials: Material[] }[];
  materials: Material[];
}

const courseQuery = (id: string) => ({
  queryKey: authoringKeys.one('courses', id),
  queryFn: ({ signal }: { signal: AbortSignal }) => records.get<CourseView>('courses', id, signal),
});
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
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate();
        }}
      >
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm">
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
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending} data-testid="course-save">
                {t('common.create')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </form>
    </>
  );
}

function AddMaterial({ course }: { course: CourseView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [type, setType] = useState<'lesson' | 'quiz'>('quiz');
  const [picked, setPicked] = useState<string | null>(null);
  const [group, setGroup] = useState<string | null>(null);
  const options = useQuery({
    queryKey: ['authoring', 'course-picker', type],
    queryFn: ({ signal }) =>
      records.list<{ id: string; name: string }>(
        type === 'quiz' ? 'quiz' : 'lessons',
        { limit: 100 },
        signal,
      ),
  });
  const add = useMutation({
    mutationFn: () =>
      records.create('course-materials', {
        course_id: course.id,
        course_group_id: group,
        type,
        ...(type === 'quiz' ? { quiz_id: picked } : { lesson_id: picked }),
      }),
    onSuccess: () => {
      setPicked(null);
      notifySuccess(t('authoring.courses.materialAdded'));
      return queryClient.invalidateQueries({ queryKey: authoringKeys.one('courses', course.id) });
    },
  });
  return (
    <Group align="flex-end" gap="xs">
      <Select
        label={t('authoring.courses.materialType')}
        data={[
          { value: 'quiz', label: t('assignments.types.quiz') },
          { value: 'lesson', label: t('assignments.types.lesson') },
        ]}
        value={type}
        allowDeselect={false}
        onChange={(value) => {
          setType(value === 'lesson' ? 'lesson' : 'quiz');
          setPicked(null);
        }}
        w={140}
      />
      <Select
        style={{ flex: 1 }}
        label={t('authoring.courses.pickMaterial')}
        data={(options.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
        value={picked}
        onChange={setPicked}
        searchable
      />
      <Select
        label={t('authoring.courses.group')}
        placeholder={t('authoring.courses.noGroup')}
        data={course.groups.map((g) => ({ value: g.id, label: g.name }))}
        value={group}
        onChange={setGroup}
        clearable
        w={200}
      />
      <Button
        variant="light"
        disabled={!picked}
        loading={add.isPending}
        onClick={() => add.mutate()}
        data-testid="material-add"
      >
        {t('authoring.courses.addMaterial')}
      </Button>
    </Group>
  );
}

function AddGroup({ course }: { course: CourseView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const add = useMutation({
    mutationFn: () =>
      records.create('course-groups', {
        course_id: course.id,
        name: name.trim(),
        position: course.groups.length,
      }),
    onSuccess: () => {
      setName('');
      notifySuccess(t('authoring.courses.groupAdded'));
      return queryClient.invalidateQueries({ queryKey: authoringKeys.one('courses', course.id) });
    },
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim()) add.mutate();
      }}
    >
      <Group align="flex-end" gap="xs">
        <TextInput
          style={{ flex: 1 }}
          label={t('authoring.courses.groupName')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Button
          type="submit"
          variant="light"
          loading={add.isPending}
          disabled={!name.trim()}
          data-testid="group-add"
        >
          {t('authoring.courses.addGroup')}
        </Button>
      </Group>
    </form>
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

/** /t/courses/{course}: the course with its groups and materials; groups and materials are added here. */
export function CourseViewPage() {
  const { t } = useTranslation();
  const id = useParams().course ?? '';
  const course = useQuery({ ...courseQuery(id), meta: { errorToast: false } });
  if (course.isPending) return <Skeleton height={320} radius="md" />;
  if (!course.data) return <PageHeading title={t('authoring.missing')} />;
  const c = course.data;
  return (
    <Stack gap="md">
      <PageHeading
        title={c.name}
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
