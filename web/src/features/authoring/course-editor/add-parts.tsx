import { Button, Group, Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../shared/session';
import { courseApi, ownMaterialsQuery } from './course-api';
import { moveToGroup, type CourseWithParts } from './course-model';
import { useCourseChange } from './use-course-change';

/** Adds one of the teacher's lessons or quizzes to a group of the course (or to no group), at its end. */
export function AddMaterial({ course }: { course: CourseWithParts }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const change = useCourseChange(course.id);
  const [type, setType] = useState<'lesson' | 'quiz'>('quiz');
  const [picked, setPicked] = useState<string | null>(null);
  const [group, setGroup] = useState<string | null>(null);
  // A manager builds courses from the school's; a teacher from their own.
  const options = useQuery(ownMaterialsQuery(type, user?.group === 'teacher' ? user.id : undefined));
  const add = () => {
    const place = moveToGroup(course, group);
    if (!picked || !place) return;
    change.mutate(
      {
        run: () =>
          courseApi.addMaterial({
            course_id: course.id,
            ...place,
            type,
            ...(type === 'quiz' ? { quiz_id: picked } : { lesson_id: picked }),
          }),
        done: t('authoring.courses.materialAdded'),
      },
      { onSuccess: () => setPicked(null) },
    );
  };
  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
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
        style={{ flex: '1 1 220px' }}
        label={t('authoring.courses.pickMaterial')}
        data={(options.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
        value={picked}
        onChange={setPicked}
        searchable
        nothingFoundMessage={t('common.nothingFound')}
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
        loading={change.isPending}
        onClick={add}
        data-testid="material-add"
      >
        {t('authoring.courses.addMaterial')}
      </Button>
    </Group>
  );
}

/** Adds a group after the last one. */
export function AddGroup({ course }: { course: CourseWithParts }) {
  const { t } = useTranslation();
  const change = useCourseChange(course.id);
  const [name, setName] = useState('');
  const last = course.groups.reduce((max, g) => Math.max(max, g.position), -1);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim() || change.isPending) return;
        change.mutate(
          {
            run: () => courseApi.addGroup(course.id, name.trim(), last + 1),
            done: t('authoring.courses.groupAdded'),
          },
          { onSuccess: () => setName('') },
        );
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
          loading={change.isPending}
          disabled={!name.trim()}
          data-testid="group-add"
        >
          {t('authoring.courses.addGroup')}
        </Button>
      </Group>
    </form>
  );
}
